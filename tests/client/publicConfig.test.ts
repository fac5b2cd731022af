/**
 * The public configuration has one cached loader (issue 29 'Client'): every screen that needs it
 * (portal layout, wizard, link pages, user menu, QA switch) shares one request per page.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadPublicConfig,
  PUBLIC_CONFIG_DEFAULTS,
  publicConfigOrDefaults,
  resetPublicConfig,
} from '../../src/client/api/publicConfig';
import type { PublicConfig } from '../../src/contracts/http';

const served: PublicConfig = {
  imageServiceUrl: '/imagenes',
  b2bSiteUrl: 'https://b2b.example',
  publicSiteUrl: 'https://www.example',
  oldAdminUrl: 'https://admin.example',
  refundSupportEmail: 'reintegros@example.com',
  brandName: 'Marca',
  qaRecording: true,
};

function serving(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: URL | string) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

// The loader imports the public client on demand: load it once ahead (a busy machine is slow to).
beforeAll(async () => {
  await import('../../src/client/api/refund');
}, 60_000);

beforeEach(() => {
  resetPublicConfig();
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('public configuration loader', () => {
  it('asks the server once for every caller', async () => {
    const fetch = serving(200, served);
    const answers = await Promise.all([loadPublicConfig(), publicConfigOrDefaults(), loadPublicConfig()]);
    expect(answers).toEqual([served, served, served]);
    expect(await publicConfigOrDefaults()).toEqual(served);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe('http://127.0.0.1/api/config/');
  });

  it('answers the same promise every time (what React use() needs)', () => {
    serving(200, served);
    expect(publicConfigOrDefaults()).toBe(publicConfigOrDefaults());
  });

  it('falls back to the defaults, and asks again on the next strict load, when the server fails', async () => {
    const failing = serving(503, { detail: 'Fuera de servicio.' });
    await expect(loadPublicConfig()).rejects.toThrow('Fuera de servicio.');
    expect(await publicConfigOrDefaults()).toEqual(PUBLIC_CONFIG_DEFAULTS);
    expect(failing).toHaveBeenCalledTimes(2);
    const working = serving(200, served);
    expect(await loadPublicConfig()).toEqual(served);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
