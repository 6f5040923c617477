import { ZAiStatus } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getAiStatus = () => requestParsed('/ai/status', ZAiStatus);
