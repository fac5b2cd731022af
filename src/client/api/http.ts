/**
 * The one HTTP client (ofetch) for staff calls: bearer token, one refresh attempt on 401,
 * answers parsed with the contracts' zod schemas, errors turned into the errors machines read by
 * the mapper shared with the refund portal (api/errors.ts). The answer is parsed after the call,
 * outside its error handling: a mismatch is reported as a contract mismatch, not a network error.
 */
import { FetchError, ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { refreshResponseSchema } from '../../contracts/auth';
import { ApiError, contractMismatch, errorFromAnswer, networkError, parseAnswer } from './errors';
import { notifySessionExpired } from './sessionEvents';
import { readSession, updateAccessToken } from './storage';

export { ApiError } from './errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Send the stored access token (default true). */
  auth?: boolean;
  /** An explicit token instead of the stored one. */
  token?: string;
  signal?: AbortSignal;
  /** 'blob' for a file (a stored receipt); JSON otherwise. */
  responseType?: 'blob';
}

export const API_BASE = '/api';

function cleanQuery(query: RequestOptions['query']): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

interface Answer {
  status: number;
  body: unknown;
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Answer> {
  const response = await ofetch.raw(path, {
    baseURL: API_BASE,
    method: options.method ?? 'GET',
    query: cleanQuery(options.query),
    body: options.body as Record<string, unknown> | BodyInit | undefined,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    signal: options.signal,
    retry: 0,
    ...(options.responseType ? { responseType: options.responseType } : {}),
    // A refused file download still answers `{detail}` in JSON: read it, not a Blob of it.
    ...(options.responseType === 'blob' ? { ignoreResponseError: true } : {}),
  });
  if (!response.ok) throw errorFromAnswer(response.status, await jsonOfBlob(response._data));
  return { status: response.status, body: response._data };
}

/** The JSON an error answer carried, or null (no body, or not JSON). */
async function jsonOfBlob(body: unknown): Promise<unknown> {
  if (!(body instanceof Blob)) return body ?? null;
  try {
    return JSON.parse(await body.text());
  } catch {
    return null;
  }
}

let refreshing: Promise<string | null> | null = null;

async function refreshAccessToken(): Promise<string | null> {
  const session = readSession();
  if (!session) return null;
  refreshing ??= send(
    '/token/refresh/',
    { method: 'POST', body: { refresh: session.tokens.refresh }, auth: false },
    undefined,
  )
    .then((answer) => {
      const { access } = z.parse(refreshResponseSchema, answer.body);
      updateAccessToken(access);
      return access;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** A failed call (ofetch's FetchError, or no answer at all) as the shared ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    if (status === 0) return networkError();
    return errorFromAnswer(status, error.data);
  }
  return networkError();
}

/** Sends once; a failure becomes an ApiError. */
async function attempt(path: string, options: RequestOptions, token: string | undefined): Promise<Answer> {
  try {
    return await send(path, options, token);
  } catch (error) {
    throw toApiError(error);
  }
}

/** Calls the API and parses the answer with `schema`. */
export async function request<T extends z.core.$ZodType>(
  schema: T,
  path: string,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  const useAuth = options.auth !== false;
  const token = options.token ?? (useAuth ? readSession()?.tokens.access : undefined);
  let answer: Answer;
  try {
    answer = await attempt(path, options, token);
  } catch (error) {
    const apiError = toApiError(error);
    if (!(apiError.status === 401 && useAuth && !options.token && token)) throw apiError;
    const renewed = await refreshAccessToken();
    if (!renewed) {
      notifySessionExpired();
      throw apiError;
    }
    try {
      answer = await attempt(path, options, renewed);
    } catch (retryError) {
      const retried = toApiError(retryError);
      if (retried.status === 401) notifySessionExpired();
      throw retried;
    }
  }
  return parseAnswer((body) => z.parse(schema, body), answer.status, answer.body);
}

/** A file the API serves (GET /stored_file/{id}/), with the same token and refresh as `request`. */
export async function requestBlob(path: string): Promise<Blob> {
  const body = await request(z.unknown(), path, { responseType: 'blob' });
  if (!(body instanceof Blob)) throw contractMismatch(200);
  return body;
}
