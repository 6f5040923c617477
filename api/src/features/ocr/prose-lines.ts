/**
 * Text read from an image keeps the picture's line breaks, which would cut sentences into
 * fragments for the question generator. Wrapped lines are joined back into sentences; a blank
 * line (a new paragraph) and a line that ends a sentence or is a short heading keep their break.
 */
export function joinWrappedLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .reduce((joined, line) => {
          if (!joined) return line;
          // "infor-" + "mation": a word hyphenated at the line's end is one word.
          if (/[a-z]-$/i.test(joined) && /^[a-z]/.test(line)) return joined.slice(0, -1) + line;
          const ended = /[.!?:;)"”’]$/.test(joined);
          return ended ? `${joined}\n${line}` : `${joined} ${line}`;
        }, ''),
    )
    .filter(Boolean)
    .join('\n\n');
}
