import { getMedia } from './api/get-media';

// One fetch per image for the life of the page: a card seen twice, or in the browser and the
// study view, shows the same object URL. The images of one learner's cards are few enough to keep.
const urls = new Map<string, Promise<string>>();

export function mediaUrl(name: string): Promise<string> {
  let url = urls.get(name);
  if (!url) {
    url = getMedia(name).then((blob) => URL.createObjectURL(blob));
    // A failure is not kept: the next look tries again.
    url.catch(() => urls.delete(name));
    urls.set(name, url);
  }
  return url;
}
