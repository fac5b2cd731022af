/**
 * A fresh app on a fresh database for each test file: a new database, made from the run's seeded
 * template, on the suite's PostgreSQL (the embedded one, or DATABASE_URL's; seededTemplates.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import type { AppContext } from '../../src/server/context';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { passengers, voucherPassengers } from '../../src/server/db/schema';
import { DEMO_PASSWORD, seed } from '../../src/server/db/seed';
import type { RouteModule } from '../../src/server/routes';
import { createMailer } from '../../src/server/services/mail';
import { freshTestDatabase } from './postgresAdmin';
import { ADMIN_PASSWORD, testConfig } from './testConfig';

export { ADMIN_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  handle: DatabaseHandle;
  dataDir: string;
  /** Signs in and returns the Authorization header value. */
  login(username: string, password?: string): Promise<string>;
  /** Messages written to the outbox, newest last. */
  outbox(): string[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seedDemo?: boolean;
    /** Issue 31: read uploaded receipts (OCR); off unless a test asks for it. */
    receiptReading?: boolean;
    rootRouteModules?: RouteModule[];
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-test-'));
  const config = testConfig(dataDir, options);
  // Issue 29 (CI time): a new database starts from the run's migrated and seeded template
  // (tests/server/seededTemplates.ts) when there is one; migrate and seed then find nothing to do.
  const template = inject('seededTemplates')[options.seedDemo === false ? 'bare' : 'demo'];
  const database = await freshTestDatabase(template);
  const handle = await openDatabase({ databaseUrl: database.url });
  await handle.migrate();
  await seed(handle.db, config);
  const context: AppContext = {
    config,
    db: handle.db,
    databaseKind: handle.kind,
    listen: handle.listen,
    tokens: createTokenService(config.jwtSecret, { accessMinutes: 60, refreshDays: 7 }),
    mailer: createMailer({ outboxDir: config.outboxDir, from: config.mailFrom }),
  };
  const app = await buildApp(context, {
    onRoute: options.onRoute,
    ...(options.rootRouteModules ? { rootRouteModules: options.rootRouteModules } : {}),
  });
  await app.ready();
  return {
    app,
    context,
    handle,
    dataDir,
    async login(username, password = username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username, password },
      });
      if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
      return `Bearer ${response.json<{ access: string }>().access}`;
    },
    outbox() {
      try {
        return readdirSync(config.outboxDir)
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .map((file) => readFileSync(path.join(config.outboxDir, file), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await app.close();
      await handle.close();
      await database.drop();
    },
  };
}

/** `app.inject` with an Authorization header. */
export function as(testApp: TestApp, authorization: string) {
  return (options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization } });
}

/** A traveller's refund login (document) on the voucher that carries them: its id and access token. */
export async function refundLoginOf(
  testApp: TestApp,
  document: string,
): Promise<{ voucherId: number; access: string }> {
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, document));
  if (!row) throw new Error(`no voucher carries document ${document}`);
  const login = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${row.voucherId}&document=${document}`,
  });
  if (login.statusCode !== 200) throw new Error(`refund login ${document} failed: ${login.body}`);
  return { voucherId: row.voucherId, access: (login.json() as { access: string }).access };
}

/** A multipart/form-data body for `app.inject` (uploads in server tests). */
export function multipart(parts: { name: string; data: Buffer | string; filename?: string }[]) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${name}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
