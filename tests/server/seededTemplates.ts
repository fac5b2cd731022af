/**
 * The server suite's global setup: the database every test app starts from, migrated and seeded
 * once per run instead of once per test file (issue 29: CI time; on this 2-core machine a
 * migrated, demo-seeded PGlite cost 10–20 s per file and the suite opens about 50).
 *
 * - PGlite: the cluster is dumped to an archive that each new in-memory database loads
 *   (`pgliteTemplatePath`), as `npm start` loads its initdb template.
 * - PostgreSQL (DATABASE_URL): a template database each test database is created from
 *   (`CREATE DATABASE … TEMPLATE …`), dropped at the end.
 *
 * Two variants: 'demo' (the demo data, what most files use) and 'bare' (`seedDemo: false`).
 * createTestApp still runs the migrations and the seed on the copy: both find their work done, so
 * a file sees exactly what a fresh migrate and seed would have made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seed } from '../../src/server/db/seed';
import { databaseUrlOn, onServer } from './postgresAdmin';
import { testConfig } from './testConfig';

interface SeededTemplate {
  /** PGlite: the cluster archive. */
  pgliteArchive?: string;
  /** PostgreSQL: the template database's name. */
  postgresDatabase?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplates: { demo: SeededTemplate; bare: SeededTemplate };
  }
}

const VARIANTS = { demo: true, bare: false } as const;

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'extranet-templates-'));
  const serverUrl = process.env.DATABASE_URL;
  const made: { demo?: SeededTemplate; bare?: SeededTemplate } = {};
  const created: string[] = [];
  for (const [variant, seedDemo] of Object.entries(VARIANTS) as [keyof typeof VARIANTS, boolean][]) {
    const config = testConfig(workDir, { seedDemo });
    if (serverUrl) {
      const name = `extranet_template_${process.pid}_${variant}`;
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
      await onServer(serverUrl, `CREATE DATABASE ${name}`);
      created.push(name);
      const handle = await openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name) });
      await handle.migrate();
      await seed(handle.db, config);
      await handle.close();
      made[variant] = { postgresDatabase: name };
    } else {
      const handle = await openDatabase({});
      await handle.migrate();
      await seed(handle.db, config);
      const archive = path.join(workDir, `${variant}.tar`);
      if (!handle.dumpTo) throw new Error('an embedded database can be dumped');
      await handle.dumpTo(archive);
      await handle.close();
      made[variant] = { pgliteArchive: archive };
    }
  }
  if (!made.demo || !made.bare) throw new Error('both templates are made');
  project.provide('seededTemplates', { demo: made.demo, bare: made.bare });
  return async () => {
    if (serverUrl) for (const name of created) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
    rmSync(workDir, { recursive: true, force: true });
  };
}
