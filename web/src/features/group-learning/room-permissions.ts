import type { TRoomCard } from '@learnboost/api/contract';
import { useGroupLearning } from './group-learning-store';

// What the screen offers a learner, by the room's edit rule (the api decides, group-learning's
// "Who may change what"; these only keep buttons that would answer 403 off the screen).

/** The host and the editors change cards directly and decide suggestions. */
export function useDecides(): boolean {
  return useGroupLearning((s) => !!s.me && !!s.room && (s.room.host.id === s.me.id || s.editors.includes(s.me.id)));
}

/** Adding or editing a card: anyone but a member under "Host only". */
export function useMayChangeCards(): boolean {
  const decides = useDecides();
  return useGroupLearning((s) => decides || s.editRule !== 'host');
}

/** Copying one of my decks in: the host and editors, or anyone under "Members edit" (not as a suggestion). */
export function useMayCopyDeck(): boolean {
  const decides = useDecides();
  return useGroupLearning((s) => decides || s.editRule === 'edit');
}

/** Deleting: the host and editors any card, a member their own ("Members edit") or any as a suggestion. */
export function useMayDelete(): (card: TRoomCard) => boolean {
  const decides = useDecides();
  const me = useGroupLearning((s) => s.me);
  const editRule = useGroupLearning((s) => s.editRule);
  return (card) => decides || editRule === 'suggest' || (editRule === 'edit' && card.authorId === me?.id);
}
