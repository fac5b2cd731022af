/**
 * Usuarios on /profile/ and the permission catalogue (spec section 7 'Authentication and users';
 * section 2 'Usuarios' columns and filters; section 3 'User').
 *
 *   GET    /profile/?queryType=LOGIN                -> the signed-in user's profile
 *   GET    /profile/?offset&limit&email&username&first_name  (user/view) -> page of users
 *   GET    /profile/{id}/                           -> one user (own profile, or user/view)
 *   POST   /profile/                                (user/add) -> 201 the user
 *   PUT    /profile/{id}/                           (user/add) -> the user
 *   DELETE /profile/{id}/                           (user/add) -> 204
 *   GET    /permission/?offset&limit                (permission/view, or user/add or group/add
 *                                                    for the pickers of their forms)
 *   GET    /permission/check/?resource&action       -> {allowed} for the signed-in user
 *   POST   /permission/check/ {entity, view, body}  -> 204, or 403 naming a field the role may not edit
 *
 * /profile/ and /permission/ are declared on the resource engine (src/server/resources/users.ts,
 * with the escalation rules of issue 10); the two permission checks are plain routes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mayDo } from '../../contracts/access';
import { ACTIONS, RESOURCES } from '../../contracts/permissions';
import { FIELD_ENTITIES, FIELD_VIEWS } from '../../contracts/roleRules';
import { assertEditableFields } from '../auth/fieldRules';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseWith } from '../http/validate';
import { registerResource } from '../resources/engine';
import { permissionResource, userResource } from '../resources/users';

const fieldCheckSchema = z.strictObject({
  entity: z.enum(FIELD_ENTITIES),
  view: z.enum(FIELD_VIEWS),
  body: z.record(z.string().max(100), z.unknown()),
  current: z.record(z.string().max(100), z.unknown()).optional(),
});

export function profileRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, userResource);
  registerResource(app, context, permissionResource);

  /** Answers what `mayDo` says for the signed-in user, as the server loaded it. */
  app.get('/permission/check/', { preHandler: authenticate(context) }, async (request) => {
    const query = parseWith(
      z.object({ resource: z.enum(RESOURCES), action: z.enum(ACTIONS) }),
      request.query,
    );
    const principal = principalOf(request);
    return {
      allowed: mayDo(
        {
          id: principal.id,
          isSuperuser: principal.isSuperuser,
          groups: principal.groupIds,
          permissions: principal.permissions,
        },
        query.resource,
        query.action,
      ),
    };
  });

  /**
   * A dry run of the per-role field rule (section 6) for the signed-in user: 204 when the body's
   * voucher or reservation fields may be written in `view`, else the 403 `{detail}` the write
   * endpoints answer. The same `assertEditableFields` guards those endpoints.
   */
  app.post('/permission/check/', { preHandler: authenticate(context) }, async (request, reply) => {
    const input = parseWith(fieldCheckSchema, request.body);
    assertEditableFields(principalOf(request), input.entity, input.view, input.body, input.current);
    return reply.status(204).send();
  });
}
