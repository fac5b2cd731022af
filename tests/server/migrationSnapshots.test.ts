/**
 * Issue 41: the migrations and the drizzle schema agree, and `npm run db:generate` on a clean tree
 * writes nothing.
 * - drizzle-kit generate, run into a temporary copy of the migrations folder (scripts/dbSnapshot.ts),
 *   writes no migration: the newest snapshot is the schema. When it fails, check that the
 *   statements shown are what the new migrations do, then run `npm run db:snapshot`.
 * - A database migrated from nothing and a database made straight from src/server/db/schema (the
 *   statements drizzle-kit generates from an empty snapshot, after the same extensions) have the
 *   same columns, constraints and indexes, as PostgreSQL itself prints them: a hand-written
 *   migration that missed, added or spelt something differently shows here, line by line.
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSnapshots, generateIntoCopy } from '../../scripts/dbSnapshot';
import { openDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { freshTestDatabase } from './postgresAdmin';

/** Every column, constraint and index of the public schema, one sorted line each. */
const CATALOG = `
  select format('column %s.%s %s%s%s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                case when a.attnotnull then ' not null' else '' end,
                coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')) as line
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid and c.relkind = 'r'
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where a.attnum > 0 and not a.attisdropped
  union all
  select format('constraint %s.%s %s', c.relname, k.conname, pg_get_constraintdef(k.oid))
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
   where k.contype <> 'n'
  union all
  select format('index %s', pg_get_indexdef(i.indexrelid))
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
  order by 1`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The same storage option as PostgreSQL keeps it from either spelling (drizzle writes 'false'). */
const normalized = (line: string) =>
  line.replace(/=(?:'false'|false\b)/g, '=off').replace(/=(?:'true'|true\b)/g, '=on');

const catalogOf = (url: string) =>
  withClient(url, async (client) =>
    (await client.query<{ line: string }>(CATALOG)).rows.map((row) => normalized(row.line)),
  );

describe('drizzle snapshots (issue 41)', () => {
  it('drizzle-kit generate writes no migration on a clean tree', () => {
    const result = generateIntoCopy();
    expect(
      result.sql,
      `drizzle-kit generate wrote a migration: the newest snapshot is not the schema. If these ` +
        `statements are what the migrations since that snapshot do, run npm run db:snapshot:\n${result.sql}`,
    ).toBe('');
    expect(result.snapshot).toBeNull();
    expect(result.output).toMatch(/No schema changes/);
  });

  it('db:snapshot chains a snapshot whose parent an earlier one claimed (merged branches)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'extranet-snapshot-chain-'));
    try {
      mkdirSync(path.join(dir, 'meta'));
      const write = (name: string, id: string, prevId: string) =>
        writeFileSync(path.join(dir, 'meta', name), JSON.stringify({ id, prevId, tables: { [id]: {} } }));
      const read = (name: string) => JSON.parse(readFileSync(path.join(dir, 'meta', name), 'utf8'));
      write('0025_snapshot.json', 'a', '0');
      write('0034_snapshot.json', 'b', 'a');
      write('0035_snapshot.json', 'c', 'a'); // made on another branch from 0025's
      write('0036_snapshot.json', 'd', 'c');
      expect(chainSnapshots(dir)).toEqual([path.join(dir, 'meta/0035_snapshot.json')]);
      expect(read('0035_snapshot.json')).toEqual({ id: 'c', prevId: 'b', tables: { c: {} } });
      expect(read('0036_snapshot.json').prevId).toBe('c');
      expect(read('0034_snapshot.json').prevId).toBe('a');
      expect(chainSnapshots(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the migrations and the schema', () => {
    const databases: { url: string; drop(): Promise<void> }[] = [];
    let migrated: string[];
    let fromSchema: string[];
    let schemaStatements: string[];

    beforeAll(async () => {
      const [byMigrations, bySchema] = [await freshTestDatabase(), await freshTestDatabase()];
      databases.push(byMigrations, bySchema);
      const handle = await openDatabase({ databaseUrl: byMigrations.url });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      const extensions = await withClient(byMigrations.url, async (client) =>
        (
          await client.query<{ extname: string }>(
            `select extname from pg_extension where extname <> 'plpgsql'`,
          )
        ).rows.map((row) => row.extname),
      );
      // The migrations' functions (index expressions call some, es_sort_key for one), which the
      // schema names but cannot declare; triggers are not compared.
      const functions = await withClient(byMigrations.url, async (client) =>
        (
          await client.query<{ definition: string }>(
            `select pg_get_functiondef(p.oid) as definition
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
              where not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
          )
        ).rows.map((row) => row.definition),
      );
      schemaStatements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
      await withClient(bySchema.url, async (client) => {
        for (const extension of extensions)
          await client.query(`create extension if not exists "${extension}"`);
        await client.query('set check_function_bodies = off');
        // A function taking a table's row type waits for its table.
        const later: string[] = [];
        for (const definition of functions)
          await client.query(definition).catch(() => later.push(definition));
        for (const statement of schemaStatements) await client.query(statement);
        for (const definition of later) await client.query(definition);
      });
      migrated = await catalogOf(byMigrations.url);
      fromSchema = await catalogOf(bySchema.url);
    });
    afterAll(async () => {
      for (const database of databases) await database.drop();
    });

    it('make the same columns, constraints and indexes', () => {
      const onlyMigrated = migrated.filter((line) => !fromSchema.includes(line));
      const onlySchema = fromSchema.filter((line) => !migrated.includes(line));
      expect(
        { onlyMigrated, onlySchema },
        `The migrations and src/server/db/schema disagree.\nOnly after the migrations:\n  ` +
          `${onlyMigrated.join('\n  ')}\nOnly from the schema:\n  ${onlySchema.join('\n  ')}`,
      ).toEqual({ onlyMigrated: [], onlySchema: [] });
      // The comparison saw the product's tables (not two empty databases).
      expect(schemaStatements.length).toBeGreaterThan(50);
      expect(migrated).toContain(
        "column reading_jobs.status character varying(10) not null default 'pending'::character varying",
      );
    });
  });
});
