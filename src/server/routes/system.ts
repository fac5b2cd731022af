/** Health (liveness and readiness) and the public configuration the browser needs. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Health, PublicConfig } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import type { AppContext } from '../context';
import { appliedMigration, readJournal } from '../db/client';
import { jobQueues } from '../http/metrics';

/** A readiness check that has not answered in this time counts as failed. */
const READY_CHECK_MS = 3000;

function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Issue 41 'Health and metrics': whether this instance should take traffic. The database answers;
 * the newest migration this version ships is recorded in drizzle's table; and, unless
 * READY_JOB_WAIT_SECONDS=0, no pending export or receipt-reading job has waited longer than that.
 */
async function readiness(
  context: AppContext,
  expected: { tag: string; when: number } | undefined,
): Promise<{ ready: boolean; reasons: string[] }> {
  const reasons: string[] = [];
  try {
    await withinLimit(
      (async () => {
        if (expected) {
          const applied = (await context.db.execute(
            sql`select 1 from drizzle.__drizzle_migrations where created_at = ${expected.when} limit 1`,
          )) as unknown as { rows: unknown[] };
          if (applied.rows.length === 0)
            reasons.push(
              messages.operations.migrationsPending(await appliedMigration(context.db), expected.tag),
            );
        }
        const limit = context.config.readyJobWaitSeconds;
        if (limit > 0)
          for (const state of await jobQueues(context.db))
            if (state.status === 'pending' && state.jobs > 0 && state.oldestSeconds > limit)
              reasons.push(
                messages.operations.queueStuck(state.queue, Math.round(state.oldestSeconds), limit),
              );
      })(),
      READY_CHECK_MS,
    );
  } catch (error) {
    // drizzle wraps the driver's error (ECONNREFUSED, a missing table...) in its `cause`.
    const { code, message } = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      message?: string;
    };
    reasons.push(messages.operations.databaseUnreachable([code, message].filter(Boolean).join(' ')));
  }
  return { ready: reasons.length === 0, reasons };
}

export function systemRoutes(app: FastifyInstance, context: AppContext) {
  // Read once: the health check must answer at once even while the database is busy (issue 11).
  let migration: string | null = null;
  app.get('/health/', async (): Promise<Health> => {
    migration ??= await appliedMigration(context.db);
    return { status: 'ok', database: context.databaseKind, migration };
  });

  // Readiness: 200 {status: 'ready'}, or 503 {status: 'not_ready', reasons: [...]} in Spanish.
  const expected = readJournal().at(-1);
  app.get('/health/ready', async (_request, reply) => {
    const { ready, reasons } = await readiness(context, expected);
    if (!ready) return reply.status(503).send({ status: 'not_ready', reasons });
    return { status: 'ready', reasons };
  });

  app.get(
    '/config/',
    async (): Promise<PublicConfig> => ({
      imageServiceUrl: context.config.imageServiceUrl,
      b2bSiteUrl: context.config.b2bSiteUrl,
      publicSiteUrl: context.config.publicSiteUrl,
      oldAdminUrl: context.config.oldAdminUrl,
      refundSupportEmail: context.config.refundSupportEmail,
      brandName: context.config.brandName,
      qaRecording: context.config.qaRecording,
    }),
  );
}
