import { type TGameResults, ZGameResults } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamePath } from './game-paths';

export const getResults = (roomId: string, gameId: string): Promise<TGameResults> =>
  requestParsed(`${gamePath(roomId, gameId)}/results`, ZGameResults);
