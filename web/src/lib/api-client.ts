import type { z } from 'zod';
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

async function errorMessage(res: Response): Promise<string> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return 'Request failed';
  }
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return `HTTP ${res.status}`;
}

/** Calls the api and returns the raw JSON body (undefined for an empty answer such as 204). */
export async function request(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = isPublicAuthPath(path) ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  const res = await fetch(`${BASE}${path}`, { method, headers, body: payload, signal });

  if (!res.ok) {
    if (res.status === 401 && !isPublicAuthPath(path)) onUnauthorized();
    throw new Error(await errorMessage(res));
  }
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** Calls the api and checks the answer against a contract schema, so screens only ever see valid data. */
export async function requestParsed<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  return schema.parse(await request(path, options));
}
