import { type TAuthResponse, type TRegisterBody, ZAuthResponse } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const register = (body: TRegisterBody): Promise<TAuthResponse> =>
  requestParsed('/auth/register', ZAuthResponse, { method: 'POST', body });
