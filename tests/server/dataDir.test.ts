/**
 * One server per data directory (issue 10 'Operations'): the lock file with the owner's pid, stale
 * locks taken over, a second `npm start` refused with a clear message, and an unwritable DATA_DIR
 * named with its cause.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { DataDirError, ensureWritableDataDir, lockDataDir } from '../../src/server/dataDir';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'extranet-datadir-'));

/** A live process that is not this one (a sleeping node). */
const sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
afterAll(() => {
  sleeper.kill();
});

/** The pid of a process that has ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(ended.stdout);
}

/** Runs `npm start`'s entry point with a DATA_DIR; answers its exit code and output. */
function start(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      SKIP_CLIENT_BUILD: 'true',
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the data-directory lock', () => {
  it('writes the owner pid and removes the lock on release', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses a directory locked by a live process, naming its pid', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'server.lock'), `${sleeper.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${sleeper.pid}`);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(sleeper.pid));
  });

  it('takes over a stale lock (its pid is gone, or the file is garbage)', () => {
    for (const content of [`${deadPid()}\n`, 'not a pid']) {
      const dir = fresh();
      writeFileSync(path.join(dir, 'server.lock'), content);
      const lock = lockDataDir(dir);
      expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });

  it('a second npm start on a data directory in use refuses to start with a clear message', async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'server.lock'), `${sleeper.pid}\n`);
    const { code, output } = await start(dir);
    expect(code).toBe(1);
    expect(output).toContain(
      `El directorio de datos ${dir} ya está en uso por otro servidor (pid ${sleeper.pid})`,
    );
    expect(output).not.toContain('    at ');
  }, 30_000);
});

describe('an unwritable data directory', () => {
  it('is named with its cause', () => {
    const parent = fresh();
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'not a directory');
    const dir = path.join(file, 'data');
    expect(() => ensureWritableDataDir(dir)).toThrow(DataDirError);
    expect(() => loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv)).toThrow(
      new RegExp(`directorio de datos ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(DATA_DIR\\): ENOTDIR`),
    );
  });

  it('stops npm start with a non-zero exit code and the message', async () => {
    const parent = fresh();
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'not a directory');
    const dir = path.join(file, 'data');
    const { code, output } = await start(dir);
    expect(code).toBe(1);
    expect(output).toContain(`No se puede escribir en el directorio de datos ${dir} (DATA_DIR): ENOTDIR`);
  }, 30_000);
});
