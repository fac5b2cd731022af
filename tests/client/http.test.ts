/**
 * The staff and refund HTTP clients share one error mapper (api/errors.ts): a `{detail}` answer
 * shows its detail, field errors their fields, no answer is a network error, and an answer that
 * does not match its contract is reported as a contract mismatch (issue 9), not as a network error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/client/api/errors';
import { request } from '../../src/client/api/http';
import { fetchPublicConfig } from '../../src/client/api/refund';
import { messages } from '../../src/contracts/messages';

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('staff client (ofetch)', () => {
  const call = () => request(z.object({ id: z.number() }), '/zone/1/', { auth: false });

  it('reports an answer that does not match its contract as such', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 'uno' }));
    const error = await failure(call());
    expect([error.kind, error.status, error.message]).toEqual([
      'contract',
      200,
      messages.common.contractMismatch,
    ]);
  });

  it('maps a detail, field errors and no answer', async () => {
    vi.stubGlobal('fetch', answer(403, { detail: 'Prohibido.' }));
    expect((await failure(call())).message).toBe('Prohibido.');
    vi.stubGlobal('fetch', answer(400, { short_name: ['Duplicado.'] }));
    expect((await failure(call())).fields).toEqual({ short_name: ['Duplicado.'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await failure(call());
    expect([offline.kind, offline.message]).toEqual(['network', messages.common.networkError]);
  });

  it('reads the detail of a refused file download, and answers the file otherwise (issue 17)', async () => {
    const download = () =>
      request(z.unknown(), '/refund_download_file/', {
        auth: false,
        method: 'POST',
        body: { refund_files_ids: [] },
        responseType: 'blob',
      });
    vi.stubGlobal('fetch', answer(404, { detail: 'No encontramos el archivo.' }));
    const refused = await failure(download());
    expect([refused.status, refused.message]).toEqual([404, 'No encontramos el archivo.']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    expect((await failure(download())).message).toBe(messages.common.genericRetry);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
            status: 200,
            headers: { 'content-type': 'application/zip' },
          }),
      ),
    );
    const file = await download();
    expect(file).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (file as Blob).arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4]);
  });

  it('parses a matching answer', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 1 }));
    await expect(call()).resolves.toEqual({ id: 1 });
  });
});

describe('refund portal client (fetch)', () => {
  it('uses the same mapper: contract mismatch, detail, network', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } });
    vi.stubGlobal('fetch', answer(200, { unexpected: true }));
    expect((await failure(fetchPublicConfig())).kind).toBe('contract');
    vi.stubGlobal('fetch', answer(429, {}));
    expect((await failure(fetchPublicConfig())).message).toBe(messages.common.tooManyRequests);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await failure(fetchPublicConfig())).kind).toBe('network');
  });
});
