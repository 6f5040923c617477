import { getRoomMedia } from './api/room-deck';

// The room's images (issue 24), one fetch each for the life of the page, by room and name: a card
// shown in the deck and in the editor's list is the same object URL.
const urls = new Map<string, Promise<string>>();

export function roomMediaUrl(roomId: string, name: string): Promise<string> {
  const key = `${roomId}/${name}`;
  let url = urls.get(key);
  if (!url) {
    url = getRoomMedia(roomId, name).then((blob) => URL.createObjectURL(blob));
    // A failure is not kept: the next look tries again.
    url.catch(() => urls.delete(key));
    urls.set(key, url);
  }
  return url;
}
