/**
 * Issue 43, item 3: what SPEC §7 exposes of an office's Karing record, its payment-review history
 * and a group's status record.
 *
 * - Karing (`/office_karing/`, nested in the office's detail as `karing`): code, address, enabled,
 *   and the municipality, matched here by its name and province (the Karing municipalities are
 *   reference data of each installation, `GET /karing/get_municipios/`); an unknown one is left empty.
 * - Payment-review history: SPEC §7 documents only `POST /review/` (writing an entry). This product
 *   also answers `GET /review/?office_payment={id}`; when the source does (a 404 or any error
 *   otherwise: reported, the office still comes), each entry comes with its observation, snapshot,
 *   date and the user (by username; empty when that user is not here).
 * - Group status (`GET /status_group/{group}/`, documented): `is_active`; a group without a status
 *   record at the source (404) gets none here.
 */
import type { PoolClient } from 'pg';
import type { Source } from './source';

type Json = Record<string, unknown>;

/** Offices written this run whose payment-review history could not be read (legacy id: reason). */
export const reviewProblems = new Map<number, string>();

/** The office's payment-review history, read when the source answers it. */
export async function withReviews(source: Source | undefined, record: Json): Promise<Json> {
  const payments = record.payments as Json | null | undefined;
  if (!source || !payments || typeof payments.id !== 'number') return record;
  const reviews: Json[] = [];
  try {
    for (let offset = 0; ; offset += 1000) {
      const page = await source.getOptional<{ results?: Json[] }>(
        `/review/?office_payment=${payments.id}&offset=${offset}&limit=1000`,
      );
      if (page === null) return { ...record, reviews_problem: 'el sistema anterior no da GET /review/' };
      const results = page.results ?? [];
      reviews.push(...results);
      if (results.length < 1000) break;
    }
  } catch (error) {
    return { ...record, reviews_problem: (error as Error).message.slice(0, 200) };
  }
  // Oldest first: the order they are written in here.
  reviews.sort(
    (a, b) => String(a.created_at).localeCompare(String(b.created_at)) || Number(a.id) - Number(b.id),
  );
  return { ...record, reviews };
}

/** Karing and the payment reviews of an office whose sub-records were just rewritten. */
export async function writeOfficeExtras(tx: PoolClient, id: number, record: Json): Promise<void> {
  const legacy = Number(record.id);
  const karing = record.karing as Json | null | undefined;
  await tx.query('delete from office_karing where office_id = $1', [id]);
  if (karing) {
    const name = typeof karing.municipality_name === 'string' ? karing.municipality_name : '';
    const municipality = name
      ? (
          await tx.query<{ id: number }>(
            `select id from municipalities where name || ' (' || province || ')' = $1 order by id limit 1`,
            [name],
          )
        ).rows[0]?.id
      : undefined;
    await tx.query(
      `insert into office_karing (office_id, municipality_id, karing_code, address, is_enabled)
       values ($1, $2, $3, $4, $5)`,
      [id, municipality ?? null, karing.karing_code ?? '', karing.address ?? '', karing.is_enabled !== false],
    );
  }
  if (typeof record.reviews_problem === 'string') reviewProblems.set(legacy, record.reviews_problem);
  else reviewProblems.delete(legacy);
  const reviews = Array.isArray(record.reviews) ? (record.reviews as Json[]) : [];
  if (reviews.length === 0) return;
  // office_payments was just rewritten (its reviews went with it): the office's one payment row.
  const payment = (
    await tx.query<{ id: number }>('select id from office_payments where office_id = $1', [id])
  ).rows[0];
  if (!payment) return;
  for (const review of reviews)
    await tx.query(
      `insert into office_payment_reviews (office_payment_id, user_id, observation, snapshot, created_at)
       values ($1, (select id from users where username = $2), $3, $4, $5)`,
      [
        payment.id,
        review.user ?? null,
        review.observation ?? '',
        JSON.stringify(review.snapshot ?? {}),
        review.created_at,
      ],
    );
}

/** The group's status record, when the source has one. */
export async function withGroupStatus(source: Source | undefined, record: Json): Promise<Json> {
  if (!source) return record;
  const status = await source.getOptional<{ is_active?: boolean }>(`/status_group/${record.id}/`);
  return { ...record, status_active: status === null ? null : status.is_active !== false };
}

export async function writeGroupStatus(tx: PoolClient, id: number, record: Json): Promise<void> {
  if (record.status_active === null || record.status_active === undefined) {
    await tx.query('delete from status_group where group_id = $1', [id]);
    return;
  }
  await tx.query(
    `insert into status_group (group_id, is_active) values ($1, $2)
     on conflict (group_id) do update set is_active = $2, updated_at = now()`,
    [id, record.status_active === true],
  );
}
