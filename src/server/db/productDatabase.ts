/**
 * The product's database as configured (issue 44): the `DATABASE_URL` server, or else the
 * embedded PostgreSQL of `DATA_DIR/pg`, started here and stopped by `close()`. `npm start`, the
 * first start's preparation, `npm run seed:volume` and the benches open it the same way. The
 * embedded cluster belongs to one process at a time: its opener holds `DATA_DIR/server.lock` until
 * `close()` (a second opener is told who holds it, and never touches the running cluster).
 */
import pg from 'pg';
import type { AppConfig } from '../config';
import { lockDataDir } from '../dataDir';
import { type DatabaseHandle, openDatabase } from './client';
import { type EmbeddedCluster, startEmbeddedPostgres } from './embeddedPostgres';

/** A DATABASE_URL server that does not answer, in one Spanish sentence (printed without a stack). */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** Connects once to `databaseUrl`, or says which server did not answer and why. */
async function checkReachable(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const where = `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    throw new DatabaseUnreachableError(
      `No se puede conectar a PostgreSQL en ${where} (DATABASE_URL): ${code ?? ''} ${message ?? ''}`.trimEnd() +
        '. Revise que el servidor esté en marcha y que la dirección, el usuario y la contraseña sean correctos.',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export interface ProductDatabase {
  handle: DatabaseHandle;
  /** The embedded cluster, when there is no DATABASE_URL. */
  cluster: EmbeddedCluster | null;
  /** One line for the start summary. */
  description: string;
  /** Closes the pool, then stops the embedded cluster. */
  close(): Promise<void>;
}

export async function openProductDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'>,
  options: {
    maxConnections?: number /** The caller already holds DATA_DIR's lock. */;
    locked?: boolean;
  } = {},
): Promise<ProductDatabase> {
  const { locked, ...poolOptions } = options;
  if (config.databaseUrl) {
    await checkReachable(config.databaseUrl);
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, ...poolOptions });
    return { handle, cluster: null, description: 'PostgreSQL (DATABASE_URL)', close: () => handle.close() };
  }
  const lock = locked ? null : lockDataDir(config.dataDir);
  let cluster: EmbeddedCluster | null = null;
  try {
    cluster = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    const started = cluster;
    const handle = await openDatabase({ databaseUrl: started.url, kind: 'embedded', ...poolOptions });
    return {
      handle,
      cluster: started,
      description: `PostgreSQL embebido en ${started.clusterDir} (127.0.0.1:${started.port})`,
      async close() {
        await handle.close().catch(() => {});
        await started.stop();
        lock?.release();
      },
    };
  } catch (error) {
    await cluster?.stop();
    lock?.release();
    throw error;
  }
}
