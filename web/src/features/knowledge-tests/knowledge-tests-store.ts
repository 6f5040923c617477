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
  testOpen: boolean;
  gapOpen: boolean;
  load: () => Promise<void>;
  open: (id: string, dialog: 'test' | 'gap') => Promise<void>;
  choose: (qId: string, index: number) => void;
  reset: () => void;
  submit: () => Promise<void>;
  setTestOpen: (open: boolean) => void;
  setGapOpen: (open: boolean) => void;
}

export const lastResult = (t: TTestDetail | null): TSubmission | undefined => t?.results.at(-1);

export const useKnowledgeTests = create<KnowledgeTestsState>()((set, get) => ({
  tests: [],
  loaded: false,
  current: null,
  answers: {},
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
      set({ current, answers: {}, testOpen: dialog === 'test', gapOpen: dialog === 'gap' });
    } catch (error) {
      console.error('Could not open the test', error);
      toastFailure(dialog === 'test' ? 'Could not open test' : 'Could not open knowledge gap', error);
    }
  },
  choose: (qId, index) => set((s) => ({ answers: { ...s.answers, [qId]: index } })),
  reset: () => set({ answers: {} }),
  submit: async () => {
    const { current, answers } = get();
    if (!current) return void toast.error('No test selected');
    // Unanswered questions go as -1, which counts as wrong.
    const body = current.questions.map((q) => ({ qId: q.id, selectedIndex: answers[q.id] ?? -1 }));
    try {
      const submission = await submitTest(current.id, body);
      set({ current: { ...current, results: [...current.results, submission] } });
      toast.success(`Submitted — score ${submission.score}%`);
      void get().load();
    } catch (error) {
      console.error('Submit failed', error);
      toastFailure('Submit failed', error);
    }
  },
  setTestOpen: (testOpen) => set({ testOpen }),
  setGapOpen: (gapOpen) => set({ gapOpen }),
}));
