/**
 * Startup errors are one Spanish sentence, exit non-zero, no stack (issue 41 §startup errors):
 * `npm start` (package.json's start script) with a taken port, a malformed DATABASE_URL, an
 * unreachable one, a short JWT_SECRET. A taken port is found before any preparation.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { startCommand } from '../../scripts/startCommand';
import { reachableTempDir } from './postgresAdmin';

const dataDir = path.join(reachableTempDir('extranet-startup-'), 'data');
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

function npmStart(environment: Record<string, string>) {
  const command = startCommand();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SKIP_CLIENT_BUILD: 'true',
    ...environment,
  };
  delete env.DEBUG;
  if (!('DATABASE_URL' in environment)) delete env.DATABASE_URL;
  const began = performance.now();
  const run = spawnSync(command.executable, command.args, {
    cwd: command.cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return {
    status: run.status,
    output: `${run.stdout}${run.stderr}`.trim(),
    seconds: (performance.now() - began) / 1000,
  };
}

/** One sentence on one line, and nothing that looks like a stack. */
function expectOneSentence(output: string) {
  expect(output.split('\n')).toHaveLength(1);
  expect(output).not.toMatch(/\n\s+at |Error:/);
}

describe('startup errors', () => {
  it('a taken port stops the start in under 2 s, naming the port', async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const run = npmStart({ PORT: String(port), HOST: '127.0.0.1' });
      expect(run.status).not.toBe(0);
      expect(run.output).toBe(
        `El puerto ${port} de 127.0.0.1 ya está en uso (PORT): detenga el programa que lo usa o elija otro PORT.`,
      );
      expect(run.seconds).toBeLessThan(2);
    } finally {
      holder.close();
    }
  });

  it('a malformed DATABASE_URL, a short JWT_SECRET and a bad PORT name their variable', async () => {
    const port = String(await freePort());
    const malformed = npmStart({ PORT: port, DATABASE_URL: 'postgres//sin-dos-puntos' });
    expect(malformed.status).not.toBe(0);
    expect(malformed.output).toContain('Configuración no válida: DATABASE_URL no es una dirección válida');
    expectOneSentence(malformed.output);
    const short = npmStart({ PORT: port, JWT_SECRET: 'corto' });
    expect(short.output).toBe(
      'Configuración no válida: JWT_SECRET debe tener al menos 32 caracteres. Corrija esa variable de entorno y vuelva a iniciar.',
    );
    const badPort = npmStart({ PORT: 'ochenta' });
    expect(badPort.status).not.toBe(0);
    expect(badPort.output).toContain('PORT debe ser un número');
    expectOneSentence(badPort.output);
  }, 60_000);

  it('an unreachable DATABASE_URL names its host and port', async () => {
    const closed = await freePort();
    const run = npmStart({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://extranet:clave@127.0.0.1:${closed}/extranet`,
    });
    expect(run.status).not.toBe(0);
    expect(run.output).toContain(
      `No se puede conectar a PostgreSQL en 127.0.0.1:${closed}/extranet (DATABASE_URL): ECONNREFUSED`,
    );
    expectOneSentence(run.output);
  }, 60_000);
});
