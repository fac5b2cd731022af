/**
 * Issue 27: the server finds its checkout from the sources and from `npm start`'s bundle alike,
 * and a client it cannot serve stops the start with the folder named, never a site of 404s.
 * (The browser suite and .ci/run's newcomer smoke run the shipped server itself.)
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ClientBuildError, prepareClient } from '../../src/server/clientBuild';
import { findProjectRoot, ProjectRootError } from '../../src/server/projectRoot';
import { createTestApp, type TestApp } from './support';

const checkout = path.resolve('.');

/** A folder shaped like a checkout: the product's package.json and the given files. */
function fakeCheckout(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'extranet-client-'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'extranet-reintegros' }));
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), contents);
  }
  return root;
}

describe('the checkout root', () => {
  it('is found from the sources and from a bundle directory one level deeper', () => {
    expect(findProjectRoot(path.join(checkout, 'src/server'))).toBe(checkout);
    expect(findProjectRoot(path.join(checkout, 'dist/server/0123456789abcdef'))).toBe(checkout);
  });

  it('is not taken from another package.json on the way up', () => {
    const outer = fakeCheckout({ 'vendor/other/package.json': JSON.stringify({ name: 'other' }) });
    expect(findProjectRoot(path.join(outer, 'vendor/other/lib'))).toBe(outer);
  });

  it('is a start error, naming where it looked, when there is none', () => {
    const lonely = mkdtempSync(path.join(tmpdir(), 'extranet-nowhere-'));
    expect(() => findProjectRoot(lonely)).toThrow(ProjectRootError);
    expect(() => findProjectRoot(lonely)).toThrow(lonely);
  });
});

describe('the client a start serves', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ seedDemo: false });
  });
  afterAll(() => testApp.close());

  it('is dist/client when it is built and there are no sources to be stale against', async () => {
    const root = fakeCheckout({ 'dist/client/index.html': '<!doctype html>' });
    expect(await prepareClient(root, false)).toEqual({
      clientDir: path.join(root, 'dist/client'),
      built: false,
    });
  });

  it('is a start error naming the folder when it is missing and cannot be built', async () => {
    const root = fakeCheckout({});
    const started = prepareClient(root, false);
    await expect(started).rejects.toThrow(ClientBuildError);
    await expect(prepareClient(root, false)).rejects.toThrow(path.join(root, 'dist/client/index.html'));
  });

  it('is a start error when it is older than its sources and Vite is not installed', async () => {
    const root = fakeCheckout({ 'dist/client/index.html': '<!doctype html>', 'src/client/main.tsx': '' });
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, 'dist/client/index.html'), past, past);
    await expect(prepareClient(root, false)).rejects.toThrow(/npm install/);
  });

  it('is none at all for an API-only server (SKIP_CLIENT_BUILD)', async () => {
    expect(await prepareClient(fakeCheckout({}), true)).toEqual({ clientDir: undefined, built: false });
  });

  it('is refused by the app when the folder given has no index.html', async () => {
    await expect(
      buildApp(testApp.context, { clientDir: mkdtempSync(path.join(tmpdir(), 'extranet-empty-')) }),
    ).rejects.toThrow(/index\.html/);
  });

  it('answers its pages with index.html and unknown API paths with the API 404', async () => {
    const root = fakeCheckout({ 'dist/client/index.html': '<!doctype html><title>Extranet</title>' });
    const app = await buildApp(testApp.context, { clientDir: path.join(root, 'dist/client') });
    for (const page of ['/login', '/refund', '/dashboard/vouchers']) {
      const response = await app.inject({ method: 'GET', url: page });
      expect([page, response.statusCode, response.headers['content-type']]).toEqual([
        page,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(response.body).toContain('<title>Extranet</title>');
    }
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing/' })).statusCode).toBe(404);
    await app.close();
  });
});
