import { PASSAGE_MAX } from '../contract';
import { AppError } from './errors';

/** A passage (for a test or for cards) is at most PASSAGE_MAX characters: 413 past that. */
export function checkPassageSize(text: string): void {
  if (text.length > PASSAGE_MAX) {
    throw new AppError(413, `The text is too long: at most ${PASSAGE_MAX.toLocaleString('en-US')} characters`);
  }
}
