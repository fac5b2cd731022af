/**
 * Master data (spec section 7 'Master data', 'Sperta', 'Passengers', 'Blacklist'): every module
 * declared in src/server/resources, registered through the resource engine.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { masterDataResources } from '../resources';

export function masterDataRoutes(app: FastifyInstance, context: AppContext) {
  for (const register of masterDataResources) register(app, context);
}
