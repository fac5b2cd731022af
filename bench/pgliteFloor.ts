/**
 * The memory bench's floor probe (bench/memory.bench.ts, issue 33): holds the product's embedded
 * database open on the data directory given as its argument (src/server/db/client.ts: PGlite in
 * its worker thread, the product's settings), with no HTTP server, routes or caches, says 'open'
 * and waits to be stopped.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node <bundle of bench/pgliteFloor.ts> <DATA_DIR>');
const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
await handle.db.execute(sql`select 1`);
process.stdout.write('open\n');
setInterval(() => {}, 60_000);
