/**
 * A declaration's custom actions (issue 29): one record's (`runAction`, in the caller's
 * transaction) and a bulk run (`runBulkAction`, a savepoint per id). Each run checks the action's
 * permission inside the principal's scope, its refusal, `authorizeWrite`, and is audited under
 * the action's name in its own transaction.
 */
import { type BulkActionResult, bulkActionRequestSchema } from '../../../contracts/engine';
import type { Principal } from '../../auth/principal';
import type { Transaction } from '../../db/client';
import { FieldValidationError, HttpError } from '../../http/errors';
import { parseWith } from '../../http/validate';
import { writeAudit } from '../audit';
import type { AnyEntity, ResourceModel } from './model';
import type { ResourceWriter } from './writing';

/** An action's answer: the record after it (with `action_result`), or null when it removed it. */
export type ActionAnswer = (AnyEntity & { action_result?: Record<string, unknown> }) | null;

export interface ResourceActions {
  /** One action on one record, in the caller's transaction or savepoint. */
  run(tx: Transaction, name: string, id: number, body: unknown, principal: Principal): Promise<ActionAnswer>;
  /** `{ids, ...payload}`: the action on each id, a savepoint each; refusals answered per id. */
  runBulk(principal: Principal, name: string, body: unknown): Promise<BulkActionResult>;
}

export function actionsOf(model: ResourceModel, writer: ResourceWriter): ResourceActions {
  const { definition, entity } = model;

  /** `body` is parsed here, after the scoped read: another office's record is 404, whatever the body. */
  async function run(tx: Transaction, name: string, id: number, body: unknown, principal: Principal) {
    const permission = model.actionPermission(name);
    const action = model.actions[name];
    const row = await model.readScoped(tx, id, principal);
    model.checkWith(permission, principal, row);
    // The record's refusal (its status does not allow the action) comes before the body's
    // problems: a refund that cannot be approved answers 409, not 400 about amounts (issue 30 §4).
    const refusal = action.refuse?.(row);
    if (refusal) throw new HttpError(409, refusal);
    const input = parseWith(action.input, body);
    const current = await model.present(tx, row);
    await definition.authorizeWrite?.({
      tx,
      principal,
      operation: 'action',
      action: name,
      id,
      input: null,
      current,
    });
    const result = await action.run(tx, { id, row, current, input, principal });
    const after = await model.readOne(tx, id, null);
    const answer = after ? await model.present(tx, after) : null;
    await writeAudit(tx, principal, { entity, recordId: id, action: name, before: current, after: answer });
    if (!after || !answer) return null;
    const allowed = model.withAllowed(answer, principal, after);
    return result ? { ...allowed, action_result: result } : allowed;
  }

  async function runBulk(principal: Principal, name: string, body: unknown): Promise<BulkActionResult> {
    model.checkBefore(model.actionPermission(name), principal);
    const { ids, ...payload } = parseWith(bulkActionRequestSchema, body);
    // Validated once for the whole request; each id's run parses it again after its scoped read.
    parseWith(model.actions[name].input, payload);
    const results = await writer.inTransaction('action', async (tx) => {
      const outcome: BulkActionResult['results'] = [];
      for (const id of [...new Set(ids)]) {
        try {
          // A savepoint per id: a refusal undoes that id's work only.
          await tx.transaction((savepoint) => run(savepoint, name, id, payload, principal));
          outcome.push({ id, ok: true });
        } catch (error) {
          const refusal = writer.translate(error, 'action');
          if (refusal instanceof HttpError) outcome.push({ id, ok: false, detail: refusal.detail });
          else if (refusal instanceof FieldValidationError)
            outcome.push({ id, ok: false, detail: Object.values(refusal.fields).flat()[0] ?? '' });
          else throw refusal;
        }
      }
      return outcome;
    });
    return { results };
  }

  return { run, runBulk };
}
