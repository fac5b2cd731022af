/**
 * The history of imported records (issue 43 'No side effects'): one `audit_log` entry per record
 * written, 'Importado del sistema anterior', not a replay of its transitions, and no mail, PDF or
 * notification (the importer never calls the product's services). Like the engine's
 * `auditedWrite` (resources/engine/writing.ts), a write here goes through `importedWrite`, which
 * takes the entries with the work and writes them in the work's own transaction, after it: an
 * import write without its history entries does not type-check.
 */
import type { PoolClient } from 'pg';

/** The history action of a record brought across (label: 'Importado del sistema anterior'). */
export const IMPORT_ACTION = 'import';
/** The history action of a record deleted because the original system no longer lists it. */
export const IMPORT_REMOVE_ACTION = 'import_remove';
/** Who the entries are recorded under (no staff user acted). */
export const IMPORT_USERNAME = 'importación';

export interface ImportAudit {
  /** The history entity (the source path: `voucher`, `office`...). */
  entity: string;
  recordId: number;
  action: typeof IMPORT_ACTION | typeof IMPORT_REMOVE_ACTION;
  /** The record's id in the original system, recorded with the entry. */
  legacyId: number;
}

/** Runs `work` and writes `entries` after it, in the caller's transaction (one multi-row insert per 1000). */
export async function importedWrite<R>(
  tx: PoolClient,
  entries: readonly ImportAudit[],
  work: () => Promise<R>,
): Promise<R> {
  const result = await work();
  for (let start = 0; start < entries.length; start += 1000) {
    const slice = entries.slice(start, start + 1000);
    await tx.query(
      `insert into audit_log (user_id, username, entity, record_id, action, changes)
       select null, $1, unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), unnest($5::jsonb[])`,
      [
        IMPORT_USERNAME,
        slice.map((entry) => entry.entity),
        slice.map((entry) => String(entry.recordId)),
        slice.map((entry) => entry.action),
        slice.map((entry) => JSON.stringify({ legacy_id: { before: null, after: entry.legacyId } })),
      ],
    );
  }
  return result;
}
