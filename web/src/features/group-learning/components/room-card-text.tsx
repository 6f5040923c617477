import type { TRoomCard } from '@learnboost/api/contract';
import { HtmlContent } from '../../../components/html-content';
import { useGroupLearning } from '../group-learning-store';
import { roomMediaUrl } from '../room-media-url';

/** One side of a room card: its text, or its HTML with the room's images. */
export function RoomCardText({ card, side }: { card: TRoomCard; side: 'question' | 'answer' }) {
  const roomId = useGroupLearning((s) => s.room?.id);
  const text = card[side];
  if (card.format !== 'html' || !roomId) return <>{text}</>;
  return <HtmlContent html={text} mediaUrl={(name) => roomMediaUrl(roomId, name)} />;
}
