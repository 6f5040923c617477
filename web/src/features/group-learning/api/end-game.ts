import { type TGame, ZGame } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamePath } from './game-paths';

export const endGame = (roomId: string, gameId: string): Promise<TGame> =>
  requestParsed(`${gamePath(roomId, gameId)}/end`, ZGame, { method: 'POST' });
