import { describe, expect, it } from 'vitest';
import { joinWrappedLines } from './prose-lines';

describe('joining the lines read from an image', () => {
  it('makes one sentence of a sentence wrapped over several lines', () => {
    expect(joinWrappedLines('Photosynthesis turns light\ninto chemical energy in\nthe chloroplasts.')).toBe(
      'Photosynthesis turns light into chemical energy in the chloroplasts.',
    );
  });
  it('keeps a break after a finished sentence and between paragraphs', () => {
    expect(joinWrappedLines('It ends here.\nA new one\nstarts.\n\nNext paragraph\ngoes on.')).toBe(
      'It ends here.\nA new one starts.\n\nNext paragraph goes on.',
    );
  });
  it('joins a word hyphenated at the end of a line', () => {
    expect(joinWrappedLines('The spread of infor-\nmation grew.')).toBe('The spread of information grew.');
  });
});
