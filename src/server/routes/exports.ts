/**
 * Exports (issue 12; SPEC §7 'Offices': /office_report/, GET and PUT /report/{hash}/; §4 'Export
 * notifications'): a start route per declared export, the job's status, consumed, and the file.
 *
 *   GET /office_report/?<the office list's filters>&limit  -> {hash}
 *   GET /report/                                           -> {results: the user's unconsumed exports}
 *   GET /report/{hash}/                                    -> {status: Pending | OK | error, url, rows_written, rows_total, ...}
 *   PUT /report/{hash}/                                    -> marks it consumed (its file is removed)
 *   GET /report/{hash}/file/                               -> the xlsx (filter_offices.xlsx)
 *
 * A job is only visible to the user who asked for it: anyone else gets 404.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXPORT_KINDS, XLSX_CONTENT_TYPE } from '../../contracts/exports';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { FieldValidationError, forbidden, HttpError, notFound } from '../http/errors';
import { assertStorable } from '../http/validate';
import { listReaderOf } from '../resources/engine';
import {
  type AnyExport,
  consumeJob,
  ExportQueueFull,
  exportQueryOf,
  fileParts,
  ownJob,
  ownJobs,
  reportOf,
  requestExport,
  startExportWorker,
} from '../resources/exports';
import { invoicingExport } from '../resources/invoicingExport';
import { officeExport } from '../resources/officeExport';
import { promotionOfficeExport, promotionVoucherExport } from '../resources/promotionExports';
import { voucherExport } from '../resources/voucherExport';

/** Every declared export (vouchers add a line). */
export const EXPORTS: readonly AnyExport[] = [
  officeExport as unknown as AnyExport,
  voucherExport as unknown as AnyExport,
  invoicingExport as unknown as AnyExport,
  promotionVoucherExport,
  promotionOfficeExport,
];

const text = messages.exports;

function limitOf(raw: unknown): number | undefined {
  const value = (raw as Record<string, unknown> | null)?.limit;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new FieldValidationError({ limit: [text.invalidLimit] });
  return Number(value);
}

export function exportRoutes(app: FastifyInstance, context: AppContext) {
  const registry = new Map(EXPORTS.map((definition) => [definition.kind, definition]));
  const worker = startExportWorker(app, context, registry);
  const authenticated = { preHandler: authenticate(context) };

  for (const definition of EXPORTS) {
    app.get(EXPORT_KINDS[definition.kind].path, authenticated, async (request, reply) => {
      const principal = principalOf(request);
      const reader = listReaderOf(context, definition.resourcePath);
      if (!reader) throw new HttpError(500, messages.common.genericError);
      const permission = definition.permission ?? { resource: reader.resource, action: 'view' as const };
      if (!can(principal, permission.resource, permission.action)) throw forbidden(messages.common.forbidden);
      reader.assertMayList(principal);
      assertStorable(request.query);
      const limit = limitOf(request.query);
      const query = exportQueryOf(request.query);
      await definition.assertRequest?.(context, query);
      // The filters are checked now, as the list checks them: bad input never becomes a job.
      const { filtered } = await reader.whereOf(query, principal);
      let hash: string;
      try {
        hash = await requestExport(context, definition, principal.id, query, filtered, limit);
      } catch (error) {
        // Issue 39: past the queue's bounds, 429 (the user's) or 503 (everyone's) with Retry-After.
        if (!(error instanceof ExportQueueFull)) throw error;
        return reply
          .status(error.statusCode)
          .header('retry-after', String(error.retryAfterSeconds))
          .send({ detail: error.detail });
      }
      worker.wake();
      return { hash };
    });
  }

  const jobOf = async (request: FastifyRequest) => {
    const { hash } = request.params as { hash: string };
    const job = await ownJob(context.db, hash, principalOf(request).id);
    if (!job) throw notFound(messages.common.notFound);
    return job;
  };

  app.get('/report/', authenticated, async (request) => {
    const jobs = await ownJobs(context.db, principalOf(request).id);
    return { results: jobs.map(reportOf) };
  });

  app.get('/report/:hash/', authenticated, async (request) => reportOf(await jobOf(request)));

  app.put('/report/:hash/', authenticated, async (request) => {
    const job = await jobOf(request);
    if (job.status === 'pending' || job.status === 'running') throw new HttpError(409, text.notFinished);
    return reportOf(await consumeJob(context, job));
  });

  app.get('/report/:hash/file/', authenticated, async (request, reply) => {
    const job = await jobOf(request);
    if (job.status !== 'ok' || !job.fileKey) throw notFound(messages.common.notFound);
    const fileName = EXPORT_KINDS[job.kind as keyof typeof EXPORT_KINDS]?.fileName ?? 'export.xlsx';
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', String(job.fileSize ?? 0));
    return reply.send(Readable.from(fileParts(context, job)));
  });
}
