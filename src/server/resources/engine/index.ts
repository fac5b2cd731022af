/**
 * The server resource engine (issue 3; split by concern in issue 29, docs/engine.md). A module is
 * declared once — its contract, table, serializer, filters, ordering, ownership, permissions,
 * hooks and actions (./definition.ts) — and `registerResource` makes of it:
 *
 * - a model (./model.ts): permissions resolved once, the office scope, one record read and shown;
 * - the one list pipeline (./reading.ts): parse, conditions, scope, order; list, summary and the
 *   list reader the exports and the reservations CSV walk by keyset;
 * - writes (./writing.ts) and actions (./actions.ts): one transaction each, audited inside it;
 * - a service (./service.ts): list, get, create, update, remove, runAction, runBulkAction, called
 *   with a principal; other server code gets it with `serviceOf(context, declaration)`;
 * - its HTTP routes (./routes.ts), a thin adapter over the service.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../contracts/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { actionsOf } from './actions';
import type {
  ActionInputs,
  AnyContract,
  Extra,
  Loaders,
  ResourceDefinition,
  TableWithId,
} from './definition';
import { type AnyDefinition, modelOf, type ResourceModel } from './model';
import { listPipelineOf } from './reading';
import { type HistoryAccess, recordRegistration } from './registry';
import { mountRoutes } from './routes';
import { serviceFor } from './service';
import { writerOf } from './writing';

export type { ActionAnswer } from './actions';
export * from './definition';
export { containsVia, groupRows } from './filters';
export type { ListQuery, ListResult } from './reading';
export {
  type HistoryAccess,
  historyAccessOf,
  listReaderOf,
  type RegisteredResource,
  type ResourceListReader,
  registeredResourcesOf,
  serviceAt,
} from './registry';
export { listAnswer } from './routes';
export { type RecordId, type ResourceService, serviceOf } from './service';
export { type AuditEntries, type AuditedResult, auditedWrite } from './writing';

const MAX_INT = 2_147_483_647;

/** Who may read a record's history: whoever may read the record through its module. */
function historyAccessFor(model: ResourceModel): HistoryAccess {
  return {
    async assertMayRead(reader, principal, recordId) {
      const detail = model.permissionOf('detail');
      model.checkBefore(detail, principal);
      const id = /^\d{1,10}$/.test(recordId) ? Number(recordId) : 0;
      if (id < 1 || id > MAX_INT) throw notFound(messages.common.notFound);
      const row = await model.readOne(reader, id, principal);
      if (row) return model.checkWith(detail, principal, row);
      // A deleted record (or one outside the scope): only without a scope and with a
      // principal-level permission.
      if (model.scopeOf(principal) || (typeof detail === 'function' && !detail(principal, null)))
        throw notFound(messages.common.notFound);
    },
  };
}

/** Registers a declaration on an app: its service, list reader, history access and routes. */
export function registerResource<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra,
  L extends Loaders,
  A extends ActionInputs,
>(app: FastifyInstance, context: AppContext, definition: ResourceDefinition<C, T, E, L, A>): void {
  // The one place the declaration's types are erased: the internals share one shape.
  const model = modelOf(context, definition as unknown as AnyDefinition);
  const pipeline = listPipelineOf(model);
  const writer = writerOf(model);
  const service = serviceFor(model, pipeline, writer, actionsOf(model, writer));
  recordRegistration(
    context,
    {
      path: model.contract.path,
      entity: model.entity,
      resource: model.contract.resource,
      table: model.table,
      ownership: definition.ownership,
      operations: [...model.operations],
      writeSchemas: {
        create: definition.contract.create ?? definition.contract.write,
        update: definition.contract.write,
      },
      actions: Object.entries(model.actions).map(([name, action]) => ({ name, input: action.input })),
      hasSummary: Boolean(definition.summary),
    },
    service,
    pipeline.reader,
    historyAccessFor(model),
  );
  mountRoutes(app, model, service);
}

/** Registers many declarations (their types differ, so each keeps its own). */
export type ResourceRegistration = (app: FastifyInstance, context: AppContext) => void;

export function resource<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra,
  L extends Loaders,
  A extends ActionInputs,
>(definition: ResourceDefinition<C, T, E, L, A>): ResourceRegistration {
  return (app, context) => registerResource(app, context, definition);
}
