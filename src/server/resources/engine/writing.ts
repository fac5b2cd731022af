/**
 * The engine's writes (issue 29 'by construction'): every create, update and remove runs in one
 * transaction that also writes its audit entry, and database errors answer field errors or a
 * Spanish detail, never a 500. `auditedWrite` is the same guarantee for write paths outside a
 * declaration (status records, the product wizard, public links): its work must answer the audit
 * entries, and the helper writes them in the work's own transaction.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import type { Principal } from '../../auth/principal';
import type { Database, Transaction } from '../../db/client';
import { databaseErrorAnswer, FieldValidationError, forbidden } from '../../http/errors';
import { parseWith } from '../../http/validate';
import { type AuditActor, type AuditEntry, writeAudit } from '../audit';
import { forgetListMemory, rowsRemovedIn } from '../listQuery';
import type { Operation } from './definition';
import type { AnyEntity, ResourceModel } from './model';

/**
 * What a write records: one entry, or a list (empty only when the work wrote nothing, a repeated
 * acceptance say). The work must answer it: a write path cannot leave the history out by omission.
 */
export type AuditEntries = AuditEntry | readonly AuditEntry[];

/** What the work of an audited write answers: its result and what the history records. */
export interface AuditedResult<R> {
  result: R;
  audit: AuditEntries;
}

/**
 * Runs `work` in one transaction and writes its audit entries in that same transaction, after
 * the work (who: `principal`, null for a public link). The only way the engine's write paths
 * outside a declaration write: a write without a history entry does not type-check.
 */
export async function auditedWrite<R>(
  db: Pick<Database, 'transaction'> | Transaction,
  principal: AuditActor | null,
  work: (tx: Transaction) => Promise<AuditedResult<R>>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const { result, audit } = await work(tx);
    const entries = (Array.isArray(audit) ? audit : [audit]) as readonly AuditEntry[];
    for (const entry of entries) await writeAudit(tx, principal, entry);
    return result;
  });
}

export interface ResourceWriter {
  /** Runs a write in a transaction (a savepoint inside a transaction), mapping database errors. */
  inTransaction<R>(operation: Operation | 'action', work: (tx: Transaction) => Promise<R>): Promise<R>;
  /** A database error as the answer it gives (field errors, a Spanish detail) or itself. */
  translate(error: unknown, operation: Operation | 'action'): unknown;
  /** Create (id null) or update, audited; the answer with `allowed_actions`. */
  save(tx: Transaction, body: unknown, id: number | null, principal: Principal): Promise<AnyEntity>;
  /** Remove, audited. */
  remove(tx: Transaction, id: number, principal: Principal): Promise<void>;
}

export function writerOf(model: ResourceModel): ResourceWriter {
  const { context, definition, contract, table, entity } = model;
  const text = messages.resources;

  const fieldOfDbColumn = (column: string) =>
    definition.fieldOfColumn?.[column] ?? column.replace(/_id$/, '');

  function translate(error: unknown, operation: Operation | 'action'): unknown {
    return (
      databaseErrorAnswer(error, { fieldOfColumn: fieldOfDbColumn, removing: operation === 'remove' }) ??
      error
    );
  }

  async function inTransaction<R>(
    operation: Operation | 'action',
    work: (tx: Transaction) => Promise<R>,
  ): Promise<R> {
    try {
      const { result, removed } = await context.db.transaction(async (tx) => {
        const result = await work(tx);
        return { result, removed: await rowsRemovedIn(tx, table) };
      });
      // This instance's next page of the module is exact again (listQuery.ts: anchors, counts).
      forgetListMemory(table, removed);
      return result;
    } catch (error) {
      throw translate(error, operation);
    }
  }

  async function checkUnique(tx: Transaction, values: Record<string, unknown>, id: number | null) {
    const errors: FieldErrors = {};
    for (const rule of definition.unique ?? []) {
      const key = model.keyOfColumn.get(rule.column);
      const value = key === undefined ? undefined : values[key];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const sameValue =
        typeof value === 'string' ? sql`lower(${rule.column}) = lower(${value})` : eq(rule.column, value);
      const [clash] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(id === null ? sameValue : and(sameValue, ne(table.id, id)))
        .limit(1);
      if (clash) errors[rule.field] = [rule.message ?? text.duplicate];
    }
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
  }

  const changedSecrets = (input: unknown): string[] =>
    (definition.secretInputs ?? []).filter((key) => {
      const value = (input as Record<string, unknown>)[key];
      return value !== undefined && value !== null && value !== '';
    });

  /** Create (id null) or update: validate, authorize, write, child tables, audit; one transaction. */
  async function save(tx: Transaction, body: unknown, id: number | null, principal: Principal) {
    const operation = id === null ? 'create' : 'update';
    const currentRow = id === null ? null : await model.readScoped(tx, id, principal);
    model.checkWith(model.permissionOf(operation), principal, currentRow);
    const current = currentRow ? await model.present(tx, currentRow) : null;
    // A contract's `create` is its `write` made stricter (Usuarios: the password required), so its
    // output is a write body too.
    const schema = ((operation === 'create' && contract.create) || contract.write) as typeof contract.write;
    const input = parseWith(schema, body);
    await definition.authorizeWrite?.({ tx, principal, operation, id, input, current });
    const extra = (await definition.beforeWrite?.(tx, input, id, principal)) ?? {};
    const values = { ...definition.values!(input), ...extra } as Record<string, unknown>;
    await checkUnique(tx, values, id);
    let recordId: number;
    if (id === null) {
      const [created] = await tx
        .insert(table)
        .values(values as PgInsertValue<typeof table>)
        .returning({ id: table.id });
      recordId = created.id as number;
    } else {
      const changes = model.hasUpdatedAt ? { ...values, updatedAt: new Date() } : values;
      await tx
        .update(table)
        .set(changes as PgUpdateSetSource<typeof table>)
        .where(eq(table.id, id));
      recordId = id;
    }
    await definition.afterWrite?.(tx, recordId, input, principal, operation);
    // A write never puts a row outside the writer's scope (another office's record, a user of an
    // office outside its tree): the whole transaction is undone.
    if (model.scopeOf(principal) && !(await model.readOne(tx, recordId, principal)))
      throw forbidden(messages.permissions.outsideOfficeScope);
    const row = (await model.readOne(tx, recordId, null))!;
    const answer = await model.present(tx, row);
    await writeAudit(tx, principal, {
      entity,
      recordId,
      action: operation,
      before: current,
      after: answer,
      changedSecrets: changedSecrets(input),
    });
    return model.withAllowed(answer, principal, row);
  }

  async function remove(tx: Transaction, id: number, principal: Principal) {
    const row = await model.readScoped(tx, id, principal);
    model.checkWith(model.permissionOf('remove'), principal, row);
    const current = await model.present(tx, row);
    await definition.authorizeWrite?.({ tx, principal, operation: 'remove', id, input: null, current });
    await definition.beforeRemove?.(tx, id, principal);
    await tx.delete(table).where(eq(table.id, id));
    await writeAudit(tx, principal, { entity, recordId: id, action: 'remove', before: current, after: null });
  }

  return { inTransaction, translate, save, remove };
}
