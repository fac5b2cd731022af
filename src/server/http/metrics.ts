/**
 * Issue 41 'Health and metrics': Prometheus metrics (prom-client) of this instance, and the job
 * queues' state the readiness check reads too.
 *
 * Kept only when METRICS_TOKEN is set (otherwise nothing is counted and GET /metrics is a 404);
 * GET /metrics then answers the text format to a request bearing `Authorization: Bearer
 * <METRICS_TOKEN>`, 401 to any other. Each instance (process) keeps its own registry: scrape every
 * instance at its own address, not through the balancer.
 *
 * - `extranet_http_request_duration_seconds{method,route,status}`: the route is the pattern
 *   (`/api/vouchers/:id/`), never the URL, so the label set stays bounded.
 * - `extranet_job_queue_length{queue,status}` and `extranet_job_queue_oldest_seconds{queue,status}`
 *   (queue `exports` or `receipt_reading`, status `pending` or `running`), read from the database
 *   at each scrape: every instance reports the shared queue.
 * - `extranet_db_pool_connections{state}`: the pg Pool's total, idle and waiting (clients queued
 *   for a connection).
 * - `extranet_export_duration_seconds{kind,outcome}` and
 *   `extranet_receipt_reading_duration_seconds{outcome}`: jobs this instance ran.
 * - prom-client's default process metrics (`process_*`, `nodejs_*`: CPU, memory, event loop lag,
 *   GC), under their usual names.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Registry } from 'prom-client';
import { messages } from '../../contracts/messages';
import type { AppContext } from '../context';
import type { Database } from '../db/client';

export type JobQueue = 'exports' | 'receipt_reading';
export type JobStatus = 'pending' | 'running';

export interface QueueState {
  queue: JobQueue;
  status: JobStatus;
  jobs: number;
  /** Seconds since the oldest of these jobs was queued (0 when there is none). */
  oldestSeconds: number;
}

/** Both queues' pending and running jobs: how many, and how long the oldest has waited. */
export async function jobQueues(db: Database): Promise<QueueState[]> {
  const result = (await db.execute(sql`
    select 'exports' as queue, status, count(*)::int as jobs,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
      from export_jobs where status in ('pending', 'running') group by status
    union all
    select 'receipt_reading', status, count(*)::int,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8
      from reading_jobs where status in ('pending', 'running') group by status`)) as unknown as {
    rows: { queue: JobQueue; status: JobStatus; jobs: number; oldest: number }[];
  };
  const states: QueueState[] = [];
  for (const queue of ['exports', 'receipt_reading'] as const)
    for (const status of ['pending', 'running'] as const) {
      const row = result.rows.find((candidate) => candidate.queue === queue && candidate.status === status);
      states.push({
        queue,
        status,
        jobs: Number(row?.jobs ?? 0),
        oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
      });
    }
  return states;
}

export interface AppMetrics {
  readonly registry: Registry;
  /** An export job this instance ran, from its claim to its end. */
  exportFinished(kind: string, seconds: number, outcome: 'ok' | 'error' | 'interrupted'): void;
  /** A receipt file this instance read (or copied), from its claim to its end. */
  readingFinished(seconds: number, outcome: 'ok' | 'interrupted'): void;
}

const metricsByContext = new WeakMap<AppContext, AppMetrics>();

/** The app's metrics, when METRICS_TOKEN turned them on. */
export function metricsOf(context: AppContext): AppMetrics | undefined {
  return metricsByContext.get(context);
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

/** Constant-time comparison of the Authorization header with `Bearer <token>`. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/** Counts requests, queues and pool for `app`, and serves GET /metrics (only with METRICS_TOKEN). */
export async function registerMetrics(app: FastifyInstance, context: AppContext): Promise<void> {
  const token = context.config.metricsToken;
  if (!token) {
    // Not the web client's page either (its fallback answers any other GET): nothing here.
    app.get('/metrics', async (_request, reply) =>
      reply.status(404).send({ detail: messages.common.notFound }),
    );
    return;
  }
  // Loaded only here: without METRICS_TOKEN the server does not carry prom-client (about 4 MB).
  const { collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'extranet_http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status code, in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      {
        method: request.method,
        // The pattern the router matched; a URL no route matched is one label, not one per URL.
        route: request.routeOptions.url ?? 'no_route',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // One query per scrape serves both queue gauges.
  let snapshot: { at: number; states: Promise<QueueState[]> } | null = null;
  const queues = () => {
    if (!snapshot || Date.now() - snapshot.at > 1000) {
      const states = jobQueues(context.db);
      states.catch(() => {});
      snapshot = { at: Date.now(), states };
    }
    return snapshot.states;
  };
  new Gauge({
    name: 'extranet_job_queue_length',
    help: 'Jobs queued (pending) or being run (running), in the database every instance shares',
    labelNames: ['queue', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const state of await queues().catch(() => []))
        this.set({ queue: state.queue, status: state.status }, state.jobs);
    },
  });
  new Gauge({
    name: 'extranet_job_queue_oldest_seconds',
    help: 'Seconds since the oldest pending (or running) job was queued; 0 when none',
    labelNames: ['queue', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const state of await queues().catch(() => []))
        this.set({ queue: state.queue, status: state.status }, state.oldestSeconds);
    },
  });

  const pool = (context.db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool)
    new Gauge({
      name: 'extranet_db_pool_connections',
      help: 'The database pool: its connections (total, idle) and the queries waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

  const exportDuration = new Histogram({
    name: 'extranet_export_duration_seconds',
    help: 'Export jobs run by this instance, from claim to end, in seconds',
    labelNames: ['kind', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const readingDuration = new Histogram({
    name: 'extranet_receipt_reading_duration_seconds',
    help: 'Receipt files read by this instance, from claim to end, in seconds',
    labelNames: ['outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  metricsByContext.set(context, {
    registry,
    exportFinished: (kind, seconds, outcome) => exportDuration.observe({ kind, outcome }, seconds),
    readingFinished: (seconds, outcome) => readingDuration.observe({ outcome }, seconds),
  });

  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.status(401).send({ detail: messages.operations.metricsUnauthorized });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
