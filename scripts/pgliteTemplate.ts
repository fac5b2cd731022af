/**
 * `npm run db:template`: writes src/server/db/pglite-template.tgz, a freshly initialised PGlite
 * cluster (what initdb makes, before any migration), for the installed PGlite version.
 *
 * Why (issue 33): PGlite runs initdb by starting a second, nested PostgreSQL instance beside the
 * first, so a first start on a fresh data directory peaked at about 650 MB for initdb alone. A new
 * data directory loads this template instead (about 210 MB). Run this after upgrading PGlite:
 * tests/server/pgliteMemory.test.ts fails while the template does not load with the installed one.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLITE_TEMPLATE_PATH } from '../src/server/db/pgliteSettings';

const db = await PGlite.create('memory://', { extensions: { pg_trgm } });
const tarball = await db.dumpDataDir('gzip');
await db.close();
writeFileSync(PGLITE_TEMPLATE_PATH, Buffer.from(await tarball.arrayBuffer()));
process.stdout.write(
  `${path.relative(process.cwd(), PGLITE_TEMPLATE_PATH)}: ${(tarball.size / 1048576).toFixed(1)} MB\n`,
);
