/**
 * Issue 10 'Uploads decoded before they are trusted': every image decoded and re-encoded by the
 * server, limits read from the header before decoding, PDFs parsed and refused with active
 * content, generated names with the detected extension, the per-voucher quota, and the job that
 * deletes orphan uploads after a day (run with a controllable clock).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { type StoredFile, uploadImageResponseSchema } from '../../src/contracts/refund';
import { passengers, storedFiles, voucherPassengers } from '../../src/server/db/schema';
import { createFileStore, MAX_IMAGE_PIXELS } from '../../src/server/services/files';
import { deleteOrphanUploads, runMaintenance, startMaintenance } from '../../src/server/services/maintenance';
import { keptFileOf, reencodingLaneOf } from '../../src/server/services/reencoding';
import { storageOf } from '../../src/server/services/storage';
import { createTestApp, type TestApp } from './support';

const text = messages.refund;
let testApp: TestApp;
let ipCounter = 1;
const nextIp = () => `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

async function accessFor(docNumber: string): Promise<string> {
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, docNumber));
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${row.voucherId}&document=${docNumber}`,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access: string }>().access;
}

function upload(access: string, files: { filename: string; data: Buffer }[]) {
  const boundary = `----uploadtest${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return testApp.app.inject({
    method: 'POST',
    url: '/images/upload-image',
    payload: Buffer.concat(chunks),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${access}`,
    },
    remoteAddress: nextIp(),
  });
}

async function uploadOk(access: string, files: { filename: string; data: Buffer }[]): Promise<StoredFile[]> {
  const response = await upload(access, files);
  expect(response.statusCode, response.body).toBe(201);
  return uploadImageResponseSchema.parse(response.json()).files;
}

async function storedRow(id: string) {
  const [row] = await testApp.context.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

// ---- Crafted files --------------------------------------------------------------------------

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A PNG declaring `width` x `height` whose rows are all zero (deflated: tiny for its size). */
async function zeroPng(width: number, height: number, bitDepth: number, colorType: number, rows = height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType] ?? 1;
  const row = Buffer.alloc(1 + (width * channels * bitDepth) / 8);
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (data: Buffer) => parts.push(data));
  for (let i = 0; i < rows; i++) {
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function pdfWith(change: (document: PDFDocument) => void, useObjectStreams = true): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  change(document);
  return Buffer.from(await document.save({ useObjectStreams }));
}
const jsAction = (document: PDFDocument) =>
  document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });

const SMALL_PNG = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } })
  .png()
  .toBuffer();

// ---- Tests ----------------------------------------------------------------------------------

