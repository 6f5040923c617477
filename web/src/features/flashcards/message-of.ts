/** A thrown Error's message (the api's `{error}` sentence), else the screen's fallback. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
