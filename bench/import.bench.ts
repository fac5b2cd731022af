/**
 * `npm run import` at volume (issue 43): a source instance of this product (`npm start`, its data
 * made once by `npm run seed:volume` and kept between runs) on this machine, imported into a fresh
 * DATA_DIR by the command as an operator runs it. Prints the wall time, the command's peak RSS
 * (VmHWM of its node process, polled; the target's embedded PostgreSQL is not the command), and
 * rows per second (vouchers, reservations and passengers written); fails when the peak passes
 * 400 MB or the report does not reconcile.
 *
 *   npx tsx bench/import.bench.ts [--vouchers=1000000] [--port=3385] [--dir=$TMPDIR/extranet-import-bench]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { argument, benchDataDir } from './server';

const vouchers = Number(argument('vouchers', '1000000'));
const port = Number(argument('port', '3385'));
const dir = path.resolve(argument('dir', path.join(tmpdir(), 'extranet-import-bench')));
const BUDGET_MB = 400;
const ADMIN_PASSWORD = 'Import-Bench-Admin-1';
const sourceDir = benchDataDir(path.join(dir, `source-${vouchers}`));
const targetDir = path.join(dir, 'target');
const env = {
  ...process.env,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
};

const marker = path.join(sourceDir, 'seeded');
if (!existsSync(marker)) {
  process.stdout.write(`Fuente: npm run seed:volume -- --vouchers ${vouchers} en ${sourceDir}…\n`);
  const seeded = spawnSync(
    'node',
    ['--import', 'tsx', 'scripts/seedVolume.ts', '--vouchers', String(vouchers)],
    {
      env: { ...env, DATA_DIR: sourceDir },
      stdio: 'inherit',
    },
  );
  if (seeded.status !== 0) throw new Error('seed:volume failed');
  writeFileSync(marker, new Date().toISOString());
}

async function waitFor(url: string, child: ChildProcess) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`source exited with ${child.exitCode}`);
    if (Date.now() - started > 180_000) throw new Error('source did not answer within 180 s');
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const server = spawn('node', ['scripts/start.mjs'], {
  env: { ...env, DATA_DIR: sourceDir, PORT: String(port), SKIP_CLIENT_BUILD: 'true' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
try {
  await waitFor(`http://127.0.0.1:${port}/api/health/`, server);
  rmSync(targetDir, { recursive: true, force: true });
  benchDataDir(targetDir);
  const report = path.join(targetDir, 'report');
  const began = performance.now();
  // The command exactly as package.json's `import` script runs it (node, its flags, the script).
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts.import;
  const [program, ...flags] = script.split(' ');
  const command = spawn(
    program,
    [...flags, '--from', `http://127.0.0.1:${port}/api`, '--username', 'admin', '--report', report],
    {
      env: { ...env, DATA_DIR: targetDir, IMPORT_PASSWORD: ADMIN_PASSWORD },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${command.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {}
  }, 100);
  const code = await new Promise<number>((resolve) => command.once('exit', (exit) => resolve(exit ?? 1)));
  clearInterval(poll);
  const seconds = (performance.now() - began) / 1000;
  const result = JSON.parse(readFileSync(`${report}.json`, 'utf8')) as {
    entities: { entity: string; created: number; sourceCount: number }[];
    reconciliation: { ok: boolean };
  };
  const rows = result.entities
    .filter((entry) => ['voucher', 'reservation', 'pax'].includes(entry.entity))
    .reduce((total, entry) => total + entry.created, 0);
  const peakMb = Math.round(peakKb / 1024);
  process.stdout.write(
    `\nimport de ${vouchers.toLocaleString('es-AR')} vouchers: ${seconds.toFixed(1)} s, ` +
      `${rows.toLocaleString('es-AR')} filas (vouchers + reservas + pasajeros), ${Math.round(rows / seconds)} filas/s, ` +
      `RSS pico del comando ${peakMb} MB (presupuesto ${BUDGET_MB}), salida ${code}, ` +
      `${result.reconciliation.ok ? 'conciliado' : 'NO CONCILIA'}\n`,
  );
  if (peakMb > BUDGET_MB || code !== 0 || !result.reconciliation.ok) process.exitCode = 1;
} finally {
  await stopServer();
}
