import { TYPE_A_QUESTION } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { isOffline } from '../../lib/errors';
import { newId } from '../../lib/new-id';
import { YOU_ARE_OFFLINE } from '../../lib/offline';
import { askAgent } from './api/ask-agent';

export type ChatMessage = { id: string; role: 'user' | 'agent'; text: string };

export const GREETING =
  "Hi! I'm your study agent. Ask me about anything you are learning and I'll explain it in simple terms.";
const NO_ANSWER = 'Sorry, no answer returned.';
const FAILED = "I couldn't get an answer right now — please try again.";

interface AgentState {
  /** Whose conversation this is: a learner never sees another's, even in the same tab. */
  owner: string | null;
  messages: ChatMessage[];
  busy: boolean;
  /** Shows the learner's conversation: the one kept in this tab, or a fresh greeting. */
  open: (userId: string) => void;
  ask: (question: string) => Promise<boolean>;
}

const greeting = (): ChatMessage[] => [{ id: 'greeting', role: 'agent', text: GREETING }];
/** Kept for the tab's life (sessionStorage), per learner: a reload or a visit elsewhere loses nothing. */
const storageKey = (userId: string) => `learnboost.agent.${userId}`;
const KEPT = 100;

function readConversation(userId: string): ChatMessage[] | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(userId)) ?? 'null');
    return Array.isArray(saved) && saved.length ? (saved as ChatMessage[]) : undefined;
  } catch {
    return undefined;
  }
}

function keepConversation(userId: string | null, messages: ChatMessage[]) {
  if (!userId) return;
  try {
    sessionStorage.setItem(storageKey(userId), JSON.stringify(messages.slice(-KEPT)));
  } catch {
    // Storage full or disabled: the conversation still lives until the tab closes.
  }
}

export const useStudyAgent = create<AgentState>()((set, get) => ({
  owner: null,
  messages: greeting(),
  busy: false,
  open: (userId) => {
    if (get().owner === userId) return;
    set({ owner: userId, messages: readConversation(userId) ?? greeting(), busy: false });
  },
  ask: async (raw) => {
    const question = raw.trim();
    if (!question) {
      toast.error(TYPE_A_QUESTION);
      return false;
    }
    if (get().busy) return false;
    const replyId = newId();
    const setReply = (text: string) =>
      set((s) => ({ messages: s.messages.map((m) => (m.id === replyId ? { ...m, text } : m)) }));
    set((s) => ({
      busy: true,
      messages: [
        ...s.messages,
        { id: newId(), role: 'user', text: question },
        { id: replyId, role: 'agent', text: '' },
      ],
    }));
    try {
      const answer = await askAgent(question, setReply);
      setReply(answer.trim() ? answer : NO_ANSWER);
    } catch (error) {
      // With no network the question never left: said plainly, not as a server failure.
      if (isOffline(error)) {
        toast.error(YOU_ARE_OFFLINE);
        setReply(`${YOU_ARE_OFFLINE} — ask again once you are back online.`);
      } else {
        console.error('Agent failed to respond', error);
        toast.error('Agent failed to respond. Check server logs.');
        setReply(FAILED);
      }
    } finally {
      set({ busy: false });
      keepConversation(get().owner, get().messages);
    }
    return true;
  },
}));
