/**
 * Several instances on one PostgreSQL behind nginx (issue 11): `npm start` (package.json's start
 * script: node, its flags and scripts/start.mjs, which bundles the server) twice at once from this
 * checkout, on two ports, each with its own DATA_DIR, against one database, and
 * Debian's nginx balancing between them. Nothing that matters is per process: a sign-in on one is
 * valid on the other, a file uploaded through one is served by the other, a permission change
 * made through one is seen by the other at once (the principal epoch in the database), and a public
 * call's request limit is counted once for both (the rate-limit store in the database).
 *
 * Runs on the suite's PostgreSQL (the embedded one the suite starts, or DATABASE_URL's) when nginx
 * is installed (.ci/run installs it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { startCommand } from '../../scripts/startCommand';
import { messages } from '../../src/contracts/messages';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { passengers, voucherPassengers } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { testServerUrl } from './postgresAdmin';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const serverUrl = testServerUrl();
const enabled = existsSync(NGINX);
const JWT_SECRET = 'multi-instance-secret-multi-instance-secret-0123';
const ADMIN_PASSWORD = 'Multi-Instance-Admin-1';
const METRICS_TOKEN = 'multi-instance-metrics-token-0123';
const DEMO_PASSWORD = 'Demo-Extranet-2026';

/** A real 24 x 16 JPEG: uploads are decoded and re-encoded by the server (issue 10). */
const JPEG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a6ea5' } })
  .jpeg()
  .toBuffer();

