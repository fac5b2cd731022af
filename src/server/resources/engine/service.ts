/**
 * The service of a registered module (issue 29): list, get, create, update, remove, run an action,
 * run a bulk action — each called with a principal, with the module's permissions and office scope
 * (its declared `ownership`) applied inside, every write in one transaction with its audit entry.
 * The HTTP routes (./routes.ts) are a thin adapter over it, and other server code calls it in
 * process (`serviceOf(context, voucherResource)`), never the HTTP stack.
 */
import type { BulkActionResult } from '../../../contracts/engine';
import { messages } from '../../../contracts/messages';
import type { Resource } from '../../../contracts/permissions';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { idFromParams } from '../../http/validate';
import type { ResourceActions } from './actions';
import type {
  ActionInputs,
  AnyContract,
  EntityOf,
  Extra,
  Loaders,
  Operation,
  ResourceDefinition,
  TableWithId,
} from './definition';
import type { AnyEntity, ResourceModel } from './model';
import type { ListPipeline, ListResult } from './reading';
import { type ResourceListReader, serviceAt } from './registry';
import type { ResourceWriter } from './writing';

/** A record id as a route or a caller gives it (a path segment or a number); bad ids answer 404. */
export type RecordId = number | string;

export interface ResourceService<Entity = AnyEntity> {
  readonly path: string;
  /** The history entity (`voucher`). */
  readonly entity: string;
  readonly resource: Resource;
  /** A page of the list: the query's filters, ordering and paging (`offset`/`limit` or `cursor`). */
  list(principal: Principal, query?: unknown): Promise<ListResult<Entity>>;
  /** The declared figures over the whole filtered list (`summary`); 404 when none is declared. */
  summary(principal: Principal, query?: unknown): Promise<unknown>;
  get(principal: Principal, id: RecordId): Promise<Entity>;
  create(principal: Principal, body: unknown): Promise<Entity>;
  update(principal: Principal, id: RecordId, body: unknown): Promise<Entity>;
  remove(principal: Principal, id: RecordId): Promise<void>;
  /** The record after the action (`action_result` when the action answers one), null when removed. */
  runAction(
    principal: Principal,
    name: string,
    id: RecordId,
    body?: unknown,
  ): Promise<(Entity & { action_result?: Record<string, unknown> }) | null>;
  /** `{ids, ...payload}`: each id in its own savepoint, refusals answered per id. */
  runBulkAction(principal: Principal, name: string, body: unknown): Promise<BulkActionResult>;
  /** The list read path by keyset (exports, the reservations CSV). */
  readonly reader: ResourceListReader;
}

const idOf = (id: RecordId) => idFromParams({ id: String(id) });

export function serviceFor(
  model: ResourceModel,
  pipeline: ListPipeline,
  writer: ResourceWriter,
  actions: ResourceActions,
): ResourceService {
  const { context, contract, operations } = model;
  const offered = (operation: Operation) => {
    if (!operations.has(operation)) throw notFound(messages.common.notFound);
  };

  // Every method is async: a refusal is always a rejected promise, never a synchronous throw.
  return {
    path: contract.path,
    entity: model.entity,
    resource: contract.resource,
    reader: pipeline.reader,

    async list(principal, query = {}) {
      offered('list');
      return pipeline.list(principal, query);
    },

    async summary(principal, query = {}) {
      offered('list');
      if (!model.definition.summary) throw notFound(messages.common.notFound);
      return pipeline.summary(principal, query);
    },

    async get(principal, rawId) {
      offered('detail');
      const permission = model.permissionOf('detail');
      model.checkBefore(permission, principal);
      const id = idOf(rawId);
      const row = await model.readScoped(context.db, id, principal);
      model.checkWith(permission, principal, row);
      const answer = model.visible(principal, await model.present(context.db, row));
      return model.withAllowed(answer, principal, row);
    },

    async create(principal, body) {
      offered('create');
      model.checkBefore(model.permissionOf('create'), principal);
      return writer.inTransaction('create', (tx) => writer.save(tx, body, null, principal));
    },

    async update(principal, rawId, body) {
      offered('update');
      model.checkBefore(model.permissionOf('update'), principal);
      const id = idOf(rawId);
      return writer.inTransaction('update', (tx) => writer.save(tx, body, id, principal));
    },

    async remove(principal, rawId) {
      offered('remove');
      model.checkBefore(model.permissionOf('remove'), principal);
      const id = idOf(rawId);
      await writer.inTransaction('remove', (tx) => writer.remove(tx, id, principal));
    },

    async runAction(principal, name, rawId, body = {}) {
      model.checkBefore(model.actionPermission(name), principal);
      const id = idOf(rawId);
      return writer.inTransaction('action', (tx) => actions.run(tx, name, id, body, principal));
    },

    async runBulkAction(principal, name, body) {
      return actions.runBulk(principal, name, body);
    },
  };
}

/**
 * The service of a module registered on this app, typed by its declaration:
 * `serviceOf(context, voucherResource).runBulkAction(principal, 'status_2', {ids})`.
 */
export function serviceOf<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra,
  L extends Loaders,
  A extends ActionInputs,
>(context: AppContext, definition: ResourceDefinition<C, T, E, L, A>): ResourceService<EntityOf<C>> {
  const service = serviceAt(context, definition.contract.path);
  if (!service) throw new Error(`${definition.contract.path} is not registered on this app`);
  return service as ResourceService<EntityOf<C>>;
}
