/**
 * The one HTTP client (ofetch) for staff calls: bearer token, one refresh attempt on 401,
 * answers parsed with the contracts' zod schemas, errors turned into the errors machines read.
 */
import { FetchError, ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { FieldErrorsError } from '../../../machines/support/errors';
import { refreshResponseSchema } from '../../contracts/auth';
import { isFieldErrors } from '../../contracts/fieldErrors';
import { messages } from '../../contracts/messages';
import { notifySessionExpired } from './sessionEvents';
import { readSession, updateAccessToken } from './storage';

/** A failed call: `detail` for `{detail}` answers, `fields` for field errors. */
export class ApiError extends FieldErrorsError {
  constructor(
    readonly status: number,
    message: string,
    fields: Record<string, string[]> = {},
  ) {
    super(fields, message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Send the stored access token (default true). */
  auth?: boolean;
  /** An explicit token instead of the stored one. */
  token?: string;
  signal?: AbortSignal;
}

export const API_BASE = '/api';

function cleanQuery(query: RequestOptions['query']): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<unknown> {
  return ofetch(path, {
    baseURL: API_BASE,
    method: options.method ?? 'GET',
    query: cleanQuery(options.query),
    body: options.body as Record<string, unknown> | BodyInit | undefined,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    signal: options.signal,
    retry: 0,
  });
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
      const { access } = z.parse(refreshResponseSchema, answer);
      updateAccessToken(access);
      return access;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.data;
    if (status === 0) return new ApiError(0, messages.common.networkError);
    if (data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string') {
      return new ApiError(status, data.detail);
    }
    if (isFieldErrors(data))
      return new ApiError(status, Object.values(data).flat()[0] ?? messages.common.genericError, data);
    return new ApiError(status, messages.common.genericRetry);
  }
  return new ApiError(0, messages.common.networkError);
}

/** Calls the API and parses the answer with `schema`. */
export async function request<T extends z.core.$ZodType>(
  schema: T,
  path: string,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  const useAuth = options.auth !== false;
  const token = options.token ?? (useAuth ? readSession()?.tokens.access : undefined);
  try {
    return z.parse(schema, await send(path, options, token));
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401 && useAuth && !options.token && token) {
      const renewed = await refreshAccessToken();
      if (renewed) {
        try {
          return z.parse(schema, await send(path, options, renewed));
        } catch (retryError) {
          const retried = toApiError(retryError);
          if (retried.status === 401) notifySessionExpired();
          throw retried;
        }
      }
      notifySessionExpired();
    }
    throw apiError;
  }
}
