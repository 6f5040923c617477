import {
  type TJustifications,
  type TSubmission,
  ZAiStatus,
  ZCreatedTest,
  ZJustifications,
  ZOcrText,
  ZSharedTest,
  ZShareLink,
  ZSubmission,
  ZTestDetail,
  ZTestSummary,
} from '@learnboost/api/contract';
import { z } from 'zod';
import { requestParsed } from '../../../lib/api-client';

export const getTests = () => requestParsed('/knowledge-tests', z.array(ZTestSummary));
export const getTest = (id: string) => requestParsed(`/knowledge-tests/${id}`, ZTestDetail);

export const createTest = (body: { name: string; text: string; requested: number }) =>
  requestParsed('/knowledge-tests', ZCreatedTest, { method: 'POST', body });

/** The spec's client sends userId null: the token decides who submits. */
export const submitTest = (id: string, answers: { qId: string; selectedIndex: number }[]): Promise<TSubmission> =>
  requestParsed(`/knowledge-tests/${id}/submit`, ZSubmission, { method: 'POST', body: { userId: null, answers } });

export const justifyTest = (id: string, qIds: string[], contextNotes = ''): Promise<TJustifications> =>
  requestParsed(`/knowledge-tests/${id}/justify`, ZJustifications, { method: 'POST', body: { qIds, contextNotes } });

export const shareTest = (id: string) =>
  requestParsed(`/knowledge-tests/${id}/share`, ZShareLink, { method: 'POST', body: {} });
export const getSharedTest = (shareId: string) => requestParsed(`/knowledge-tests/shared/${shareId}`, ZSharedTest);
export const takeSharedTest = (shareId: string) =>
  requestParsed(`/knowledge-tests/shared/${shareId}/take`, ZCreatedTest, { method: 'POST', body: {} });

export const extractText = (imageBase64: string) =>
  requestParsed('/ocr', ZOcrText, { method: 'POST', body: { imageBase64 } });

export const getAiStatus = () => requestParsed('/ai/status', ZAiStatus);
