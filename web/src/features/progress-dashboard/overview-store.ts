import type { TCoachInsights, TDashboardOverview } from '@learnboost/api/contract';
import { create } from 'zustand';
import { getCoachInsights } from './api/get-coach-insights';
import { getOverview } from './api/get-overview';

type OverviewState = {
  overview: TDashboardOverview | null;
  coach: TCoachInsights | null;
  /** False until the first answer (or failure): cards show "Loading..." rather than zeros. */
  loaded: boolean;
  load: () => Promise<void>;
};

export const useOverview = create<OverviewState>()((set) => ({
  overview: null,
  coach: null,
  loaded: false,
  load: async () => {
    // The spec: a failed dashboard load is only logged; the cards fall back to their defaults.
    const [overview, coach] = await Promise.all([
      getOverview().catch((error: unknown) => void console.error('Could not load the dashboard', error)),
      getCoachInsights().catch((error: unknown) => void console.error('Could not load the coach', error)),
    ]);
    set({ overview: overview ?? null, coach: coach ?? null, loaded: true });
  },
}));
