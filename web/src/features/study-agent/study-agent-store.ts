import { TYPE_A_QUESTION } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { newId } from '../../lib/new-id';
import { askAgent } from './api/ask-agent';

export type ChatMessage = { id: string; role: 'user' | 'agent'; text: string };

export const GREETING =
  "Hi! I'm your study agent. Ask me about anything you are learning and I'll explain it in simple terms.";
const NO_ANSWER = 'Sorry, no answer returned.';
const FAILED = "I couldn't get an answer right now — please try again.";

interface AgentState {
  messages: ChatMessage[];
  busy: boolean;
  ask: (question: string) => Promise<boolean>;
}

/** Module state, so the conversation survives navigating away and back. */
export const useStudyAgent = create<AgentState>()((set, get) => ({
  messages: [{ id: 'greeting', role: 'agent', text: GREETING }],
  busy: false,
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
      console.error('Agent failed to respond', error);
      toast.error('Agent failed to respond. Check server logs.');
      setReply(FAILED);
    } finally {
      set({ busy: false });
    }
    return true;
  },
}));
