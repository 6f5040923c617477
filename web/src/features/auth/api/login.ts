import { type TAuthResponse, type TLoginBody, ZAuthResponse } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const login = (body: TLoginBody): Promise<TAuthResponse> =>
  requestParsed('/auth/login', ZAuthResponse, { method: 'POST', body });
