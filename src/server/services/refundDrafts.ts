/**
 * The refund wizard's server-side draft (issue 30 §1, docs/refund-drafts.md): read, saved with
 * optimistic concurrency, deleted with the submission, collected after 30 days untouched. Always
 * scoped by the caller's login subject (voucher + document): no call takes another key.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Language } from '../../contracts/i18n';
import { messages } from '../../contracts/messages';
import {
  draftFileIds,
  REFUND_DRAFT_RETENTION_DAYS,
  type RefundDraft,
  type RefundDraftSave,
  refundDraftDataSchema,
} from '../../contracts/refund';
import type { RefundAccess } from '../auth/refundAccess';
import type { Database, Transaction } from '../db/client';
import { refundDraftFiles, refundDrafts, storedFiles } from '../db/schema';
import { FieldValidationError, HttpError } from '../http/errors';
import { auditedWrite } from '../resources/engine';

const text = messages.refund;
export const REFUND_DRAFT_ENTITY = 'refund_drafts';
const subject = (access: RefundAccess) =>
  and(eq(refundDrafts.voucherId, access.voucherId), eq(refundDrafts.docNumber, access.docNumber));
const publicActor = (access: RefundAccess) => `voucher:${access.voucherId}`;

export async function readDraft(db: Database, access: RefundAccess): Promise<RefundDraft | null> {
  const [row] = await db.select().from(refundDrafts).where(subject(access)).limit(1);
  if (!row) return null;
  const data = refundDraftDataSchema.safeParse(row.data);
  if (!data.success) return null;
  return {
    version: row.version,
    data: data.data,
    updated_at: row.updatedAt.toISOString(),
    ...(row.language ? { language: row.language } : {}),
  };
}

/** Saves the draft if `save.version` is the stored one (0: none yet); else 409, nothing written. */
export async function saveDraft(
  db: Database,
  access: RefundAccess,
  save: RefundDraftSave,
  /** Issue 42: the portal's language when saving (its Accept-Language). */
  language: Language | null = null,
) {
  return auditedWrite(db, null, async (tx) => {
    const ids = draftFileIds(save.data);
    if (ids.length) {
      const own = await tx
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(inArray(storedFiles.id, ids), eq(storedFiles.voucherId, access.voucherId)));
      if (own.length !== ids.length) throw new FieldValidationError({ data: [text.fileUnknown] });
    }
    let version: number;
    if (save.version === 0) {
      const [row] = await tx
        .insert(refundDrafts)
        .values({ voucherId: access.voucherId, docNumber: access.docNumber, data: save.data, language })
        .onConflictDoNothing()
        .returning({ version: refundDrafts.version });
      if (!row) throw new HttpError(409, text.draftStale);
      version = row.version;
    } else {
      const [row] = await tx
        .update(refundDrafts)
        .set({
          data: save.data,
          version: sql`${refundDrafts.version} + 1`,
          updatedAt: new Date(),
          ...(language ? { language } : {}),
        })
        .where(and(subject(access), eq(refundDrafts.version, save.version)))
        .returning({ version: refundDrafts.version, updatedAt: refundDrafts.updatedAt });
      if (!row) throw new HttpError(409, text.draftStale);
      version = row.version;
    }
    await tx
      .delete(refundDraftFiles)
      .where(
        and(
          eq(refundDraftFiles.voucherId, access.voucherId),
          eq(refundDraftFiles.docNumber, access.docNumber),
        ),
      );
    if (ids.length) {
      await tx
        .insert(refundDraftFiles)
        .values(ids.map((fileId) => ({ voucherId: access.voucherId, docNumber: access.docNumber, fileId })));
    }
    return {
      result: { version },
      audit: {
        entity: REFUND_DRAFT_ENTITY,
        recordId: String(access.voucherId),
        action: save.version === 0 ? 'create' : 'update',
        before: null,
        after: { step: save.data.step, claims: save.data.claims.length, files: ids.length, version },
        publicActor: publicActor(access),
      },
    };
  });
}

/** Deletes the subject's draft inside the caller's transaction (the submission's). */
export async function deleteDraftIn(tx: Transaction, access: RefundAccess): Promise<boolean> {
  const rows = await tx.delete(refundDrafts).where(subject(access)).returning({ id: refundDrafts.voucherId });
  return rows.length > 0;
}

/** 'Descartar': deletes the draft, audited; its files become orphans. */
export async function discardDraft(db: Database, access: RefundAccess): Promise<void> {
  await auditedWrite(db, null, async (tx) => {
    const deleted = await deleteDraftIn(tx, access);
    return {
      result: undefined,
      audit: deleted
        ? {
            entity: REFUND_DRAFT_ENTITY,
            recordId: String(access.voucherId),
            action: 'delete',
            before: null,
            after: null,
            publicActor: publicActor(access),
          }
        : [],
    };
  });
}

/** Deletes the drafts untouched for REFUND_DRAFT_RETENTION_DAYS at `now`; answers how many. */
export async function deleteStaleDrafts(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REFUND_DRAFT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(refundDrafts)
    .where(lt(refundDrafts.updatedAt, cutoff))
    .returning({ voucherId: refundDrafts.voucherId });
  return rows.length;
}