describe('images are decoded and re-encoded', () => {
  let access: string;
  beforeAll(async () => {
    access = await accessFor('30123456');
  });

  it('refuses a JPEG header followed by HTML, with a Spanish message under `file`', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0<html><script>alert(1)</script></html>'),
    ]);
    const response = await upload(access, [{ filename: 'foto.jpg', data: fake }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ file: [`${text.uploadNotDecodable} (foto.jpg)`] });
  });

  it('refuses a PNG declaring 30000 x 30000 before decoding it', async () => {
    const huge = await zeroPng(30_000, 30_000, 8, 2, 1); // one row of data: only the header is read
    const response = await upload(access, [{ filename: 'enorme.png', data: huge }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      file: [`${text.uploadImageTooBig(MAX_IMAGE_PIXELS / 1_000_000)} (enorme.png)`],
    });
  });

  it('refuses small PNGs that inflate to about 200 MB (decompression bombs)', async () => {
    // 5000 x 5000 RGBA at 16 bits: 25 megapixels (under the pixel limit), 200 MB decoded.
    const deep = await zeroPng(5000, 5000, 16, 6);
    // 10000 x 6667 RGB at 8 bits: 200 MB decoded, 66 megapixels.
    const wide = await zeroPng(10_000, 6667, 8, 2);
    for (const [name, bomb] of [
      ['bomba16.png', deep],
      ['bomba.png', wide],
    ] as const) {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const response = await upload(access, [{ filename: name, data: bomb }]);
      expect(response.statusCode).toBe(415);
      expect(response.json().file[0]).toContain(text.uploadImageTooBig(MAX_IMAGE_PIXELS / 1_000_000));
    }
  }, 60_000);

  it('stores a PNG named evil.exe as .png under a generated name, re-encoded', async () => {
    const [file] = await uploadOk(access, [{ filename: '../../evil.exe', data: SMALL_PNG }]);
    expect(file).toMatchObject({ content_type: 'image/png', name: 'evil.exe.png' });
    // Issue 39: stored as sent under `<id>.png` and answered; re-encoded after, under a new key.
    const row = await keptFileOf(testApp.context, file.id);
    if (!row) throw new Error('the file is gone');
    expect(row.reencoding).toBe('done');
    expect(row.path).toMatch(new RegExp(`^${file.id.slice(0, 2)}/${file.id}-[0-9a-f]{8}\\.png$`));
    expect(await storageOf(testApp.context).get(path.join(file.id.slice(0, 2), `${file.id}.png`))).toBeNull();
    const bytes = await storedBytes(row.path);
    expect(row.size).toBe(bytes.length);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 10, height: 10 });
  });

  it('strips metadata (EXIF) from a kept JPEG and applies its orientation', async () => {
    const withExif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#abcdef' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: 'Viajero' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const [file] = await uploadOk(access, [{ filename: 'recibo', data: withExif }]);
    expect(file).toMatchObject({ content_type: 'image/jpeg', name: 'recibo.jpg' });
    const row = await keptFileOf(testApp.context, file.id);
    if (!row) throw new Error('the file is gone');
    expect(row.path.endsWith('.jpg')).toBe(true);
    const stored = await sharp(await storedBytes(row.path)).metadata();
    expect(stored.exif).toBeUndefined();
    // Orientation 6 (rotated 90°) applied to the pixels: 40 x 20 is now 20 x 40.
    expect([stored.width, stored.height]).toEqual([20, 40]);
  });
});

describe('images are re-encoded after the upload answers (issue 39)', () => {
  let access: string;
  beforeAll(async () => {
    access = await accessFor('30123456');
  });
  const truncatedJpeg = async () => {
    const good = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    // A sound header (the answer's check) and a scan cut short (only a full decode sees it).
    return good.subarray(0, good.indexOf(Buffer.from([0xff, 0xda])) + 40);
  };

  it('stores an image as sent without decoding it: the answer never waits for the heavy-work pool', async () => {
    const decoded: Buffer[] = [];
    const store = createFileStore(
      storageOf(testApp.context),
      async (bytes) => {
        decoded.push(bytes);
        throw new Error('the pool is not asked before the answer');
      },
      { deferImageReencoding: true },
    );
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#102030' } })
      .jpeg()
      .toBuffer();
    const file = await store.receive(Readable.from([photo]), 'foto.jpeg', 1_000_000);
    expect(file).toMatchObject({
      contentType: 'image/jpeg',
      problem: null,
      reencodePending: true,
      size: photo.length,
    });
    expect((await storedBytes(file.relativePath)).equals(photo)).toBe(true);
    expect(decoded).toHaveLength(0);
    // A header that is not an image is still refused before the answer, with its message.
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0<html>'),
    ]);
    const refusedFile = await store.receive(Readable.from([fake]), 'x.jpg', 1_000_000);
    expect(refusedFile).toMatchObject({ problem: text.uploadNotDecodable, relativePath: '' });
    await store.remove(file.relativePath);
  });

  it('refuses after the answer an image whose full decode fails: bytes removed, a failed reading, a Spanish 422 to staff', async () => {
    const [file] = await uploadOk(access, [{ filename: 'cortada.jpg', data: await truncatedJpeg() }]);
    const sentPath = path.join(file.id.slice(0, 2), `${file.id}.jpg`);
    const row = await keptFileOf(testApp.context, file.id);
    expect(row?.reencoding).toBe('refused');
    expect(await storageOf(testApp.context).get(sentPath)).toBeNull();
    const staff = await testApp.login('admin');
    const served = await testApp.app.inject({
      method: 'GET',
      url: `/api/stored_file/${file.id}/`,
      headers: { authorization: staff },
    });
    expect(served.statusCode).toBe(422);
    expect(served.json()).toEqual({ detail: messages.refundLinks.fileRefused('cortada.jpg') });
  });

  it('serves staff the re-encoded image even before the pool came to it, and two workers on one file keep one copy', async () => {
    const withExif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fedcba' } })
      .jpeg()
      .withExifMerge({ IFD0: { Artist: 'Viajero' } })
      .toBuffer();
    const [file] = await uploadOk(access, [{ filename: 'recibo.jpg', data: withExif }]);
    const staff = await testApp.login('admin');
    const [served, other] = await Promise.all([
      testApp.app.inject({
        method: 'GET',
        url: `/api/stored_file/${file.id}/`,
        headers: { authorization: staff },
      }),
      keptFileOf(testApp.context, file.id),
    ]);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const row = await storedRow(file.id);
    expect(row).toMatchObject({ reencoding: 'done', path: other?.path, size: served.rawPayload.length });
    const blobs = await testApp.context.db.execute(
      sql`select key from file_blobs where key like ${`${file.id.slice(0, 2)}/${file.id}%`}`,
    );
    expect((blobs as unknown as { rows: { key: string }[] }).rows.map((blob) => blob.key)).toEqual([
      row.path,
    ]);
  });

  it('the lane re-encodes what nobody reads, on its own', async () => {
    const [file] = await uploadOk(access, [{ filename: 'sola.png', data: SMALL_PNG }]);
    await reencodingLaneOf(testApp.context).idle();
    expect((await storedRow(file.id)).reencoding).toBe('done');
  });
});

