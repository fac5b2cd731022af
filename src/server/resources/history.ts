/**
 * The engine's history (issue 9 'Audit history'; src/contracts/engine.ts):
 *
 *   GET /history/?entity&record&offset&limit -> {count, next, previous, results: HistoryEntry[]}
 *
 * Newest first. Readable by whoever may read the record through its module (the module's detail
 * permission and scope); an unknown entity answers a field error.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type HistoryEntry, historyQuerySchema } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { auditLog, users } from '../db/schema';
import { FieldValidationError } from '../http/errors';
import { pageLinks } from '../http/pagination';
import { parseWith } from '../http/validate';
import { historyAccessOf } from './engine';

export function historyRoutes(app: FastifyInstance, context: AppContext) {
  app.get('/history/', { preHandler: authenticate(context) }, async (request) => {
    const query = parseWith(historyQuerySchema, request.query);
    const access = historyAccessOf(context, query.entity);
    if (!access) throw new FieldValidationError({ entity: [messages.common.invalidValue] });
    await access.assertMayRead(context.db, principalOf(request), query.record);
    const where = and(eq(auditLog.entity, query.entity), eq(auditLog.recordId, query.record));
    const [{ total }] = await context.db.select({ total: count() }).from(auditLog).where(where);
    // Who, by name (a left join: a deleted user keeps the username recorded at the time).
    const rows = await context.db
      .select({
        entry: auditLog,
        name: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .offset(query.offset)
      .limit(query.limit);
    const results: HistoryEntry[] = rows.map(({ entry, name }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      user: { id: entry.userId, username: entry.username, name: name ?? '' },
      action: entry.action,
      changes: entry.changes as HistoryEntry['changes'],
    }));
    return { count: total, ...pageLinks(request, query, total), results };
  });
}
