import { requestBlob } from '../../../lib/api-client';

/** The deck as a CSV file. */
export const exportFlashcards = (): Promise<Blob> => requestBlob('/flashcards/export');
