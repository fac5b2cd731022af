/**
 * Promociones (issue 14; SPEC §7 'Promotions'): /promotion/, /promotion_product/ and
 * /promotion_product_office/, all on the resource engine (../resources/promotions.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerResource } from '../resources/engine';
import {
  promotionProductOfficeResource,
  promotionProductResource,
  promotionResource,
} from '../resources/promotions';

export function promotionRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, promotionResource);
  registerResource(app, context, promotionProductResource);
  registerResource(app, context, promotionProductOfficeResource);
}