async function waitFor(url: string, child: ChildProcess, what: string) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error(`${what} did not answer within 120 s`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * deploy/nginx.conf with the upstream's servers replaced by `ports` and its listen address by
 * this test's: each replacement must find its line, so the guide's file cannot drift from the test.
 */
function deployedNginxConf(ports: number[], listenPort: number): string {
  const original = readFileSync('deploy/nginx.conf', 'utf8');
  const upstreamServers = /^(\s*)server 127\.0\.0\.1:\d+;\n(?:\s*server 127\.0\.0\.1:\d+;\n)*/m;
  const listen = /^(\s*)listen 80;$/m;
  expect(original).toMatch(upstreamServers);
  expect(original).toMatch(listen);
  return original
    .replace(upstreamServers, (_whole, indent: string) =>
      ports.map((port) => `${indent}server 127.0.0.1:${port};\n`).join(''),
    )
    .replace(listen, (_whole, indent: string) => `${indent}listen 127.0.0.1:${listenPort};`);
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

describe.skipIf(!enabled)('two instances behind nginx on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let databaseName = '';
  let databaseUrl = '';
  const urls: string[] = [];
  let balanced = '';

  beforeAll(async () => {
    databaseName = `extranet_multi_${process.pid}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();

    const root = mkdtempSync(path.join(tmpdir(), 'extranet-multi-'));
    const environment = (name: string) => ({
      DATA_DIR: path.join(root, name),
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD,
      SEED_DEMO: 'true',
      SKIP_CLIENT_BUILD: 'true',
      LOG_LEVEL: 'silent',
      // A small cap, so a capped count is cheap to reach (issue 29: counts held across instances).
      LIST_EXACT_COUNT_LIMIT: '50',
      METRICS_TOKEN,
    });
    // Migrate and seed once, as the first `npm start` would.
    const handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    await seed(handle.db, loadConfig({ ...process.env, ...environment('seed') } as NodeJS.ProcessEnv));
    // Deep offsets (past 10,000 rows, from anchors) and a capped count (past 50 rows).
    await handle.db.execute(sql`
      insert into pax (name, surname, doc_type, doc_number)
      select 'Fondo', 'Hondo', 'DNI', 'MULTI' || g from generate_series(1, 10100) as g`);
    await handle.db.execute(sql`
      insert into pax (name, surname, doc_type, doc_number)
      select 'Tope', 'Capado', 'DNI', 'MCAP' || g from generate_series(1, 52) as g`);
    await handle.db.execute(sql`analyze pax`);
    await handle.close();

    const ports = [await freePort(), await freePort()];
    // Exactly what `npm start` runs; both start at once and bundle into the same build directory.
    // As docs/deploy.md says: one instance runs the export jobs, and both believe nginx's headers.
    const start = startCommand();
    for (const [index, port] of ports.entries()) {
      const child = spawn(start.executable, start.args, {
        cwd: start.cwd,
        env: {
          ...process.env,
          ...environment(`instance${index}`),
          PORT: String(port),
          HOST: '127.0.0.1',
          EXPORT_WORKER: index === 0 ? 'true' : 'false',
          TRUST_PROXY: '127.0.0.1',
        },
        stdio: 'ignore',
        detached: true,
      });
      children.push(child);
      urls.push(`http://127.0.0.1:${port}`);
    }
    const nginxPort = await freePort();
    const prefix = path.join(root, 'nginx');
    for (const directory of ['', 'logs', 'temp'])
      mkdirSync(path.join(prefix, directory), { recursive: true });
    chmodSync(path.join(prefix, 'temp'), 0o777);
    // The repository's deploy/nginx.conf itself, with this test's addresses in it.
    writeFileSync(path.join(prefix, 'extranet.conf'), deployedNginxConf(ports, nginxPort));
    const config = path.join(prefix, 'nginx.conf');
    writeFileSync(
      config,
      `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  include ${prefix}/extranet.conf;
}
`,
    );
    const nginx = spawn(NGINX, ['-p', prefix, '-c', config], { stdio: 'ignore', detached: true });
    children.push(nginx);
    balanced = `http://127.0.0.1:${nginxPort}`;
    await Promise.all(
      urls.map((url, index) => waitFor(`${url}/api/health/`, children[index], `instance ${index}`)),
    );
    await waitFor(`${balanced}/api/health/`, nginx, 'nginx');
  }, 240_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  async function signIn(base: string, username: string, password: string): Promise<string> {
    const response = await fetch(`${base}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return `Bearer ${((await response.json()) as { access: string }).access}`;
  }

  const get = (base: string, pathname: string, authorization: string) =>
    fetch(`${base}${pathname}`, { headers: { authorization } });

  it('serves /metrics on each instance with its token, and never through nginx', async () => {
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    for (const url of urls) {
      const direct = await fetch(`${url}/metrics`, { headers: bearer });
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('process_cpu_seconds_total');
    }
    const balancedMetrics = await fetch(`${balanced}/metrics`, { headers: bearer });
    expect(balancedMetrics.status).toBe(404);
    expect(await balancedMetrics.text()).not.toContain('process_cpu_seconds_total');
  });

  it('accepts a sign-in made on one instance on the other, and through nginx', async () => {
    const token = await signIn(urls[0], 'admin', ADMIN_PASSWORD);
    expect((await get(urls[1], '/api/pax/?limit=1', token)).status).toBe(200);
    for (let index = 0; index < 6; index++)
      expect((await get(balanced, '/api/pax/?limit=1', token)).status).toBe(200);
  });

  it('serves from one instance a file uploaded through the other', async () => {
    const handle = await openDatabase({ databaseUrl });
    const [row] = await handle.db
      .select({ voucherId: voucherPassengers.voucherId })
      .from(voucherPassengers)
      .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
      .where(eq(passengers.docNumber, '30123456'));
    await handle.close();
    const login = await fetch(`${urls[0]}/api/refund_data/?voucher_id=${row.voucherId}&document=30123456`);
    expect(login.status, await login.clone().text()).toBe(200);
    const access = ((await login.json()) as { access: string }).access;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'recibo.jpg');
    const uploaded = await fetch(`${urls[0]}/images/upload-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [file] = ((await uploaded.json()) as { files: { id: string }[] }).files;
    const staff = await signIn(urls[1], 'admin', ADMIN_PASSWORD);
    const served = await get(urls[1], `/api/stored_file/${file.id}/`, staff);
    expect(served.status).toBe(200);
    const servedImage = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([servedImage.format, servedImage.width, servedImage.height]).toEqual(['jpeg', 24, 16]);
  });

  it('sees on one instance a permission change made through the other, as soon as the database announces it', async () => {
    const admin = await signIn(urls[0], 'admin', ADMIN_PASSWORD);
    const member = await signIn(urls[1], 'ejecutivo', DEMO_PASSWORD);
    const profile = await get(urls[1], '/api/profile/?queryType=LOGIN', member);
    expect(profile.status).toBe(200);
    const groupId = ((await profile.json()) as { groups: number[] }).groups[0];
    const group = (await (await get(urls[0], `/api/groups/${groupId}/`, admin)).json()) as {
      name: string;
      all_permissions: string[];
    };
    // Warm instance 1's cache with the member's principal, then change the group on instance 0.
    expect((await get(urls[1], '/api/zone/', member)).status).toBe(403);
    const changed = await fetch(`${urls[0]}/api/groups/${groupId}/`, {
      method: 'PUT',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: group.name, all_permissions: [...group.all_permissions, 'zone/view'] }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    // Instance 1 kept the member's validity; PostgreSQL's announcement of the new epoch (migration
    // 0024) makes it read the principal again, milliseconds after the commit.
    await vi.waitFor(async () => expect((await get(urls[1], '/api/zone/', member)).status).toBe(200), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it("changes one instance's deep page and capped count at once after a write through the other, or plain SQL", async () => {
    const admin = await signIn(urls[0], 'admin', ADMIN_PASSWORD);
    const page = async (base: string, query: string) => {
      const response = await get(base, `/api/pax/?${query}`, admin);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as { count: number; count_kind: string; results: { id: number }[] };
    };
    const deep = 'ordering=-id&offset=10020&limit=3';
    const ids = async (base: string) => (await page(base, deep)).results.map((row) => row.id);
    // Instance 1 keeps anchors for the deep page and the capped count of the filter.
    const before = await ids(urls[1]);
    expect(await ids(urls[1])).toEqual(before);
    expect(await page(urls[1], 'surname=Capado&limit=5')).toMatchObject({ count: 50, count_kind: 'capped' });
    // Plain SQL (an administrator's) adds a passenger, first in '-id': instance 1's page moves by
    // one as soon as PostgreSQL announces the change (migration 0028), not after a memory expires.
    const handle = await openDatabase({ databaseUrl });
    await handle.db.execute(
      sql`insert into pax (name, surname, doc_type, doc_number) values ('Nueva', 'Fila', 'DNI', 'MULTI-NEW')`,
    );
    const [capped] = await handle.db
      .select({ id: passengers.id })
      .from(passengers)
      .where(eq(passengers.surname, 'Capado'))
      .limit(1);
    await handle.close();
    await vi.waitFor(async () => expect((await ids(urls[1]))[1]).toBe(before[0]), {
      timeout: 1_000,
      interval: 20,
    });
    // Three capped rows removed through instance 0: instance 1's count turns exact.
    for (const id of [capped.id, capped.id + 1, capped.id + 2]) {
      const removed = await fetch(`${urls[0]}/api/pax/${id}/`, {
        method: 'DELETE',
        headers: { authorization: admin },
      });
      expect(removed.status, await removed.clone().text()).toBe(204);
    }
    await vi.waitFor(
      async () =>
        expect(await page(urls[1], 'surname=Capado&limit=5')).toMatchObject({
          count: 49,
          count_kind: 'exact',
        }),
      { timeout: 1_000, interval: 20 },
    );
  });

  it('refuses on one instance a session ended through the other', async () => {
    const admin = await signIn(urls[0], 'admin', ADMIN_PASSWORD);
    const account = { email: 'dos.instancias@example.com', username: 'dos.instancias' };
    const created = await fetch(`${urls[0]}/api/profile/`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, password: 'Dos-Instancias-2026' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const member = await signIn(urls[1], account.username, 'Dos-Instancias-2026');
    // Twice: instance 1 now keeps the member's validity.
    expect((await get(urls[1], '/api/profile/?queryType=LOGIN', member)).status).toBe(200);
    expect((await get(urls[1], '/api/profile/?queryType=LOGIN', member)).status).toBe(200);
    // Deactivated on instance 0: its sessions end (token version), and instance 1 hears of it.
    const deactivated = await fetch(`${urls[0]}/api/profile/${id}/`, {
      method: 'PUT',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, is_active: false }),
    });
    expect(deactivated.status, await deactivated.clone().text()).toBe(200);
    await vi.waitFor(
      async () => expect((await get(urls[1], '/api/profile/?queryType=LOGIN', member)).status).toBe(401),
      { timeout: 2_000, interval: 20 },
    );
  });

  it('counts the request limit of a public call once for both instances', async () => {
    // POST /api/token/refresh/ allows 60 requests per 5 minutes per address; every request here
    // comes from 127.0.0.1 (directly, or through nginx, which forwards the client's 127.0.0.1).
    const refresh = (base: string) =>
      fetch(`${base}/api/token/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: 'not-a-token' }),
      });
    for (let index = 0; index < 30; index++) {
      expect((await refresh(urls[0])).status).toBe(401);
      expect((await refresh(urls[1])).status).toBe(401);
    }
    // Sixty counted, thirty on each: refused wherever the balancer sends the next one.
    for (let index = 0; index < 4; index++) {
      const refused = await refresh(balanced);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ detail: messages.common.tooManyRequests });
    }
  });
});
