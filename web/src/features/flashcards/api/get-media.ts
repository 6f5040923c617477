import { requestBlob } from '../../../lib/api-client';

/** One of the learner's media files (an image of an imported card); `<img>` cannot send the token. */
export const getMedia = (name: string): Promise<Blob> => requestBlob(`/media/${encodeURIComponent(name)}`);
