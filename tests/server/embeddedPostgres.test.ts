/**
 * The embedded PostgreSQL's start cases (issue 44): a fresh cluster, a start after a kill -9 of
 * the server (an orphaned postmaster, then a stale postmaster.pid), as root a DATA_DIR its system
 * user cannot reach, an ordinary user's start, and the sizing rule.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLUSTER_OS_USER,
  clusterSettings,
  ROOT_CLUSTER_HOME,
  removeCluster,
  sharedBuffersMb,
  startEmbeddedPostgres,
} from '../../src/server/db/embeddedPostgres';
import { reachableTempDir } from './postgresAdmin';

const isRoot = process.getuid?.() === 0;
const made: string[] = [];
afterAll(() => {
  for (const dir of made) {
    removeCluster(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

async function answer(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    return result.rows[0]!.version;
  } finally {
    await client.end();
  }
}

const postmasterPid = (clusterDir: string) =>
  Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded PostgreSQL', () => {
  it('creates a PostgreSQL 18 cluster in DATA_DIR/pg, answers on loopback, and stops with no postmaster left', async () => {
    const dataDir = reachableTempDir('extranet-embedded-');
    made.push(dataDir);
    const cluster = await startEmbeddedPostgres({ dataDir });
    expect(cluster.created).toBe(true);
    expect(realpathSync(path.join(dataDir, 'pg'))).toBe(cluster.clusterDir);
    expect(await answer(cluster.url)).toMatch(/^18\./);
    expect(new URL(cluster.url).hostname).toBe('127.0.0.1');
    // The password is the cluster's own, kept beside it, readable by the owner only.
    expect(lstatSync(path.join(dataDir, 'pg-password')).mode & 0o077).toBe(0);
    await cluster.stop();
    expect(existsSync(path.join(cluster.clusterDir, 'postmaster.pid'))).toBe(false);
    const again = await startEmbeddedPostgres({ dataDir });
    expect(again.created).toBe(false);
    await again.stop();
  }, 60_000);

  it('recovers after a kill -9: the orphaned postmaster is stopped, then a stale postmaster.pid is removed', async () => {
    const dataDir = reachableTempDir('extranet-embedded-');
    made.push(dataDir);
    const first = await startEmbeddedPostgres({ dataDir });
    // The server died without stopping it: the postmaster runs on.
    const orphan = postmasterPid(first.clusterDir);
    const second = await startEmbeddedPostgres({ dataDir });
    expect(second.notes.join(' ')).toContain(`(pid ${orphan})`);
    expect(await answer(second.url)).toMatch(/^18\./);
    // Killed outright this time: a postmaster.pid naming a dead process (and shared memory left).
    const killed = postmasterPid(second.clusterDir);
    process.kill(killed, 'SIGKILL');
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(killed, 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } catch {
        break;
      }
    }
    // Its backends may outlive it a moment; PostgreSQL's own crash recovery replays the WAL.
    const third = await startEmbeddedPostgres({ dataDir });
    expect(await answer(third.url)).toMatch(/^18\./);
    await third.stop();
  }, 90_000);

  it('stops the cluster of a server killed outright (kill -9), through its watcher', async () => {
    const dataDir = reachableTempDir('extranet-embedded-');
    made.push(dataDir);
    const script = `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve('src/server/db/embeddedPostgres.ts'))};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
      console.log('started');
      setInterval(() => {}, 1000);`;
    const scriptFile = path.join(dataDir, 'owner.mts');
    writeFileSync(scriptFile, script);
    const owner = spawn(process.execPath, ['--import', 'tsx', scriptFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      owner.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve());
      owner.once('exit', () => reject(new Error('the owner exited before starting its cluster')));
    });
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));
    owner.kill('SIGKILL');
    const until = Date.now() + 15_000;
    while (Date.now() < until && existsSync(pidFile))
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(pidFile)).toBe(false);
    // Gone, or a zombie its new parent has not reaped yet (a container's init may never): not running.
    const state = existsSync(`/proc/${postmaster}/stat`)
      ? readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]?.[0]
      : 'gone';
    expect(['gone', 'Z', 'X']).toContain(state);
  }, 60_000);

  it('removes a postmaster.pid whose pid belongs to another program', async () => {
    const dataDir = reachableTempDir('extranet-embedded-');
    made.push(dataDir);
    const cluster = await startEmbeddedPostgres({ dataDir });
    await cluster.stop();
    // This test's own process: alive, but not PostgreSQL.
    writeFileSync(path.join(cluster.clusterDir, 'postmaster.pid'), `${process.pid}\n${cluster.clusterDir}\n`);
    const again = await startEmbeddedPostgres({ dataDir });
    expect(await answer(again.url)).toMatch(/^18\./);
    await again.stop();
  }, 60_000);

  it.runIf(isRoot)(
    'as root, runs as its system user and places the cluster where that user can reach it',
    async () => {
      const parent = reachableTempDir('extranet-private-');
      made.push(parent);
      chmodSync(parent, 0o700); // like /root
      const dataDir = path.join(parent, 'data');
      mkdirSync(dataDir);
      made.unshift(dataDir);
      const cluster = await startEmbeddedPostgres({ dataDir });
      try {
        expect(lstatSync(path.join(dataDir, 'pg')).isSymbolicLink()).toBe(true);
        expect(cluster.clusterDir.startsWith(`${ROOT_CLUSTER_HOME}/`)).toBe(true);
        expect(cluster.notes.join(' ')).toContain(`${CLUSTER_OS_USER}, que no puede entrar en ${parent}`);
        const owner = execFileSync('stat', ['-c', '%U', cluster.clusterDir], { encoding: 'utf8' }).trim();
        expect(owner).toBe(CLUSTER_OS_USER);
        expect(await answer(cluster.url)).toMatch(/^18\./);
      } finally {
        await cluster.stop();
      }
    },
    60_000,
  );

  it.runIf(isRoot)(
    'starts for an ordinary user, as that user',
    (context) => {
      // The same module run by a user who is not root, in a folder of that user's.
      const dataDir = reachableTempDir('extranet-ordinary-');
      made.push(dataDir);
      execFileSync('chown', [CLUSTER_OS_USER, dataDir]);
      const script = `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve('src/server/db/embeddedPostgres.ts'))};
        const cluster = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
        console.log(JSON.stringify({ uid: process.getuid(), dir: cluster.clusterDir }));
        await cluster.stop();`;
      const scriptFile = path.join(dataDir, 'start.mts');
      writeFileSync(scriptFile, script);
      const run = spawnSync(
        'runuser',
        ['-u', CLUSTER_OS_USER, '--', process.execPath, '--import', 'tsx', scriptFile],
        { cwd: process.cwd(), encoding: 'utf8', timeout: 60_000 },
      );
      if (run.status !== 0 && /EACCES|permission denied/i.test(run.stderr))
        context.skip("the checkout is out of an ordinary user's reach (a clone under /root)");
      expect(run.stderr).toBe('');
      const reported = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
        uid: number;
        dir: string;
      };
      expect(reported.uid).not.toBe(0);
      expect(reported.dir).toBe(path.join(dataDir, 'pg'));
    },
    90_000,
  );

  it('sizes shared buffers by the documented rule and listens on loopback only', () => {
    expect(sharedBuffersMb(512 * 1024 * 1024)).toBe(16);
    expect(sharedBuffersMb(2 * 1024 * 1024 * 1024)).toBe(32);
    expect(sharedBuffersMb(24 * 1024 * 1024 * 1024)).toBe(32);
    const settings = clusterSettings(5544);
    expect(settings).toContain('listen_addresses=127.0.0.1');
    expect(settings).toContain('port=5544');
    expect(settings).toContain("unix_socket_directories=''");
  });
});
