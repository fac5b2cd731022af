/**
 * Refunds (issue 43, 'What does not come across' item 1): what the staff calls of SPEC §7 give.
 *
 * - `GET /refund/` (paged) and its detail `GET /refund/{id}/`: the applicant, status, rejection
 *   reason, comment, every claim (coverage, country, date, currency, amount, approved amount, the
 *   penalty-letter services), the files' metadata, the requests staff made, and the payment data
 *   **masked** (only payment method, refund method, owner, bank name and account type in clear).
 * - `POST /refund_download_file/ {refund_files_ids}` (one id): each file's bytes, checked here by
 *   content (magic bytes: JPEG, PNG or PDF) and size against the detail before they are stored
 *   through the product's file storage (services/storage.ts).
 * - `GET /voucher/{id}/`: the voucher's office, which the money reconciliation groups by.
 *
 * Not readable through any documented call: the masked bank fields (account number, CBU, alias,
 * CUIT/CUIL, RUT, cédula, SWIFT, IBAN…). SPEC §7 documents no staff call that answers them in
 * clear (the traveller's `/refund_data/` needs the traveller's own session). The payment row is
 * brought with the clear fields and marked incomplete (`status` false), so staff ask the traveller
 * for the bank data again ('Solicitar datos bancarios'); the report lists each such refund.
 */
import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import type { Database } from '../db/client';
import { detectContentType } from '../services/files';
import { databaseStorage, type FileStorage } from '../services/storage';
import type { EntitySpec } from './entities';
import { type Source, SourceError } from './source';

type Json = Record<string, unknown>;

/** Bank fields the staff detail shows in clear (the others are masked there). */
const CLEAR_BANK_FIELDS: Record<string, string> = {
  payment_method: 'payment_method',
  refund_method: 'refund_method',
  owner: 'owner',
  bank_name: 'bank_name',
  account_type: 'account_type',
};

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The bytes downloaded for each record's files (kept out of the record: not hashed, not quarantined). */
const downloaded = new WeakMap<Json, Map<string, Buffer>>();

/** Download answers the source gave instead of a file's bytes (a 404), per record: quarantined. */
const downloadProblems = new WeakMap<Json, string[]>();

const inTransaction = (tx: PoolClient): FileStorage => databaseStorage(drizzle(tx) as unknown as Database);
/** Where the importer stores files; set by the command (database storage in the batch's transaction by default). */
let storageFor: (tx: PoolClient) => FileStorage = inTransaction;
export function setImportFileStorage(make?: (tx: PoolClient) => FileStorage) {
  storageFor = make ?? inTransaction;
}
/**
 * A dry run writes nothing anywhere: its database writes are rolled back, and files are not put at
 * all (a directory has no rollback). The bytes are still downloaded and checked, so a dry run
 * quarantines what the real run quarantines.
 */
let discardFiles = false;
export function setImportDryRun(dryRun: boolean) {
  discardFiles = dryRun;
}
export const importFileStorage = (tx: PoolClient): FileStorage => {
  const storage = storageFor(tx);
  if (!discardFiles) return storage;
  return { kind: storage.kind, get: (key) => storage.get(key), put: async () => {}, remove: async () => {} };
};

/** A file id as a storage key takes it (the key is `ab/<id>.<ext>`). */
const FILE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Refunds whose bank data came masked (legacy id → refund id here), for the report. */
export const maskedPayments = new Map<number, string[]>();

const num = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

