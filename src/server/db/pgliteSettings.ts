/**
 * How the embedded database (PGlite) is opened (issue 33: the default must fit a small machine).
 *
 * - PostgreSQL's defaults size a server shared by many connections: 128 MB of shared buffers,
 *   64 MB per maintenance operation, 100 connection slots. PGlite has one connection, and its
 *   shared buffers live in the WebAssembly heap, which never shrinks: on an existing data directory
 *   the database alone was 294 MB resident with the defaults, 171 MB with these. Pages that do not
 *   fit in the buffers are read through the operating system's file cache.
 * - A new data directory starts from a template cluster (`npm run db:template`) instead of running
 *   initdb, which PGlite does with a second PostgreSQL instance beside the first (a 650 MB peak).
 *   A template the installed PGlite cannot open is skipped for initdb, so an upgrade never breaks a
 *   start; tests/server/pgliteMemory.test.ts fails until the template is written again.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EMBEDDED_POSTGRES_SETTINGS = [
  'shared_buffers = 16MB',
  'maintenance_work_mem = 16MB',
  'max_connections = 5',
];

/** Beside this file in the sources; beside main.mjs in `npm start`'s bundle (scripts/start.mjs copies it). */
export const PGLITE_TEMPLATE_PATH = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'pglite-template.tgz',
);

export interface EmbeddedDatabaseOptions {
  /** The data directory; absent: in memory. */
  dataDir?: string;
  settings: string[];
  templatePath: string;
}

export type EmbeddedOpening = 'existing' | 'template' | 'initdb';

export function embeddedDatabaseOptions(
  dataDir?: string,
  templatePath = PGLITE_TEMPLATE_PATH,
): EmbeddedDatabaseOptions {
  return { dataDir, settings: EMBEDDED_POSTGRES_SETTINGS, templatePath };
}
