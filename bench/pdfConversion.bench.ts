/**
 * Budgets of the refund portal (issue 5):
 * 1. PDF conversion: a generated 20-page PDF converted in Chromium by the built app's own
 *    conversion chunk (src/client/refund/files/pdf.ts: pdfjs, scale 1.5, JPEG quality 1) in under
 *    10 s in total; prints pages per second.
 * 2. First load of the portal (/refund): entry + RefundArea with their static imports, gzipped,
 *    under 150 KB, with no pdfjs and no staff chunks.
 * Builds into a temporary directory, serves it with a small static server and drives Debian's
 * Chromium with playwright-core. Exits non-zero when over a budget.
 * Run: npx tsx bench/pdfConversion.bench.ts
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { multiPagePdf } from '../tests/e2e/fixtures/refund/files';
import { chunkGzippedSize, chunksFor, readManifest } from './bundle';

const PAGES = 20;
const CONVERSION_BUDGET_S = 10;
const FIRST_LOAD_BUDGET = 150 * 1024;

const outDir = mkdtempSync(path.join(tmpdir(), 'refund-bench-'));
let failed = false;
try {
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false } });
  const manifest = readManifest(outDir);

  // ---- first load of /refund ------------------------------------------------------------------
  const seen = chunksFor(manifest, ['src/client/app/RefundArea.tsx']);
  let firstLoad = 0;
  console.log('refund portal first load (/refund):');
  for (const key of seen) {
    const size = chunkGzippedSize(manifest, key, outDir);
    firstLoad += size;
    console.log(`  ${manifest[key].file.padEnd(48)} ${(size / 1024).toFixed(1)} KB gz`);
  }
  const sources = [...seen].join(' ');
  const pdfjsInside = /pdfjs|refund\/files\/pdf/.test(sources);
  const staffInside = [...seen].filter((key) =>
    /StaffArea|StaffLayout|StaffShell|app\/session|api\/auth|views\/(auth|dashboard|resources|qa)/.test(key),
  );
  console.log(
    `first-load JS: ${(firstLoad / 1024).toFixed(1)} KB gzipped (budget ${FIRST_LOAD_BUDGET / 1024} KB); pdfjs: ${pdfjsInside ? 'YES' : 'no'}; staff chunks: ${staffInside.length ? staffInside.join(', ') : 'none'}`,
  );
  if (firstLoad > FIRST_LOAD_BUDGET || pdfjsInside || staffInside.length) failed = true;

  // ---- PDF conversion in Chromium ------------------------------------------------------------
  const pdfChunk = manifest['src/client/refund/files/pdf.ts']?.file;
  if (!pdfChunk) throw new Error('the PDF conversion chunk is missing from the manifest');
  const server = createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '/').split('?')[0]);
    let file = path.join(outDir, url);
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(outDir, 'index.html');
    }
    const type =
      file.endsWith('.js') || file.endsWith('.mjs')
        ? 'text/javascript'
        : file.endsWith('.wasm')
          ? 'application/wasm'
          : file.endsWith('.html')
            ? 'text/html'
            : 'application/octet-stream';
    response.writeHead(url.startsWith('/api/') ? 404 : 200, { 'content-type': type });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/refund`);
    const pdf = (await multiPagePdf(PAGES)).toString('base64');
    const result = await page.evaluate(
      async ({ chunk, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const started = performance.now();
        const module = (await import(chunk)) as {
          convertPdf: (file: Blob, name: string) => Promise<{ name: string; blob: Blob }[]>;
        };
        const pages = await module.convertPdf(new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf');
        const seconds = (performance.now() - started) / 1000;
        const head = new Uint8Array(await pages[0].blob.slice(0, 3).arrayBuffer());
        return {
          seconds,
          names: pages.map((p) => p.name),
          jpeg: head[0] === 0xff && head[1] === 0xd8,
          bytes: pages.reduce((sum, p) => sum + p.blob.size, 0),
        };
      },
      { chunk: `/${pdfChunk}`, base64: pdf },
    );
    const ok =
      result.names.length === PAGES && result.jpeg && result.names[PAGES - 1] === `bench-${PAGES}.jpg`;
    console.log(
      `PDF conversion: ${result.names.length} pages in ${result.seconds.toFixed(2)} s total (${(result.names.length / result.seconds).toFixed(1)} pages/s, ${(result.bytes / 1024).toFixed(0)} KB of JPEG; budget ${CONVERSION_BUDGET_S} s)${ok ? '' : ' — WRONG OUTPUT'}`,
    );
    if (!ok || result.seconds > CONVERSION_BUDGET_S) failed = true;
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