/** A deterministic UUID from the legacy id: a second run finds the same idempotency key. */
function legacyUuid(legacy: number): string {
  const hex = createHash('sha256').update(`import-refund-${legacy}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a file's content must be to be stored: the detected type and the announced size. */
export function checkedFile(bytes: Buffer, announced: Json): { contentType: string } | { problem: string } {
  const contentType = detectContentType(bytes.subarray(0, 32), bytes.subarray(-1024));
  if (!contentType) return { problem: 'el contenido no es JPEG, PNG ni PDF' };
  if (announced.content_type && announced.content_type !== contentType)
    return { problem: `el contenido es ${contentType}, no ${String(announced.content_type)}` };
  if (typeof announced.size === 'number' && announced.size !== bytes.length)
    return { problem: `mide ${bytes.length} bytes, no ${announced.size}` };
  return { contentType };
}

const claimsOf = (record: Json) => (Array.isArray(record.claims) ? (record.claims as Json[]) : []);
const filesOf = (record: Json) => (Array.isArray(record.files) ? (record.files as Json[]) : []);

/** The refund's claimed and approved amounts per legacy office|month submitted|currency. */
export function refundSourceMoney(record: Json): { key: string; amounts: unknown[] }[] {
  return claimsOf(record).map((claim) => ({
    key: `${record.office ?? ''}|${String(record.created_at ?? '').slice(0, 7)}|${claim.currency ?? ''}`,
    amounts: [claim.amount, claim.approved_amount ?? 0, 0],
  }));
}

export const refundEntity: EntitySpec = {
  name: 'refund',
  label: 'Reintegros',
  path: '/refund/',
  table: 'refunds',
  detail: true,
  // The voucher's office (money per office) and each file's bytes.
  enrich: async (get, record, source?: Source) => {
    const voucher = await get<Json>(`/voucher/${record.voucher}/`);
    const enriched: Json = { ...record, office: voucher.office ?? null };
    const bytes = new Map<string, Buffer>();
    const problems: string[] = [];
    for (const file of filesOf(record)) {
      if (!source) break;
      const id = String(file.id);
      try {
        bytes.set(id, await source.download('/refund_download_file/', { refund_files_ids: [id] }));
      } catch (error) {
        // The source refused this file (a 4xx: not there, not allowed): the refund is quarantined.
        // A source that stopped answering (5xx after the retries, a network failure) stops the run.
        if (!(error instanceof SourceError) || error.status === undefined || error.status >= 500) throw error;
        problems.push(`el archivo ${id} no se pudo descargar (${error.status})`);
      }
    }
    enriched.file_sha256 = Object.fromEntries(
      [...bytes].map(([id, data]) => [id, createHash('sha256').update(data).digest('hex')]),
    );
    downloaded.set(enriched, bytes);
    if (problems.length) downloadProblems.set(enriched, problems);
    return enriched;
  },
  // Checked before anything of the refund is written: a file that cannot be downloaded, whose id
  // cannot be a storage key, or whose bytes fail the content or size check, and a claim whose
  // coverage does not exist here, quarantine the refund with the reason (the run goes on).
  async problem(tx, record) {
    const problems = [...(downloadProblems.get(record) ?? [])];
    const bytes = downloaded.get(record) ?? new Map<string, Buffer>();
    for (const file of filesOf(record)) {
      const id = String(file.id);
      if (!FILE_ID.test(id)) {
        problems.push(`el id de archivo «${id.slice(0, 60)}» no es válido`);
        continue;
      }
      const data = bytes.get(id);
      if (!data) {
        if (!problems.some((problem) => problem.includes(`archivo ${id} `)))
          problems.push(`el archivo ${id} no se descargó`);
        continue;
      }
      const checked = checkedFile(data, file);
      if ('problem' in checked) problems.push(`el archivo ${id}: ${checked.problem}`);
    }
    const coverages = [...new Set(claimsOf(record).map((claim) => String(claim.coverage ?? '')))];
    if (coverages.length) {
      const known = await tx.query<{ name: string }>(
        `select distinct unnest(array[long_name_es, long_name_en, long_name_po, short_name]) as name
         from coverages where long_name_es = any($1::text[]) or long_name_en = any($1::text[])
           or long_name_po = any($1::text[]) or short_name = any($1::text[])`,
        [coverages],
      );
      const names = new Set(known.rows.map((row) => row.name));
      for (const coverage of coverages)
        if (!names.has(coverage)) problems.push(`la cobertura «${coverage}» no está aquí`);
    }
    return problems.length ? problems.join('; ') : null;
  },
  fields: (record) => {
    const { allowed_actions: _a, ...rest } = record;
    return rest;
  },
  refs: (record) => [{ entity: 'voucher', id: num(record.voucher), required: true }],
  row: (record, resolve) => {
    const legacy = Number(record.id);
    return {
      voucher_id: resolve('voucher', num(record.voucher)),
      doc_number: record.doc_number ?? '',
      name: record.name ?? '',
      surname: record.surname ?? '',
      email: record.email ?? '',
      phone_contact: record.phone_contact ?? '',
      status: record.status,
      rejection_reason: record.rejection_reason ?? '',
      client_comment: record.client_comment ?? '',
      idempotency_key: legacyUuid(legacy),
      country_residence: record.country_residence ?? '',
      language: record.language ?? 'es',
      created_at: record.created_at,
      updated_at: record.created_at,
    };
  },
  async children(tx, id, record) {
    const legacy = Number(record.id);
    // The passenger whose document opened the refund, among the voucher's passengers.
    await tx.query(
      `update refunds r set pax_id = (select p.id from voucher_passengers vp join pax p on p.id = vp.pax_id
         where vp.voucher_id = r.voucher_id and p.doc_number = r.doc_number order by p.id limit 1)
       where r.id = $1`,
      [id],
    );
    // Rewritten whole: the files' links, the claims (their services cascade), requests, payment.
    const oldFiles = await tx.query<{ file_id: string }>(
      'select file_id from refund_files where refund_id = $1',
      [id],
    );
    await tx.query('delete from refund_files where refund_id = $1', [id]);
    await tx.query('delete from refund_claims where refund_id = $1', [id]);
    await tx.query('delete from refund_requests where refund_id = $1', [id]);
    await tx.query('delete from refund_payments where refund_id = $1', [id]);
    const claimIds = new Map<number, number>();
    for (const [position, claim] of claimsOf(record).entries()) {
      const coverage = await tx.query<{ id: number }>(
        `select id from coverages where $1 in (long_name_es, long_name_en, long_name_po, short_name)
         order by id limit 1`,
        [String(claim.coverage ?? '')],
      );
      if (!coverage.rows[0])
        throw new Error(
          `El reintegro ${legacy} del sistema anterior nombra la cobertura «${String(claim.coverage)}», que no está aquí.`,
        );
      const inserted = await tx.query<{ id: number }>(
        `insert into refund_claims (refund_id, position, coverage_id, coverage_name, sinister_country,
           sinister_date, currency_code, amount, approved_amount, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          id,
          position,
          coverage.rows[0].id,
          claim.coverage,
          claim.sinister_country,
          claim.sinister_date,
          claim.currency,
          claim.amount,
          claim.approved_amount ?? null,
          record.created_at,
        ],
      );
      claimIds.set(Number(claim.id), inserted.rows[0].id);
      for (const service of Array.isArray(claim.services) ? (claim.services as Json[]) : [])
        await tx.query(
          `insert into refund_claim_services (claim_id, service, service_name, amount_paid, amount_recovered)
           values ($1, $2, $3, $4, $5)`,
          [
            inserted.rows[0].id,
            service.service,
            service.name ?? '',
            service.amount_paid,
            service.amount_recovered,
          ],
        );
    }
    // mailed_at set: the importer mails nothing (no side effects); closed when closed there.
    for (const request of Array.isArray(record.requests) ? (record.requests as Json[]) : [])
      await tx.query(
        `insert into refund_requests (refund_id, kind, items, max_files, observations, created_at, mailed_at, closed_at)
         values ($1, $2, $3, $4, $5, $6, $6, case when $7 then null else $6::timestamptz end)`,
        [
          id,
          request.kind,
          JSON.stringify(request.items ?? []),
          request.max_files ?? null,
          request.observations ?? '',
          request.created_at,
          request.open === true,
        ],
      );
    const payment = record.payment as {
      complete?: boolean;
      fields?: { field: string; value: string }[];
    } | null;
    if (payment) {
      const clear: Json = {};
      const hidden: string[] = [];
      for (const { field, value } of payment.fields ?? []) {
        if (CLEAR_BANK_FIELDS[field]) clear[CLEAR_BANK_FIELDS[field]] = value;
        else hidden.push(field);
      }
      await tx.query(
        `insert into refund_payments (refund_id, payment_method, refund_method, owner, bank, bank_name,
           account_type, account_number, status, created_at, updated_at)
         values ($1, $2, $3, $4, '', $5, $6, '', $7, $8, $8)`,
        [
          id,
          clear.payment_method ?? '',
          clear.refund_method ?? '',
          clear.owner ?? '',
          clear.bank_name ?? '',
          clear.account_type ?? '',
          // Complete only when nothing came masked.
          hidden.length === 0 && payment.complete === true,
          record.created_at,
        ],
      );
      if (hidden.length) maskedPayments.set(legacy, hidden);
      else maskedPayments.delete(legacy);
    }
    // Files: the bytes the documented download call gave, checked, stored, linked.
    const storage = importFileStorage(tx);
    const bytes = downloaded.get(record) ?? new Map<string, Buffer>();
    const voucherId = (
      await tx.query<{ voucher_id: number }>('select voucher_id from refunds where id = $1', [id])
    ).rows[0].voucher_id;
    for (const file of filesOf(record)) {
      const data = bytes.get(String(file.id));
      if (!data) throw new Error(`El archivo ${String(file.id)} del reintegro ${legacy} no se descargó.`);
      const checked = checkedFile(data, file);
      if ('problem' in checked)
        throw new Error(`El archivo ${String(file.id)} del reintegro ${legacy}: ${checked.problem}.`);
      const fileId = String(file.id);
      const relativePath = `${fileId.slice(0, 2)}/${fileId}.${EXTENSION[checked.contentType]}`;
      await storage.put(relativePath, data);
      await tx.query(
        `insert into stored_files (id, voucher_id, original_name, content_type, size, sha256, path, attached_at)
         values ($1, $2, $3, $4, $5, $6, $7, now())
         on conflict (id) do update set voucher_id = $2, original_name = $3, content_type = $4, size = $5,
           sha256 = $6, path = $7, attached_at = coalesce(stored_files.attached_at, now())`,
        [
          fileId,
          voucherId,
          String(file.name ?? fileId).slice(0, 255),
          checked.contentType,
          data.length,
          createHash('sha256').update(data).digest('hex'),
          relativePath,
        ],
      );
      const claim = num(file.claim);
      await tx.query(
        `insert into refund_files (refund_id, claim_id, file_id, kind, item) values ($1, $2, $3, $4, $5)`,
        [id, claim === null ? null : (claimIds.get(claim) ?? null), fileId, file.kind, file.item ?? null],
      );
    }
    // Files no longer linked (a file removed at the source) are not left behind.
    const kept = new Set(filesOf(record).map((file) => String(file.id)));
    for (const { file_id } of oldFiles.rows)
      if (!kept.has(file_id)) await tx.query('delete from stored_files where id = $1', [file_id]);
  },
};
