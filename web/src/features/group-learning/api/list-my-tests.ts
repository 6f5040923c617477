import { type TTestSummary, ZTestSummary } from '@learnboost/api/contract';
import { z } from 'zod';
import { requestParsed } from '../../../lib/api-client';

/** The host's own knowledge tests, to play one of them. */
export const listMyTests = (): Promise<TTestSummary[]> => requestParsed('/knowledge-tests', z.array(ZTestSummary));
