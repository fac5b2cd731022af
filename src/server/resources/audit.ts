/**
 * The engine's history (issue 9 'Audit history'): every create, update, delete and custom action
 * through the engine writes one `audit_log` row in the write's own transaction, with the changed
 * fields as `{field: {before, after}}` in API values. Secrets never reach the log: a changed
 * secret input (a password) is recorded as changed, with `SECRET_CHANGED` in place of its values.
 */
import { SECRET_CHANGED } from '../../contracts/engine';
import type { Principal } from '../auth/principal';
import type { Transaction } from '../db/client';
import { auditLog } from '../db/schema';

/** Keys of an answer that describe the answer, not the record. */
const NOT_RECORD_FIELDS = new Set(['view', 'allowed_actions']);

type Snapshot = Record<string, unknown> | null;
export type Changes = Record<string, { before: unknown; after: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two API snapshots (null: the record did not exist). */
export function changesBetween(
  before: Snapshot,
  after: Snapshot,
  secretFields: readonly string[] = [],
): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (NOT_RECORD_FIELDS.has(key) || secretFields.includes(key)) continue;
    const old = before ? (before[key] ?? null) : null;
    const value = after ? (after[key] ?? null) : null;
    if (!same(old, value)) changes[key] = { before: old, after: value };
  }
  return changes;
}

export interface AuditEntry {
  entity: string;
  recordId: number | string;
  action: string;
  before: Snapshot;
  after: Snapshot;
  /** Secret input fields the write changed: recorded as changed, their values never stored. */
  changedSecrets?: readonly string[];
  secretFields?: readonly string[];
  /**
   * Who wrote it when no staff principal did (a public write): the traveller's link or document,
   * recorded as the entry's username; `public` when left out. Never a staff id.
   */
  publicActor?: string;
}

/** The name a public write is recorded under: `public`, or `public:<who>` (a link, a voucher). */
export const publicActorOf = (who?: string) => (who ? `public:${who}` : 'public');

/** Who a staff write is recorded under: a principal, or the user a sign-in or reset is for. */
export type AuditActor = Pick<Principal, 'id' | 'username'>;

export async function writeAudit(
  tx: Transaction,
  principal: AuditActor | null,
  entry: AuditEntry,
): Promise<void> {
  const changes = changesBetween(entry.before, entry.after, entry.secretFields);
  for (const secret of entry.changedSecrets ?? [])
    changes[secret] = { before: SECRET_CHANGED, after: SECRET_CHANGED };
  await tx.insert(auditLog).values({
    userId: principal?.id ?? null,
    username: principal ? principal.username : publicActorOf(entry.publicActor),
    entity: entry.entity,
    recordId: String(entry.recordId),
    action: entry.action,
    changes,
  });
}
