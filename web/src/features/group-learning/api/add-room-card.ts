import {
  type TAddRoomCardBody,
  type TRoomCard,
  type TRoomSuggestion,
  ZAddRoomCardAnswer,
  ZRoomSuggestionAnswer,
} from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The card (201), or under "Members suggest" the suggestion that waits for the host (202). */
export const addRoomCard = (
  roomId: string,
  body: TAddRoomCardBody,
): Promise<{ card: TRoomCard } | { suggestion: TRoomSuggestion }> =>
  requestParsed(
    `/group-learning/${encodeURIComponent(roomId)}/flashcards/add`,
    ZAddRoomCardAnswer.or(ZRoomSuggestionAnswer),
    {
      method: 'POST',
      body,
    },
  );
