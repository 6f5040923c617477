import type {
  TEditLock,
  TRoomCard,
  TRoomEditRule,
  TRoomMember,
  TRoomState,
  TRoomSuggestion,
  TRoomSummary,
} from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { toastFailure } from '../../lib/errors';
import { getRoom } from './api/get-room';
import { joinRoom } from './api/join-room';
import { leaveRoom as leaveRequest } from './api/leave-room';
import { listRooms } from './api/list-rooms';
import { bindLiveQuiz, useLiveQuiz } from './live-quiz-store';
import { connectRoom, type RoomSocket } from './room-socket';
import { writeCurrentRoom } from './room-storage';

type OpenRoom = TRoomState['room'];

interface GroupLearningState {
  me: TRoomMember | null;
  rooms: TRoomSummary[];
  roomsLoaded: boolean;
  /** The room whose dialog is open, and what its socket has told us. */
  room: OpenRoom | null;
  members: TRoomMember[];
  cards: TRoomCard[];
  online: TRoomMember[];
  /** Who may change the room deck, and who is editing which card ("Ana is editing"). */
  editRule: TRoomEditRule;
  editors: string[];
  editing: TEditLock[];
  /** Changes waiting for the host or an editor ("Members suggest"). */
  suggestions: TRoomSuggestion[];
  index: number;
  flipped: boolean;

  /** `me` is the signed-in learner, handed in by the app: the grid marks the rooms they are in. */
  load: (me: TRoomMember) => Promise<void>;
  /** Reloads the grid without a toast on failure: the next refresh may work. */
  refreshRooms: () => Promise<void>;
  /** Opens a room, joining it first when the learner is not a member yet. */
  open: (roomId: string, options?: { announceJoin?: boolean }) => Promise<boolean>;
  /** Closes the room; `forget: false` keeps it stored, so leaving the page and coming back reopens it. */
  close: (options?: { forget?: boolean }) => void;
  /** Leaves the room; `keepCards` says whether a learner who studies its deck keeps the cards. */
  leave: (keepCards?: boolean) => Promise<void>;
  roomCreated: (room: TRoomSummary) => void;
  cardAdded: (card: TRoomCard) => void;
  cardUpdated: (card: TRoomCard) => void;
  cardRemoved: (cardId: string) => void;
  /** A suggestion decided (here or by another decider): it leaves the pending list. */
  suggestionDecided: (suggestionId: string) => void;
  /** Who edits a card, as the answer to this learner's own `card:editing` names them. */
  editingHeard: (cardId: string, members: TRoomMember[]) => void;
  /** The room's socket, to edit cards and say who is editing over it. */
  socket: () => RoomSocket | null;
  flip: () => void;
  next: () => void;
}

let socket: RoomSocket | null = null;
/** Cards heard since this socket connected: kept if a room:state read just before them arrives after. */
let heardSinceConnect: TRoomCard[] = [];

const byName = (a: TRoomMember, b: TRoomMember) => a.username.localeCompare(b.username);
const withCard = (cards: TRoomCard[], card: TRoomCard) =>
  cards.some((c) => c.id === card.id) ? cards : [...cards, card];

