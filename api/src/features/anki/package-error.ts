import { AppError } from '../../lib/errors';

/** A file that is not an Anki package we can read: 422 with a sentence saying what was wrong. */
export const notAnkiPackage = (sentence: string) => new AppError(422, sentence);

export const ZIP_BOMB_MESSAGE = 'This file unpacks to more than 1 GB, so it was not imported.';
