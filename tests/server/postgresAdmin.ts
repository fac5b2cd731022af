/**
 * The PostgreSQL server the server tests run against (the embedded one seededTemplates.ts
 * started, or DATABASE_URL's): its address, and databases made and dropped on it.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** The maintenance connection string of the suite's PostgreSQL server. */
export const testServerUrl = (): string => inject('databaseServerUrl');

/** A new database on the suite's server, from `template` when given; `drop` removes it. */
export async function freshTestDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `extranet_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(
    serverUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  return {
    url: databaseUrlOn(serverUrl, name),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A temporary folder the embedded cluster's system user can reach when tests run as root. */
export function reachableTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** Runs one statement on the server's maintenance connection (CREATE or DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The connection string of database `name` on the server `serverUrl` names. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