describe('PDFs are parsed and refused with active content', () => {
  let access: string;
  beforeAll(async () => {
    access = await accessFor('12345678Z');
  });

  const cases: [string, () => Promise<Buffer>][] = [
    [
      'an /OpenAction running JavaScript (inside an object stream)',
      () => pdfWith((document) => document.catalog.set(PDFName.of('OpenAction'), jsAction(document))),
    ],
    [
      'a /Launch action',
      () =>
        pdfWith((document) =>
          document.catalog.set(
            PDFName.of('OpenAction'),
            document.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }),
          ),
        ),
    ],
    [
      'a page /AA (additional actions)',
      () =>
        pdfWith((document) =>
          document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: jsAction(document) })),
        ),
    ],
    [
      'a document-level /JavaScript name tree',
      () =>
        pdfWith((document) =>
          document.catalog.set(
            PDFName.of('Names'),
            document.context.obj({
              JavaScript: document.context.obj({ Names: [PDFString.of('x'), jsAction(document)] }),
            }),
          ),
        ),
    ],
    [
      'JavaScript behind #xx-escaped names',
      async () => {
        const plain = await pdfWith(
          (document) => document.catalog.set(PDFName.of('OpenAction'), jsAction(document)),
          false,
        );
        return Buffer.from(
          plain.toString('latin1').replace('/JavaScript', '/J#61vaScript').replace('/JS ', '/J#53 '),
          'latin1',
        );
      },
    ],
  ];
  for (const [what, make] of cases) {
    it(`refuses ${what}`, async () => {
      const response = await upload(access, [{ filename: 'carta.pdf', data: await make() }]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ file: [`${text.uploadPdfActive} (carta.pdf)`] });
    });
  }

  it('refuses a non-PDF that starts with %PDF and ends with %%EOF', async () => {
    const fake = Buffer.from('%PDF-1.7\n<html><body>hola</body></html>\n%%EOF\n');
    const response = await upload(access, [{ filename: 'factura.pdf', data: fake }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ file: [`${text.uploadNotDecodable} (factura.pdf)`] });
  });

  it('keeps a plain PDF as sent, with a link (GoTo) open action', async () => {
    const plain = await pdfWith((document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj([document.getPage(0).ref, PDFName.of('Fit')]),
      ),
    );
    const [file] = await uploadOk(access, [{ filename: 'carta', data: plain }]);
    expect(file).toMatchObject({ content_type: 'application/pdf', name: 'carta.pdf', size: plain.length });
    const row = await storedRow(file.id);
    expect((await storedBytes(row.path)).equals(plain)).toBe(true);
  });
});

