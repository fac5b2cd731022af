/**
 * The office core (SPEC §7 'Offices'), declared on the resource engine in
 * src/server/resources/offices.ts: GET /office/ and GET /office/{id}/ ('Ir a mi sitio' reads
 * one's own office without office/view). The full office module comes later.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerResource } from '../resources/engine';
import { officeResource } from '../resources/offices';

export function officeRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, officeResource);
}
