/**
 * The HTTP adapter of a registered module (issue 29): each route authenticates, reads the path,
 * query and body, calls the module's service and shapes its answer (links, status codes, Sperta's
 * `view`). No rule lives here; ./service.ts has them all.
 *
 *   GET    {path}?offset&limit&ordering&<filters>  -> {count, count_kind, next, previous, results}
 *   GET    {path}summary/?<filters>                -> the declared summary
 *   GET    {path}{id}/                             -> the entity
 *   POST   {path}                                  -> 201 the entity
 *   PUT    {path}{id}/                             -> the entity
 *   DELETE {path}{id}/                             -> 204
 *   POST   {path}{id}/actions/{name}/              -> the entity after the action (204 if removed)
 *   POST   {path}bulk/{name}/ {ids, ...payload}    -> {results: [{id, ok, detail?}]}
 */
import type { FastifyInstance } from 'fastify';
import { authenticate, principalOf } from '../../auth/guard';
import { cursorLinks, pageLinks } from '../../http/pagination';
import type { ResourceModel } from './model';
import type { ListResult } from './reading';
import type { ResourceService } from './service';

/**
 * A list page as the API answers it, its links to `url` (the list's own address, or the one a
 * compatibility call names): `{count, count_kind, next, previous, results}`.
 */
export function listAnswer<E>(url: string, page: ListResult<E>) {
  const links = page.cursors
    ? cursorLinks({ url }, page.limit, page.cursors)
    : pageLinks({ url }, page, page.count, page.hasNext);
  return { count: page.count, count_kind: page.countKind, ...links, results: page.results };
}

const paramOf = (params: unknown, key: 'id' | 'action'): string =>
  String((params as Record<string, unknown> | undefined)?.[key] ?? '');

export function mountRoutes(app: FastifyInstance, model: ResourceModel, service: ResourceService): void {
  const { definition, contract, operations, hasActions } = model;
  const collectionPath = contract.path;
  const itemPath = `${contract.path}:id/`;
  const tag = <B extends object>(body: B, view: string): B => (definition.tagView ? { ...body, view } : body);
  const authenticated = { preHandler: authenticate(model.context) };

  if (operations.has('list'))
    app.get(collectionPath, authenticated, async (request) => {
      const principal = principalOf(request);
      if (definition.answerQuery) {
        const answer = definition.answerQuery(request.query as Record<string, unknown>, principal);
        if (answer !== undefined) return answer;
      }
      return tag(listAnswer(request.url, await service.list(principal, request.query)), 'list');
    });

  if (operations.has('list') && definition.summary)
    app.get(`${collectionPath}summary/`, authenticated, async (request) =>
      service.summary(principalOf(request), request.query),
    );

  if (operations.has('detail'))
    app.get(itemPath, authenticated, async (request) =>
      tag(await service.get(principalOf(request), paramOf(request.params, 'id')), 'show'),
    );

  if (operations.has('create'))
    app.post(collectionPath, authenticated, async (request, reply) => {
      const answer = await service.create(principalOf(request), request.body);
      return reply.status(201).send(tag(answer, 'create'));
    });

  if (operations.has('update'))
    app.put(itemPath, authenticated, async (request) =>
      tag(await service.update(principalOf(request), paramOf(request.params, 'id'), request.body), 'edit'),
    );

  if (operations.has('remove'))
    app.delete(itemPath, authenticated, async (request, reply) => {
      await service.remove(principalOf(request), paramOf(request.params, 'id'));
      if (definition.tagView) reply.header('x-view', 'remove');
      return reply.status(204).send();
    });

  if (hasActions) {
    app.post(`${contract.path}:id/actions/:action/`, authenticated, async (request, reply) => {
      const answer = await service.runAction(
        principalOf(request),
        paramOf(request.params, 'action'),
        paramOf(request.params, 'id'),
        request.body ?? {},
      );
      // An action that removed its record answers 204, like a delete.
      return answer ? answer : reply.status(204).send();
    });

    app.post(`${contract.path}bulk/:action/`, authenticated, async (request) =>
      service.runBulkAction(principalOf(request), paramOf(request.params, 'action'), request.body),
    );
  }
}
