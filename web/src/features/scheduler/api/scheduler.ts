import {
  type TSchedulerState,
  ZBacklog,
  ZDeckExam,
  ZDeckSummary,
  ZForecast,
  ZOptimizeJob,
  ZOptimizeStarted,
  ZSchedulerState,
  ZSettings,
} from '@learnboost/api/contract';
import { requestBlob, requestParsed } from '../../../lib/api-client';

// One fetcher per endpoint of the scheduler feature.
export const getScheduler = () => requestParsed('/scheduler', ZSchedulerState);

export const setAutoOptimize = (autoOptimize: boolean): Promise<TSchedulerState> =>
  requestParsed('/scheduler', ZSchedulerState, { method: 'PATCH', body: { autoOptimize } });

export const setCatchUp = (catchUpPerDay: number | null): Promise<TSchedulerState> =>
  requestParsed('/scheduler', ZSchedulerState, { method: 'PATCH', body: { catchUpPerDay } });

export const setDesiredRetention = (desiredRetention: number) =>
  requestParsed('/me/settings', ZSettings, { method: 'PATCH', body: { desiredRetention } });

export const getForecast = (days: number, retentions: number[]) =>
  requestParsed(`/scheduler/forecast?days=${days}${retentions.map((r) => `&retention=${r}`).join('')}`, ZForecast);

export const startOptimize = () => requestParsed('/scheduler/optimize', ZOptimizeStarted, { method: 'POST' });

export const getOptimizeJob = (jobId: string) => requestParsed(`/scheduler/optimize/${jobId}`, ZOptimizeJob);

export const resetScheduler = () => requestParsed('/scheduler/reset', ZSchedulerState, { method: 'POST' });

export const downloadRevlog = () => requestBlob('/scheduler/revlog.csv');

export const getBacklog = () => requestParsed('/scheduler/backlog', ZBacklog);

export const getDeckExam = (deckId: string) => requestParsed(`/decks/${deckId}/exam`, ZDeckExam);

export const setDeckExam = (deckId: string, examDate: string | null) =>
  requestParsed(`/decks/${deckId}`, ZDeckSummary, { method: 'PATCH', body: { examDate } });
