/**
 * `npm run import` at volume (issue 43): a source instance of this product (`npm start`, its data
 * made once by `npm run seed:volume` and kept between runs) on this machine, imported into a fresh
 * DATA_DIR by the command as an operator runs it. Prints the wall time, the command's peak RSS
 * (VmHWM of its node process, polled; the target's embedded PostgreSQL is not the command), and
 * rows per second (vouchers, reservations and passengers written); fails when the peak passes
 * 400 MB or the report does not reconcile.
 *
 *   npx tsx bench/import.bench.ts [--vouchers=1000000] [--port=3385] [--dir=$TMPDIR/extranet-import-bench]
 *     [--source=<a DATA_DIR made by seed:volume, used as it is>] [--username=admin] [--password=…]
 *     [--source-pg-port=<n>] [--target-pg-port=<n>] [--import-args="--concurrency 16 --page-size 2000"]
 *     [--cpu-prof-dir=<dir>: the command runs with node's --cpu-prof]
 *     [--from=<URL of a source already serving> --source-pid=<its pid>: no source is started]
 *
 * Also prints, per entity, the records written and their rate, and the CPU seconds the source
 * (its server and its PostgreSQL) and the command (node and the target's PostgreSQL) used: which
 * side bounds the run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { argument, benchDataDir } from './server';

const vouchers = Number(argument('vouchers', '1000000'));
const port = Number(argument('port', '3385'));
const dir = path.resolve(argument('dir', path.join(tmpdir(), 'extranet-import-bench')));
const BUDGET_MB = 400;
const ADMIN_PASSWORD = 'Import-Bench-Admin-1';
const givenSource = argument('source', '');
const sourceDir = benchDataDir(
  givenSource ? path.resolve(givenSource) : path.join(dir, `source-${vouchers}`),
);
const targetDir = path.join(dir, 'target');
const username = argument('username', 'admin');
const password = argument('password', ADMIN_PASSWORD);
const sourcePgPort = argument('source-pg-port', '');
const targetPgPort = argument('target-pg-port', '');
const importArgs = argument('import-args', '').split(' ').filter(Boolean);
const cpuProfDir = argument('cpu-prof-dir', '');
const { EMBEDDED_PG_PORT: _inherited, ...inherited } = process.env;
const env = {
  ...inherited,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
};

const marker = path.join(sourceDir, 'seeded');
if (!givenSource && !existsSync(marker)) {
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

// `--from=<url> --source-pid=<pid>`: a source already serving (its pid for the CPU figure).
const givenFrom = argument('from', '');
const server: ChildProcess | null = givenFrom
  ? null
  : spawn('node', ['scripts/start.mjs'], {
      env: {
        ...env,
        DATA_DIR: sourceDir,
        PORT: String(port),
        SKIP_CLIENT_BUILD: 'true',
        ...(sourcePgPort ? { EMBEDDED_PG_PORT: sourcePgPort } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });

/** CPU seconds of a process and its descendants, each process counted at its last sight. */
function cpuMeter(root: number) {
  const last = new Map<number, number>();
  const sample = () => {
    const parents = new Map<number, number>();
    const cpu = new Map<number, number>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(name), Number(fields[1]));
        cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {}
    }
    const inTree = (pid: number) => {
      for (let at: number | undefined = pid; at && at > 1; at = parents.get(at)) if (at === root) return true;
      return false;
    };
    for (const [pid, seconds] of cpu) if (inTree(pid)) last.set(pid, seconds);
  };
  return { sample, seconds: () => [...last.values()].reduce((total, value) => total + value, 0) };
}
const sourceCpu = cpuMeter(server?.pid ?? Number(argument('source-pid', '-1')));
const from = givenFrom || `http://127.0.0.1:${port}/api`;
const stopServer = () =>
  new Promise<void>((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
try {
  if (server) await waitFor(`http://127.0.0.1:${port}/api/health/`, server);
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
    [
      ...flags.slice(0, -1),
      ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
      flags[flags.length - 1],
      '--from',
      from,
      '--username',
      username,
      '--report',
      report,
      ...importArgs,
    ],
    {
      env: {
        ...env,
        DATA_DIR: targetDir,
        IMPORT_PASSWORD: password,
        ...(targetPgPort ? { EMBEDDED_PG_PORT: targetPgPort } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const commandCpu = cpuMeter(command.pid ?? -1);
  sourceCpu.sample();
  const sourceCpuBefore = sourceCpu.seconds();
  let peakKb = 0;
  let ticks = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${command.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {}
    ticks += 1;
    if (ticks % 10 === 0) {
      sourceCpu.sample();
      commandCpu.sample();
    }
  }, 100);
  const code = await new Promise<number>((resolve) => command.once('exit', (exit) => resolve(exit ?? 1)));
  clearInterval(poll);
  sourceCpu.sample();
  const seconds = (performance.now() - began) / 1000;
  const result = JSON.parse(readFileSync(`${report}.json`, 'utf8')) as {
    entities: { entity: string; created: number; updated: number; sourceCount: number; seconds: number }[];
    reconciliation: { ok: boolean };
  };
  for (const entry of result.entities)
    if (entry.sourceCount >= 1000)
      process.stdout.write(
        `  ${entry.entity.padEnd(12)} ${String(entry.sourceCount).padStart(9)} registros en ${entry.seconds.toFixed(1).padStart(7)} s: ` +
          `${Math.round(entry.sourceCount / Math.max(entry.seconds, 0.001))}/s\n`,
      );
  process.stdout.write(
    `CPU: fuente (servidor y su PostgreSQL) ${(sourceCpu.seconds() - sourceCpuBefore).toFixed(0)} s, ` +
      `comando (node y el PostgreSQL destino) ${commandCpu.seconds().toFixed(0)} s, en ${seconds.toFixed(0)} s de reloj\n`,
  );
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
