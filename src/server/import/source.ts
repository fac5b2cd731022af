/**
 * The original system's API as `npm run import` reads it (issue 43; SPEC §7): sign in with
 * `POST /token/`, then page every list with `offset`/`limit` in a stable order (`ordering=id`).
 * Polite to the source: a bounded number of requests in flight, `Retry-After` honoured on 429,
 * retries with exponential backoff on 5xx, network failures and timeouts.
 */

export class SourceError extends Error {
  override name = 'SourceError';
  /** The HTTP status the source answered (none: it did not answer, or answered no JSON). */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SourceOptions {
  /** Base URL of the API: `https://old.example.com/api`. */
  baseUrl: string;
  username: string;
  password: string;
  /** Detail calls in flight at once (8), besides at most two list pages. */
  concurrency?: number;
  /** Attempts per request before giving up (6). */
  attempts?: number;
  /** Time limit of one request in ms (60 s). */
  timeoutMs?: number;
  /** First backoff in ms (500), doubled each retry. */
  backoffMs?: number;
  /** Told of each retry (for the progress output). */
  onRetry?: (what: string) => void;
}

export interface Page<T> {
  count: number;
  /** `exact` when the source counted every row; else an estimate (the walk counts them). */
  exact: boolean;
  results: T[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as `Retry-After` carries them; capped at 5 minutes. */
export function retryAfterMs(header: string | null, fallback: number): number {
  if (!header) return fallback;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : new Date(header).getTime() - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 300_000) : fallback;
}

/** A counting semaphore: at most `size` holders. */
class Gate {
  private waiting: (() => void)[] = [];
  private active = 0;
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

export interface Source {
  readonly baseUrl: string;
  signIn(): Promise<void>;
  /** GET `path` (relative to the base URL) as JSON, through the gate, with retries. */
  get<T>(path: string): Promise<T>;
  /** POST `path` with a JSON body and answer the bytes (a documented file call), with retries. */
  download(path: string, body: unknown, method?: 'POST' | 'GET'): Promise<Buffer>;
  /** GET `path` as JSON; null when the source answers 404 (a record it does not have). */
  getOptional<T>(path: string): Promise<T | null>;
  /** GET `path` and answer the bytes (an image), with retries. */
  getBytes(path: string): Promise<Buffer>;
  /** One page of a list, ordered by id. */
  page<T>(path: string, offset: number, limit: number): Promise<Page<T>>;
  /** Requests made and retried so far. */
  stats(): { requests: number; retries: number };
}

export function createSource(options: SourceOptions): Source {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const gate = new Gate(options.concurrency ?? 8);
  // List pages have their own two places: a page of vouchers never queues behind the thousand
  // payment-detail calls of the invoicing page walked beside it.
  const listGate = new Gate(2);
  const attempts = options.attempts ?? 6;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 500;
  let token: string | null = null;
  let requests = 0;
  let retries = 0;

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    let wait = backoffMs;
    for (let attempt = 1; ; attempt += 1) {
      let retryIn: number | null = null;
      let failure: string;
      try {
        requests += 1;
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status === 429) {
          retryIn = retryAfterMs(response.headers.get('retry-after'), wait);
          failure = `429 en ${path}`;
        } else if (response.status >= 500) {
          retryIn = wait;
          failure = `${response.status} en ${path}`;
        } else return response;
        await response.body?.cancel().catch(() => {});
      } catch (error) {
        retryIn = wait;
        failure = `${(error as Error).name === 'TimeoutError' ? 'tiempo agotado' : (error as Error).message} en ${path}`;
      }
      if (attempt >= attempts)
        throw new SourceError(`El sistema anterior no respondió: ${failure} (${attempts} intentos).`);
      retries += 1;
      options.onRetry?.(failure);
      await sleep(retryIn);
      wait = Math.min(wait * 2, 60_000);
    }
  }

  async function json<T>(response: Response, path: string): Promise<T> {
    const text = await response.text();
    if (!response.ok)
      throw new SourceError(
        `El sistema anterior respondió ${response.status} a ${path}: ${text.slice(0, 300)}`,
        response.status,
      );
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SourceError(`El sistema anterior no devolvió JSON en ${path}.`);
    }
  }

  function getThrough<T>(through: Gate, path: string): Promise<T> {
    return through.run(async () => {
      let response = await request('GET', path);
      if (response.status === 401 && options.password) {
        // An access token that expired during a long run: sign in again once.
        await response.body?.cancel().catch(() => {});
        await source.signIn();
        response = await request('GET', path);
      }
      return json<T>(response, path);
    });
  }

  const source: Source = {
    baseUrl,
    async signIn() {
      const response = await request('POST', '/token/', {
        username: options.username,
        password: options.password,
      });
      if (response.status === 400 || response.status === 401)
        throw new SourceError(
          `El sistema anterior rechazó el ingreso de ${options.username}: revise el usuario y la contraseña.`,
        );
      const answer = await json<{ access?: string }>(response, '/token/');
      if (!answer.access)
        throw new SourceError('El sistema anterior no devolvió un token de acceso (access).');
      token = answer.access;
    },
    get<T>(path: string) {
      return getThrough<T>(gate, path);
    },
    getOptional<T>(path: string) {
      return gate.run(async () => {
        let response = await request('GET', path);
        if (response.status === 401 && options.password) {
          await response.body?.cancel().catch(() => {});
          await source.signIn();
          response = await request('GET', path);
        }
        if (response.status === 404) {
          await response.body?.cancel().catch(() => {});
          return null;
        }
        return json<T>(response, path);
      });
    },
    getBytes(path: string) {
      return source.download(path, undefined, 'GET');
    },
    download(path: string, body: unknown, method: 'POST' | 'GET' = 'POST') {
      return gate.run(async () => {
        let response = await request(method, path, body);
        if (response.status === 401 && options.password) {
          await response.body?.cancel().catch(() => {});
          await source.signIn();
          response = await request(method, path, body);
        }
        if (!response.ok) {
          const text = await response.text();
          throw new SourceError(
            `El sistema anterior respondió ${response.status} a ${path}: ${text.slice(0, 300)}`,
            response.status,
          );
        }
        return Buffer.from(await response.arrayBuffer());
      });
    },
    async page<T>(path: string, offset: number, limit: number) {
      const join = path.includes('?') ? '&' : '?';
      const answer = await getThrough<{ count?: number; count_kind?: string; results?: T[] }>(
        listGate,
        `${path}${join}ordering=id&offset=${offset}&limit=${limit}`,
      );
      if (!Array.isArray(answer.results))
        throw new SourceError(`La lista ${path} del sistema anterior no trae results.`);
      return {
        count: Number(answer.count ?? answer.results.length),
        exact: answer.count_kind === undefined || answer.count_kind === 'exact',
        results: answer.results,
      };
    },
    stats: () => ({ requests, retries }),
  };
  return source;
}
