import { type TGame, ZGame } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamePath } from './game-paths';

export const nextQuestion = (roomId: string, gameId: string): Promise<TGame> =>
  requestParsed(`${gamePath(roomId, gameId)}/next`, ZGame, { method: 'POST' });
