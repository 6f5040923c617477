import { ZGameAnswerAccepted } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { gamePath } from './game-paths';

export const answerQuestion = (roomId: string, gameId: string, index: number, choice: number) =>
  requestParsed(`${gamePath(roomId, gameId)}/answers`, ZGameAnswerAccepted, {
    method: 'POST',
    body: { index, choice },
  });
