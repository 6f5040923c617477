import { type TAnkiImportPreview, ZAnkiImportPreview } from '@learnboost/api/contract';
import { readToken } from '../../../lib/token-storage';

/**
 * Sends the package as multipart form data. XMLHttpRequest, not fetch: only it reports upload
 * progress, which a learner needs for a file of many megabytes.
 */
export function uploadAnkiPackage(file: File, onProgress: (fraction: number) => void): Promise<TAnkiImportPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/flashcards/import/anki');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error('Request failed'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        return reject(new Error(xhr.status >= 400 ? 'Request failed' : 'Unexpected answer'));
      }
      if (xhr.status >= 400) {
        const error = (body as { error?: unknown })?.error;
        return reject(new Error(typeof error === 'string' && error ? error : `HTTP ${xhr.status}`));
      }
      try {
        resolve(ZAnkiImportPreview.parse(body));
      } catch (err) {
        reject(err);
      }
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
