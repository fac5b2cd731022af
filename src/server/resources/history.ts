/**
 * The engine's history (issue 9 'Audit history'; src/contracts/engine.ts):
 *
 *   GET /history/?entity&record&offset&limit -> {count, next, previous, results: HistoryEntry[]}
 *
 * Each entry's changes as people read them (../services/historyChanges.ts, issue 32).
 * Newest first, read by the engine's list path (page and count as two statements). Readable by whoever may read the record through its module (the module's detail
 * permission and scope); an unknown entity answers a field error.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type HistoryEntry, historyQuerySchema } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { auditLog, users } from '../db/schema';
import { FieldValidationError } from '../http/errors';
import { pageLinks } from '../http/pagination';
import { parseWith } from '../http/validate';
import { readableChanges } from '../services/historyChanges';
import { historyAccessOf } from './engine';
import { exactLimitOf, listPage, type OrderTerm } from './listQuery';

/** A history entry's columns, and who by name (a left join: a deleted user keeps the username recorded). */
const historySelection = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  changes: auditLog.changes,
  name: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};
const historyJoins = [{ table: users, on: eq(users.id, auditLog.userId) }];
const NEWEST_FIRST: OrderTerm[] = [{ expression: auditLog.id, descending: true, notNull: true }];
type HistoryRow = {
  id: number;
  at: Date;
  userId: number | null;
  username: string;
  action: string;
  changes: unknown;
  name: string | null;
};

export function historyRoutes(app: FastifyInstance, context: AppContext) {
  app.get('/history/', { preHandler: authenticate(context) }, async (request) => {
    const query = parseWith(historyQuerySchema, request.query);
    const access = historyAccessOf(context, query.entity);
    if (!access) throw new FieldValidationError({ entity: [messages.common.invalidValue] });
    await access.assertMayRead(context.db, principalOf(request), query.record);
    const where = and(eq(auditLog.entity, query.entity), eq(auditLog.recordId, query.record));
    // The engine's list path (page and count as two statements, ../listQuery.ts), newest first.
    const page = await listPage<HistoryRow>(context.db, {
      table: auditLog,
      selection: historySelection,
      joins: historyJoins,
      where,
      order: NEWEST_FIRST,
      offset: query.offset,
      limit: query.limit,
      exactLimit: exactLimitOf(request.query, context.config.listExactCountLimit),
    });
    const results: HistoryEntry[] = page.rows.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      user: { id: entry.userId, username: entry.username, name: entry.name ?? '' },
      action: entry.action,
      // As people read them (issue 32): references by name, sub-records field by field, once.
      changes: readableChanges(entry.changes, query.entity),
    }));
    return { count: page.count, ...pageLinks(request, query, page.count, page.hasNext), results };
  });
}
