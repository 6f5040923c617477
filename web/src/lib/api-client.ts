import type { z } from 'zod';
import { YOU_ARE_OFFLINE } from './offline';
import { readToken } from './token-storage';

const BASE = '/api';

// Signing in and up are the only calls made without a token; a 401 there means "wrong password", not "signed out".
const isPublicAuthPath = (path: string) => path.startsWith('/auth/login') || path.startsWith('/auth/register');

let onUnauthorized: () => void = () => {};

/** app/ wires this to the auth store, so lib/ never imports a feature. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A refused call: the api's `{error}` sentence as the message (for people), its HTTP status and
 * its `code` when it sends one (for programs: compare codes, never the sentence).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The api's error body as an ApiError: "Request failed" when it is not JSON, "HTTP n" when it names no error. */
export function apiErrorOf(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError('Request failed', status);
  }
  const fields = body && typeof body === 'object' ? (body as { error?: unknown; code?: unknown }) : {};
  const message = typeof fields.error === 'string' && fields.error ? fields.error : `HTTP ${status}`;
  return new ApiError(message, status, typeof fields.code === 'string' ? fields.code : undefined);
}

/**
 * The one way to the api: the token on every call but sign-in and sign-up, the api's `{error}`
 * sentence as the thrown message, and a 401 signs the learner out, whatever the answer's kind.
 */
async function send(
  path: string,
  { method = 'GET', body, signal }: RequestOptions,
  accept?: string,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (accept) headers.Accept = accept;
  const token = isPublicAuthPath(path) ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  // A change with no network says so at once (reads may still be answered from the saved copy).
  // Status 0: no answer came from the server.
  if (method !== 'GET' && !navigator.onLine) throw new ApiError(YOU_ARE_OFFLINE, 0);
  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  const res = await fetch(`${BASE}${path}`, { method, headers, body: payload, signal });

  if (!res.ok) {
    if (res.status === 401 && !isPublicAuthPath(path)) onUnauthorized();
    throw apiErrorOf(res.status, await res.text());
  }
  return res;
}

/** Calls the api and returns the raw JSON body (undefined for an empty answer such as 204). */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const text = await (await send(path, options)).text();
  return text ? JSON.parse(text) : undefined;
}

/** A file the api answers with (an export): a plain link could not carry the bearer token. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

export type ServerSentEvent = { event: string; data: unknown };

/** Calls an api route that answers with server-sent events, and yields each event as it arrives. */
export async function* requestEvents(path: string, options: RequestOptions = {}): AsyncGenerator<ServerSentEvent> {
  const res = await send(path, options, 'text/event-stream');
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      yield { event, data: data === undefined ? null : JSON.parse(data) };
    }
  }
}

/**
 * Uploads a file as multipart form data (field `file`) with its progress, then checks the answer
 * against a contract schema. XMLHttpRequest, not fetch: only it reports upload progress, which a
 * learner needs for a file of many megabytes. Same token, errors and sign-out on 401 as every call.
 */
export function uploadParsed<S extends z.ZodType>(
  path: string,
  file: File,
  schema: S,
  onProgress: (fraction: number) => void,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    // As every change: with no network it says so at once, rather than failing on the way.
    if (!navigator.onLine) return reject(new ApiError(YOU_ARE_OFFLINE, 0));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}${path}`);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('Request failed', 0));
    xhr.onload = () => {
      if (xhr.status >= 400) {
        if (xhr.status === 401) onUnauthorized();
        return reject(apiErrorOf(xhr.status, xhr.responseText));
      }
      try {
        resolve(schema.parse(JSON.parse(xhr.responseText)));
      } catch (err) {
        reject(err);
      }
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Calls the api and checks the answer against a contract schema, so screens only ever see valid data. */
export async function requestParsed<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  return schema.parse(await request(path, options));
}
