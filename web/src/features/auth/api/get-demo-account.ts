import { type THealth, ZHealth } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export type DemoAccount = NonNullable<THealth['demo']>;

/** The seeded demo account that /login offers, or null when the server seeds none. */
export const getDemoAccount = async (): Promise<DemoAccount | null> => (await requestParsed('/health', ZHealth)).demo;
