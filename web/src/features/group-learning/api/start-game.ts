import { type TGame, type TStartGameBody, ZStartGameAnswer } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamesPath } from './game-paths';

export const startGame = async (roomId: string, body: TStartGameBody): Promise<TGame> =>
  (await requestParsed(gamesPath(roomId), ZStartGameAnswer, { method: 'POST', body })).game;
