import type { TSubmission, TTestDetail, TTestSummary } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { toastFailure } from '../../lib/errors';
import { getTest } from './api/get-test';
import { getTests } from './api/get-tests';
import { submitTest } from './api/submit-test';

interface KnowledgeTestsState {
  tests: TTestSummary[];
  loaded: boolean;
  /** The test last opened (Open or Knowledge Gap); the header's Knowledge Gap button uses it. */
  current: TTestDetail | null;
  /** Question id → chosen index, for the open test. */
  answers: Record<string, number>;
  /** Retaking a submitted test: its answers stay hidden until the new submission. */
  retaking: boolean;
  testOpen: boolean;
  gapOpen: boolean;
  load: () => Promise<void>;
  open: (id: string, dialog: 'test' | 'gap') => Promise<void>;
  choose: (qId: string, index: number) => void;
  reset: () => void;
  retake: () => void;
  submit: () => Promise<void>;
  /** Explanations just given: kept on the last result, as the api keeps them. */
  explained: (justifications: { qId: string; explanation: string }[]) => void;
  setTestOpen: (open: boolean) => void;
  setGapOpen: (open: boolean) => void;
  /** A question marked wrong left the test: the test as the api has it now, results scored again. */
  flagged: (detail: TTestDetail) => void;
}

export const lastResult = (t: TTestDetail | null): TSubmission | undefined => t?.results.at(-1);

export const useKnowledgeTests = create<KnowledgeTestsState>()((set, get) => ({
  tests: [],
  loaded: false,
  current: null,
  answers: {},
  retaking: false,
  testOpen: false,
  gapOpen: false,
  load: async () => {
    try {
      set({ tests: await getTests(), loaded: true });
    } catch (error) {
      console.error('Could not load tests', error);
      set({ loaded: true });
      toastFailure('Could not load tests', error);
    }
  },
  open: async (id, dialog) => {
    try {
      const current = await getTest(id);
      // Opening clears the answers; the last result comes with the detail.
      set({ current, answers: {}, retaking: false, testOpen: dialog === 'test', gapOpen: dialog === 'gap' });
    } catch (error) {
      console.error('Could not open the test', error);
      toastFailure(dialog === 'test' ? 'Could not open test' : 'Could not open knowledge gap', error);
    }
  },
  choose: (qId, index) => set((s) => ({ answers: { ...s.answers, [qId]: index } })),
  reset: () => set({ answers: {} }),
  retake: () => set({ answers: {}, retaking: true }),
  submit: async () => {
    const { current, answers } = get();
    if (!current) return void toast.error('No test selected');
    // Unanswered questions go as -1, which counts as wrong.
    const body = current.questions.map((q) => ({ qId: q.id, selectedIndex: answers[q.id] ?? -1 }));
    try {
      const submission = await submitTest(current.id, body);
      set({ current: { ...current, results: [...current.results, submission] }, retaking: false });
      const said = `Submitted — score ${submission.score}%`;
      // Under half right is no success to celebrate: say it plainly and point to the way back.
      if (submission.score >= 50) toast.success(said);
      else toast.info(said, { description: 'The Knowledge Gap explains what to review.' });
      void get().load();
    } catch (error) {
      console.error('Submit failed', error);
      toastFailure('Submit failed', error);
    }
  },
  explained: (justifications) => {
    const { current } = get();
    const last = lastResult(current);
    if (!current || !last) return;
    const byQ = new Map(justifications.map((j) => [j.qId, j.explanation]));
    const answers = last.answers.map((a) => (byQ.has(a.qId) ? { ...a, explanation: byQ.get(a.qId) } : a));
    set({ current: { ...current, results: [...current.results.slice(0, -1), { ...last, answers }] } });
  },
  flagged: (detail) => {
    const { current } = get();
    if (current?.id !== detail.id) return;
    set({ current: detail });
    void get().load();
  },
  setTestOpen: (testOpen) => set({ testOpen }),
  setGapOpen: (gapOpen) => set({ gapOpen }),
}));
