/**
 * `npm run import -- --from <base URL of the original API> --username <u> --password <p>
 *   [--dry-run] [--all-payments] [--only <entities>] [--report <file prefix>] [--page-size <n>]
 *   [--concurrency <n>]`
 * (issue 43; docs/import.md). Writes into the database the product is configured for (DATA_DIR's
 * embedded PostgreSQL, or DATABASE_URL); the password may come from IMPORT_PASSWORD. Prints a
 * progress line per entity and the report, writes it as <prefix>.txt and <prefix>.json, and exits
 * 0 when everything reconciles, 1 when something does not, 2 when the run could not finish (run it
 * again: it continues from its last committed page).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';
import { seed } from '../src/server/db/seed';
import { ENTITY_NAMES } from '../src/server/import/entities';
import { setImportFileStorage } from '../src/server/import/refunds';
import { humanReport, jsonReport } from '../src/server/import/report';
import { runImport } from '../src/server/import/run';
import { createSource } from '../src/server/import/source';
import { filesystemStorage } from '../src/server/services/storage';

const USAGE =
  'Uso: npm run import -- --from <URL de la API anterior> --username <usuario> --password <clave> ' +
  '[--dry-run] [--all-payments] [--only entidad,entidad] [--report <archivo sin extensión>] ' +
  '[--page-size <n>] [--concurrency <n>]\n' +
  `Entidades, en orden: ${ENTITY_NAMES.join(', ')}. La clave también puede venir de IMPORT_PASSWORD.`;

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      from: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'all-payments': { type: 'boolean', default: false },
      only: { type: 'string' },
      report: { type: 'string', default: 'import-report' },
      'page-size': { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '8' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(`Opción no válida (${(error as Error).message}).\n${USAGE}`);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const password = args.password ?? process.env.IMPORT_PASSWORD;
if (!args.from || !args.username || !password) fail(USAGE);
try {
  new URL(args.from);
} catch {
  fail(`--from no es una dirección válida: ${args.from}`);
}
const only = args.only
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !ENTITY_NAMES.includes(name)) ?? [];
if (unknown.length) fail(`Entidades desconocidas: ${unknown.join(', ')}.\n${USAGE}`);
const pageSize = Number(args['page-size']);
const concurrency = Number(args.concurrency);
if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000) fail('--page-size: entre 1 y 10000.');
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
  fail('--concurrency: entre 1 y 32.');

const config = loadConfig(process.env);
let database: Awaited<ReturnType<typeof openProductDatabase>>;
try {
  database = await openProductDatabase(config, { maxConnections: 2 });
} catch (error) {
  fail((error as Error).message);
}
// Ctrl-C or a stop: every committed page stays (each is its own transaction); the run in flight is
// rolled back by the database and the same command continues from the last committed page.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(
      '\nImportación interrumpida. Ejecute el mismo comando de nuevo: continúa desde el último lote guardado.\n',
    );
    process.exit(2);
  });
let code = 2;
try {
  await database.handle.migrate();
  // Reference data (permissions, roles, countries...) and the first superuser, as npm start's first
  // start makes them, never the demo data: what the import adopts or adds to.
  const seeded = await seed(database.handle.db, { admin: config.admin, seedDemo: false });
  if (seeded.admin?.generatedPassword)
    process.stdout.write(
      `Superusuario creado: ${seeded.admin.username}, contraseña ${seeded.admin.generatedPassword} (se muestra una sola vez).\n`,
    );
  const pool = (database.handle.db as unknown as { $client: pg.Pool }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('La base configurada no es PostgreSQL (node-postgres).');
  const source = createSource({
    baseUrl: args.from,
    username: args.username,
    password,
    concurrency,
    onRetry: (what) => process.stderr.write(`reintento: ${what}\n`),
  });
  process.stdout.write(
    `${args['dry-run'] ? 'Prueba (--dry-run) de importación' : 'Importando'} desde ${args.from} hacia ${database.description}\n`,
  );
  // Files (refund files, product images) go where the product keeps them (FILE_STORAGE): a
  // directory, or the database inside each batch's transaction (the default).
  if (config.fileStorage === 'filesystem') {
    const files = filesystemStorage(config.filesDir);
    setImportFileStorage(() => files);
  }
  const result = await runImport({
    pool,
    source,
    dryRun: args['dry-run'],
    allPayments: args['all-payments'],
    only,
    pageSize,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  const human = humanReport(result);
  writeFileSync(`${args.report}.txt`, human);
  writeFileSync(`${args.report}.json`, jsonReport(result));
  process.stdout.write(`\n${human}Informe: ${args.report}.txt y ${args.report}.json\n`);
  code = result.reconciliation.ok ? 0 : 1;
} catch (error) {
  process.stderr.write(
    `La importación se detuvo: ${(error as Error).message}\nEjecute el mismo comando de nuevo: continúa desde el último lote guardado.\n`,
  );
  code = 2;
} finally {
  await database.close();
}
process.exit(code);
