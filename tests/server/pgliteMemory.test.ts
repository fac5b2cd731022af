/**
 * Issue 33: the embedded database is opened sized for one user, and a new data directory starts
 * from the template cluster instead of initdb (whose nested second instance peaked at 650 MB).
 * This fails after a PGlite upgrade until `npm run db:template` writes the template again.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from '../../src/server/db/pgliteProxy';
import { EMBEDDED_POSTGRES_SETTINGS, embeddedDatabaseOptions } from '../../src/server/db/pgliteSettings';

async function rowsOf(client: PgliteWorkerClient, statement: string) {
  return (await client.query(statement)).rows as Record<string, unknown>[];
}

async function settingsOf(client: PgliteWorkerClient) {
  const shown: Record<string, unknown> = {};
  for (const name of ['shared_buffers', 'maintenance_work_mem', 'max_connections'])
    shown[name] = Object.values((await rowsOf(client, `show ${name}`))[0])[0];
  return shown;
}

const expectedSettings = Object.fromEntries(
  EMBEDDED_POSTGRES_SETTINGS.map((line) => line.split('=').map((part) => part.trim())),
);

describe('the embedded database', () => {
  it('starts a new data directory from the template, with the settings for one user, and reopens it as existing', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'extranet-pglite-')), 'pgdata');
    const created = await PgliteWorkerClient.create(embeddedDatabaseOptions(dataDir));
    try {
      expect(created.openedFrom).toBe('template');
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await settingsOf(created)).toEqual(expectedSettings);
      await created.query('create extension if not exists pg_trgm');
      await created.query('create table kept (id int primary key)');
      await created.query('insert into kept values (7)');
    } finally {
      await created.close();
    }
    const reopened = await PgliteWorkerClient.create(embeddedDatabaseOptions(dataDir));
    try {
      expect(reopened.openedFrom).toBe('existing');
      expect(await settingsOf(reopened)).toEqual(expectedSettings);
      expect(await rowsOf(reopened, 'select id from kept')).toEqual([{ id: 7 }]);
    } finally {
      await reopened.close();
    }
  });

  it('opens an in-memory database (the tests) from the template too', async () => {
    const client = await PgliteWorkerClient.create(embeddedDatabaseOptions());
    try {
      expect(client.openedFrom).toBe('template');
      expect(await rowsOf(client, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('falls back to initdb when the template cannot be opened, and still works', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'extranet-pglite-bad-'));
    const templatePath = path.join(folder, 'not-a-cluster.tgz');
    writeFileSync(templatePath, 'not a tarball');
    const dataDir = path.join(folder, 'pgdata');
    const client = await PgliteWorkerClient.create({ ...embeddedDatabaseOptions(dataDir), templatePath });
    try {
      expect(client.openedFrom).toBe('initdb');
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      // Nothing of the failed unpacking is left beside the data directory.
      expect(readdirSync(folder).sort()).toEqual(['not-a-cluster.tgz', 'pgdata']);
      expect(await settingsOf(client)).toEqual(expectedSettings);
    } finally {
      await client.close();
    }
  }, 120_000);
});
