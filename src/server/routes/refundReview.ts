/**
 * Staff reads of submitted refunds (SPEC §7 GET /refund/ and its detail), with refund/view,
 * declared on the resource engine in src/server/resources/refundReview.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerResource } from '../resources/engine';
import { refundReviewResource } from '../resources/refundReview';

export function refundReviewRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, refundReviewResource);
}
