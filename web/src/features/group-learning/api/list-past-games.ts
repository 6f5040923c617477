import { type TPastGame, ZPastGames } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamesPath } from './game-paths';

export const listPastGames = (roomId: string): Promise<TPastGame[]> => requestParsed(gamesPath(roomId), ZPastGames);
