import { ZMissesAdded } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamePath } from './game-paths';

export const addMissesToFlashcards = async (roomId: string, gameId: string): Promise<number> =>
  (await requestParsed(`${gamePath(roomId, gameId)}/misses-to-flashcards`, ZMissesAdded, { method: 'POST' })).added;
