import {
  type TGame,
  type TGameResults,
  type TPastGame,
  type TStartGameBody,
  type TTestSummary,
  ZGame,
  ZGameAnswerAccepted,
  ZGameResults,
  ZMissesAdded,
  ZPastGames,
  ZStartGameAnswer,
  ZTestSummary,
} from '@learnboost/api/contract';
import { z } from 'zod';
import { requestParsed } from '../../../lib/api-client';

const games = (roomId: string) => `/group-learning/${encodeURIComponent(roomId)}/games`;
const game = (roomId: string, gameId: string) => `${games(roomId)}/${encodeURIComponent(gameId)}`;

export const startGame = async (roomId: string, body: TStartGameBody): Promise<TGame> =>
  (await requestParsed(games(roomId), ZStartGameAnswer, { method: 'POST', body })).game;

export const answerQuestion = (roomId: string, gameId: string, index: number, choice: number) =>
  requestParsed(`${game(roomId, gameId)}/answers`, ZGameAnswerAccepted, { method: 'POST', body: { index, choice } });

export const nextQuestion = (roomId: string, gameId: string): Promise<TGame> =>
  requestParsed(`${game(roomId, gameId)}/next`, ZGame, { method: 'POST' });

export const endGame = (roomId: string, gameId: string): Promise<TGame> =>
  requestParsed(`${game(roomId, gameId)}/end`, ZGame, { method: 'POST' });

export const listPastGames = (roomId: string): Promise<TPastGame[]> => requestParsed(games(roomId), ZPastGames);

export const getResults = (roomId: string, gameId: string): Promise<TGameResults> =>
  requestParsed(`${game(roomId, gameId)}/results`, ZGameResults);

export const addMissesToFlashcards = async (roomId: string, gameId: string): Promise<number> =>
  (await requestParsed(`${game(roomId, gameId)}/misses-to-flashcards`, ZMissesAdded, { method: 'POST' })).added;

/** The host's own knowledge tests, to play one of them. */
export const listMyTests = (): Promise<TTestSummary[]> => requestParsed('/knowledge-tests', z.array(ZTestSummary));
