import { type TUser, ZUser } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getMe = (): Promise<TUser> => requestParsed('/auth/me', ZUser);