describe('upload quota per refund access', () => {
  it('refuses uploads past the quota of stored, not yet submitted bytes, with a Spanish message', async () => {
    const config = testApp.context.config;
    const original = config.uploadQuotaBytes;
    config.uploadQuotaBytes = 1024 * 1024;
    try {
      const access = await accessFor('16789012');
      // Noise does not compress: each of these PNGs stores about 400 KB.
      const noise = () =>
        sharp(randomBytes(360 * 360 * 3), { raw: { width: 360, height: 360, channels: 3 } })
          .png()
          .toBuffer();
      await uploadOk(access, [{ filename: 'a.png', data: await noise() }]);
      await uploadOk(access, [{ filename: 'b.png', data: await noise() }]);
      const refused = await upload(access, [{ filename: 'c.png', data: await noise() }]);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ file: [text.uploadQuotaExceeded(1)] });
      // Two parallel requests cannot both squeeze under the quota.
      const parallel = await Promise.all([
        upload(access, [{ filename: 'd.png', data: SMALL_PNG }]),
        upload(access, [{ filename: 'e.png', data: await noise() }]),
      ]);
      expect(parallel.map((response) => response.statusCode).sort()).toEqual([201, 413]);
    } finally {
      config.uploadQuotaBytes = original;
    }
  }, 30_000);
});

/** The bytes kept in the file storage under a stored_files path (the database by default). */
async function storedBytes(key: string): Promise<Buffer> {
  const bytes = await storageOf(testApp.context).get(key);
  if (!bytes) throw new Error(`nothing stored under ${key}`);
  return bytes;
}

describe('orphan uploads', () => {
  it('are deleted a day after upload (rows, then bytes); attached files stay; two runs never clash', async () => {
    const access = await accessFor('30123456');
    const files = await uploadOk(access, [
      { filename: 'huerfano-1.png', data: SMALL_PNG },
      { filename: 'huerfano-2.png', data: SMALL_PNG },
      { filename: 'adjunto.png', data: SMALL_PNG },
    ]);
    const db = testApp.context.db;
    await db.update(storedFiles).set({ attachedAt: new Date() }).where(eq(storedFiles.id, files[2].id));
    // Issue 39: the files move to their re-encoded keys after the answer; read the rows after that.
    await reencodingLaneOf(testApp.context).idle();
    const rows = await Promise.all(files.map((file) => storedRow(file.id)));
    const store = createFileStore(storageOf(testApp.context));
    const stored = () => Promise.all(rows.map(async (row) => (await store.read(row.path)) !== null));
    expect(await stored()).toEqual([true, true, true]);

    const hour = 60 * 60 * 1000;
    expect(await deleteOrphanUploads(db, store, new Date(Date.now() + 23 * hour))).toBe(0);
    expect(await stored()).toEqual([true, true, true]);

    const later = new Date(Date.now() + 25 * hour);
    const orphans = (await db.select().from(storedFiles)).filter((row) => row.attachedAt === null).length;
    expect(orphans).toBeGreaterThanOrEqual(2);
    const [first, second] = await Promise.all([
      runMaintenance(db, store, later),
      runMaintenance(db, store, later),
    ]);
    // Every orphan of the database went exactly once (other tests' orphans included).
    expect(first.orphanUploads + second.orphanUploads).toBe(orphans);
    expect(await storedRow(files[0].id)).toBeUndefined();
    expect(await storedRow(files[1].id)).toBeUndefined();
    expect(await storedRow(files[2].id)).toBeDefined();
    expect(await stored()).toEqual([false, false, true]);
    expect(await deleteOrphanUploads(db, store, later)).toBe(0);
  });
});

describe('the maintenance job', () => {
  it('runs on its own once the server is ready, and stops when it closes', async () => {
    const access = await accessFor('1020304050');
    const [file] = await uploadOk(access, [{ filename: 'olvidado.png', data: SMALL_PNG }]);
    const store = createFileStore(storageOf(testApp.context));
    const server = Fastify();
    // A clock two days ahead and a first run after 20 ms, every 20 ms.
    startMaintenance(server, testApp.context, store, {
      firstRunAfterMs: 20,
      everyMs: 20,
      clock: () => new Date(Date.now() + 48 * 60 * 60 * 1000),
    });
    await server.ready();
    await expect.poll(async () => storedRow(file.id), { timeout: 5000 }).toBeUndefined();
    await server.close();
    // Closed: no further runs (a new orphan 'two days old' for the stopped clock stays).
    const [kept] = await uploadOk(access, [{ filename: 'nuevo.png', data: SMALL_PNG }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedRow(kept.id)).toBeDefined();
  });
});
