import { clozeSide, type TRoomCard } from '@learnboost/api/contract';
import { ClozeTextPieces, clozePiecesToHtml } from '../../../components/cloze-pieces';
import { HtmlContent } from '../../../components/html-content';
import { useGroupLearning } from '../group-learning-store';
import { roomMediaUrl } from '../room-media-url';

/**
 * One side of a room card: its text, or its HTML with the room's images. A cloze card shows every
 * deletion at once (blank, then revealed with its extra): the room's view is one card a text,
 * while each learner's own study has a card per number.
 */
export function RoomCardText({ card, side }: { card: TRoomCard; side: 'question' | 'answer' }) {
  const roomId = useGroupLearning((s) => s.room?.id);
  const html = card.format === 'html' && roomId;
  const show = (text: string) =>
    html ? <HtmlContent html={text} mediaUrl={(name) => roomMediaUrl(roomId, name)} /> : text;
  if (card.kind !== 'cloze') return <>{show(card[side])}</>;
  const pieces = clozeSide(card.question, 'all', side);
  const extra = side === 'answer' ? card.answer : '';
  return (
    <>
      {html ? show(clozePiecesToHtml(pieces)) : <ClozeTextPieces pieces={pieces} />}
      {extra && <span className="mt-1 block">{show(extra)}</span>}
    </>
  );
}
