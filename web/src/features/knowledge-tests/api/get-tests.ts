import { ZTestSummary } from '@learnboost/api/contract';
import { z } from 'zod';
import { requestParsed } from '../../../lib/api-client';

export const getTests = () => requestParsed('/knowledge-tests', z.array(ZTestSummary));
