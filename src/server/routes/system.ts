/** Health and the public configuration the browser needs. */
import type { FastifyInstance } from 'fastify';
import type { Health, PublicConfig } from '../../contracts/http';
import type { AppContext } from '../context';
import { appliedMigration } from '../db/client';

export function systemRoutes(app: FastifyInstance, context: AppContext) {
  // Read once: the health check must answer at once even while the database is busy (issue 11).
  let migration: string | null = null;
  app.get('/health/', async (): Promise<Health> => {
    migration ??= await appliedMigration(context.db);
    return { status: 'ok', database: context.databaseKind, migration };
  });

  app.get(
    '/config/',
    async (): Promise<PublicConfig> => ({
      imageServiceUrl: context.config.imageServiceUrl,
      b2bSiteUrl: context.config.b2bSiteUrl,
      publicSiteUrl: context.config.publicSiteUrl,
      oldAdminUrl: context.config.oldAdminUrl,
      refundSupportEmail: context.config.refundSupportEmail,
      brandName: context.config.brandName,
      qaRecording: context.config.qaRecording,
    }),
  );
}