export const useGroupLearning = create<GroupLearningState>()((set, get) => {
  /** One lock per member and card, however often it is heard. */
  const withLock = (lock: TEditLock) =>
    set((st) => ({
      editing: [...st.editing.filter((l) => !(l.cardId === lock.cardId && l.member.id === lock.member.id)), lock],
    }));
  /** Keeps the grid's "n/max members" of the open room in step with the socket. */
  const syncSummary = (roomId: string, patch: Partial<TRoomSummary>) =>
    set((s) => ({ rooms: s.rooms.map((r) => (r.id === roomId ? { ...r, ...patch } : r)) }));

  function listen(roomId: string) {
    socket?.close();
    heardSinceConnect = [];
    const s = connectRoom(roomId);
    socket = s;
    const mine = () => socket === s && get().room?.id === roomId;
    s.on('room:state', (state) => {
      if (!mine()) return;
      const cards = heardSinceConnect.reduce(withCard, state.cards);
      set((st) => ({
        room: state.room,
        members: state.members,
        online: state.online,
        editRule: state.editRule,
        editors: state.editors,
        editing: state.editing,
        suggestions: state.suggestions,
        cards,
        index: Math.min(st.index, Math.max(cards.length - 1, 0)),
      }));
      syncSummary(roomId, { participants: state.members, cardCount: cards.length });
      useLiveQuiz.getState().fromState(state.game, get().me);
    });
    bindLiveQuiz(s, mine);
    s.on('member:joined', ({ member }) => {
      if (!mine()) return;
      set((st) => ({ members: st.members.some((m) => m.id === member.id) ? st.members : [...st.members, member] }));
      syncSummary(roomId, { participants: get().members });
    });
    s.on('member:left', ({ member }) => {
      if (!mine()) return;
      // Left from another tab: this one follows.
      if (member.id === get().me?.id) return get().close();
      set((st) => ({ members: st.members.filter((m) => m.id !== member.id) }));
      syncSummary(roomId, { participants: get().members });
    });
    s.on('presence', ({ online }) => mine() && set({ online: [...online].sort(byName) }));
    s.on('card:added', ({ card }) => {
      if (!mine()) return;
      heardSinceConnect.push(card);
      get().cardAdded(card);
    });
    s.on('card:updated', ({ card }) => mine() && get().cardUpdated(card));
    s.on('cards:added', ({ cards }) => {
      if (!mine()) return;
      for (const card of cards) get().cardAdded(card);
    });
    s.on('deck:rules', ({ editRule, editors }) => mine() && set({ editRule, editors }));
    s.on('card:editing', (lock) => mine() && withLock(lock));
    s.on('card:editing:stopped', (lock) => {
      if (!mine()) return;
      set((st) => ({
        editing: st.editing.filter((l) => !(l.cardId === lock.cardId && l.member.id === lock.member.id)),
      }));
    });
    s.on('card:removed', ({ cardId }) => mine() && get().cardRemoved(cardId));
    s.on('suggestion:added', ({ suggestion }) => {
      if (!mine()) return;
      set((st) => ({
        suggestions: st.suggestions.some((x) => x.id === suggestion.id)
          ? st.suggestions
          : [...st.suggestions, suggestion],
      }));
    });
    s.on('suggestion:accepted', ({ suggestion }) => mine() && get().suggestionDecided(suggestion.id));
    s.on('suggestion:rejected', ({ suggestion }) => mine() && get().suggestionDecided(suggestion.id));
    s.on('room:updated', ({ room }) => {
      if (!mine()) return;
      set((st) => (st.room ? { room: { ...st.room, title: room.title, topic: room.topic } } : {}));
      syncSummary(roomId, { title: room.title, topic: room.topic });
    });
    s.on('room:deleted', () => {
      if (!mine()) return;
      toast.info('This room was closed by its host');
      set((st) => ({ rooms: st.rooms.filter((r) => r.id !== roomId) }));
      get().close();
    });
    s.on('connect', () => {
      // A fresh (not recovered) connection is followed by a room:state that replaces the lists.
      if (!s.recovered) heardSinceConnect = [];
    });
    s.on('connect_error', (error) => console.warn('Room connection refused', error.message));
  }

  return {
    me: null,
    rooms: [],
    roomsLoaded: false,
    room: null,
    members: [],
    cards: [],
    online: [],
    editRule: 'edit',
    editors: [],
    editing: [],
    suggestions: [],
    index: 0,
    flipped: false,

    load: async (me) => {
      set({ me });
      try {
        set({ rooms: await listRooms(), roomsLoaded: true });
      } catch (error) {
        console.error('Could not load rooms', error);
        set({ roomsLoaded: true });
        toastFailure('Failed to load rooms', error);
      }
    },

    refreshRooms: async () => {
      try {
        set({ rooms: await listRooms() });
      } catch (error) {
        console.warn('Could not refresh rooms', error);
      }
    },

    open: async (roomId, { announceJoin = false } = {}) => {
      let detail: Awaited<ReturnType<typeof getRoom>>;
      try {
        detail = await getRoom(roomId);
      } catch (error) {
        console.error('Could not open the room', error);
        writeCurrentRoom(null);
        toastFailure('Could not open room', error);
        return false;
      }
      const me = get().me;
      if (me && !detail.participants.some((p) => p.id === me.id)) {
        try {
          detail = await joinRoom(roomId, me.username);
          if (announceJoin) toast.success('Joined room');
        } catch (error) {
          writeCurrentRoom(null);
          toastFailure('Failed to join room', error);
          return false;
        }
      }
      const { cards, participants, ...room } = detail;
      set({
        room: {
          id: room.id,
          title: room.title,
          topic: room.topic,
          maxParticipants: room.maxParticipants,
          host: room.host,
        },
        members: participants,
        cards,
        editRule: room.editRule,
        editors: room.editors,
        suggestions: room.suggestions,
        editing: [],
        online: [],
        index: 0,
        flipped: false,
      });
      syncSummary(roomId, { participants, cardCount: cards.length });
      writeCurrentRoom(roomId);
      useLiveQuiz.getState().reset(roomId, get().me);
      void useLiveQuiz.getState().loadPastGames();
      listen(roomId);
      return true;
    },

    close: ({ forget = true } = {}) => {
      socket?.close();
      socket = null;
      if (forget) writeCurrentRoom(null);
      useLiveQuiz.getState().reset(null);
      set({ room: null, members: [], cards: [], online: [], editing: [], suggestions: [], index: 0, flipped: false });
    },

    leave: async (keepCards) => {
      const room = get().room;
      if (!room) return;
      try {
        await leaveRequest(room.id, keepCards);
      } catch (error) {
        console.error('Could not leave the room', error);
        toastFailure('Failed to leave room', error);
        return;
      }
      const me = get().me;
      syncSummary(room.id, {
        participants: get().members.filter((m) => m.id !== me?.id),
      });
      get().close();
    },

    roomCreated: (room) => set((s) => ({ rooms: [room, ...s.rooms.filter((r) => r.id !== room.id)] })),

    cardAdded: (card) => {
      set((s) => ({ cards: withCard(s.cards, card) }));
      const room = get().room;
      if (room) syncSummary(room.id, { cardCount: get().cards.length });
    },

    cardUpdated: (card) =>
      // An older version heard late never replaces a newer one.
      set((s) => ({ cards: s.cards.map((c) => (c.id === card.id && c.version < card.version ? card : c)) })),

    cardRemoved: (cardId) =>
      set((st) => {
        const cards = st.cards.filter((c) => c.id !== cardId);
        return { cards, index: Math.min(st.index, Math.max(cards.length - 1, 0)) };
      }),

    suggestionDecided: (suggestionId) =>
      set((st) => ({ suggestions: st.suggestions.filter((x) => x.id !== suggestionId) })),

    editingHeard: (cardId, members) => {
      for (const member of members) withLock({ cardId, member });
    },

    socket: () => socket,

    flip: () => set((s) => ({ flipped: !s.flipped })),
    // Remembered and Review Again both move on and wrap; room cards have no schedule of their own.
    next: () => set((s) => ({ index: s.cards.length ? (s.index + 1) % s.cards.length : 0, flipped: false })),
  };
});
