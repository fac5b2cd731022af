import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startCommand } from '../../scripts/startCommand';
import { MALLOC_TUNABLES } from '../../src/server/services/receiptReading/heavyProcess';

describe("npm start's command (issue 39: glibc's malloc settings)", () => {
  it('sets the heavy child’s malloc settings on the server too, through env, and keeps node and its flags', () => {
    const environment = { PATH: process.env.PATH };
    const command = startCommand(process.cwd(), environment);
    expect(command.executable).toBe('/usr/bin/env');
    expect(command.args[0]).toBe(`GLIBC_TUNABLES=${MALLOC_TUNABLES}`);
    expect(command.args[1]).toBe(process.execPath);
    expect(command.args.slice(2)).toContain('--max-old-space-size=192');
    expect(command.args.at(-1)).toBe('scripts/start.mjs');
  });

  it('keeps a value the caller set, as the shell’s default expansion does', () => {
    const command = startCommand(process.cwd(), { GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' });
    expect(command.args[0]).toBe('GLIBC_TUNABLES=glibc.malloc.arena_max=4');
  });

  it('runs node with the assignment in its environment, as npm start does', () => {
    const command = startCommand(process.cwd(), {});
    const probe = spawnSync(
      command.executable,
      [...command.args.slice(0, 2), '-e', 'process.stdout.write(process.env.GLIBC_TUNABLES ?? "unset")'],
      { encoding: 'utf8', env: {} },
    );
    expect(probe.stdout).toBe(MALLOC_TUNABLES);
  });
});
