/**
 * `npm run import` (issue 43): walks the original API entity by entity in dependency order and
 * writes each page as one batch in one transaction here: the rows (upserts keyed by the legacy id
 * through `import_id_map`; an unchanged record, same hash, is skipped), their sub-records, the id
 * map, one history entry 'Importado del sistema anterior' per written record, the quarantined
 * records with their reasons, and the entity's checkpoint. A run stopped anywhere (kill -9, a
 * network failure) continues from the last committed page; a dry run does all of it in one
 * transaction that is rolled back.
 */
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { ENTITIES, type EntitySpec, insertRows, type Ref, type Resolve } from './entities';
import {
  IMPORT_ACTION,
  IMPORT_REMOVE_ACTION,
  IMPORT_USERNAME,
  type ImportAudit,
  importedWrite,
} from './history';
import { imageProblems } from './images';
import { addTotals, emptyTotals, type Totals } from './money';
import { reviewProblems } from './officeExtras';
import { maskedPayments, refundSourceMoney, setImportDryRun } from './refunds';
import { SeenIds } from './seen';
import type { Source } from './source';

type Json = Record<string, unknown>;

export interface EntityReport {
  entity: string;
  label: string;
  /** Records the source listed (counted by the walk; its own `count` when not walked here). */
  sourceCount: number;
  /** The source's `count` on its first page. */
  listedCount: number;
  created: number;
  updated: number;
  unchanged: number;
  quarantined: number;
  /** Records deleted here because the source no longer lists them. */
  deleted: number;
  /** Rows of the id map for this entity after the run. */
  mapped: number;
  reasons: string[];
  seconds: number;
  /** Resumed from a checkpoint (earlier pages were committed by an interrupted run). */
  resumedAt: number | null;
  /** Walked from the first page in this run (deleted records detected). */
  complete: boolean;
  /** Records whose detail call was skipped: unchanged here since it was read (invoicing's payments). */
  reused: number;
}

export interface ImportOptions {
  pool: Pool;
  source: Source;
  dryRun?: boolean;
  /** Entity names to import (all when empty). */
  only?: string[];
  /** Records per page and batch (1000). */
  pageSize?: number;
  /** A progress line. */
  progress?: (line: string) => void;
  /**
   * Read every reservation's payments again (`--all-payments`); by default an invoicing row whose
   * own fields and reservation are unchanged since the last run keeps the payments read then.
   */
  allPayments?: boolean;
  /** Called after each committed batch (tests stop a run there). */
  afterBatch?: (entity: string, offset: number) => void | Promise<void>;
}

export interface ImportResult {
  dryRun: boolean;
  entities: EntityReport[];
  /** Users created without a password (they use 'Olvidé mi contraseña'). */
  usersWithoutPassword: number;
  /** Offices written this run whose payment-review history could not be read (legacy id: reason). */
  reviewProblems: { legacy_id: number; reason: string }[];
  /** Products written this run whose image bytes could not be brought (legacy id: reason). */
  imageProblems: { legacy_id: number; reason: string }[];
  /** Refunds written this run whose bank fields came masked (not readable through a documented call). */
  maskedPayments: { legacy_id: number; fields: string[] }[];
  /** The source's money totals per entity (vouchers, invoicing), by office|month. */
  sourceTotals: Record<string, Totals>;
  /** Computed on this side before the transaction ended (the dry run's too). */
  reconciliation: import('./reconcile').Reconciliation;
  requests: number;
  retries: number;
  seconds: number;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const withoutPerUser = (record: Json) => {
  const { allowed_actions: _allowed, ...rest } = record;
  return rest;
};

interface Progress {
  walked: number;
  created: number;
  updated: number;
  unchanged: number;
  quarantined: number;
  reasons: string[];
  totals: Totals;
  /** Invoicing's payments (amount in the first column). */
  payments?: Totals;
  /** Late references of committed pages not fixed yet. */
  late?: LateRef[];
  /** Records whose detail call was not made: what it reads was here, unchanged (invoicing's payments). */
  reused?: number;
}

/** The large entities (consecutive in ENTITIES), walked on two lanes side by side. */
const LANES = [
  ['pax', 'voucher'],
  ['reservation', 'facturacion'],
];
/** What a walk on one lane waits for on the other. */
const WAITS: Record<string, string[]> = { voucher: ['reservation'] };

/** A walk stopped because the one beside it failed (that one's error is the run's). */
class Halted extends Error {}

/** An entity's report while the run goes on, with the legacy ids its walk saw. */
type WalkedEntity = EntityReport & { seen: SeenIds };

/** A reference fixed after its record is written: `table.column` of row `id` ← `entity` `legacy`. */
export interface LateRef {
  owner: string;
  table: string;
  id: number;
  column: string;
  entity: string;
  legacy: number;
}

const emptyProgress = (): Progress => ({
  walked: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  quarantined: 0,
  reasons: [],
  totals: emptyTotals(),
});

/** Which money a record adds to the source's totals (office|month keys). */
function sourceMoney(entity: string, record: Json): { key: string; amounts: unknown[] } | null {
  if (entity === 'voucher')
    return {
      key: `${record.office ?? ''}|${String(record.reservation_date_in ?? '').slice(0, 7)}`,
      amounts: [record.final_price, record.commission, record.net_price],
    };
  if (entity === 'facturacion')
    return {
      key: `${record.office ?? ''}|${String(record.date_created ?? '').slice(0, 7)}|${record.currency ?? ''}`,
      amounts: [record.final_price, record.commission, record.net_price],
    };
  return null;
}

/** A reservation's payments, summed per office|month paid|currency (amounts only). */
function sourcePayments(record: Json): { key: string; amounts: unknown[] }[] {
  const payments = Array.isArray(record.payments) ? (record.payments as Json[]) : [];
  return payments.map((payment) => ({
    key: `${record.office ?? ''}|${String(payment.paid_at ?? '').slice(0, 7)}|${payment.currency ?? ''}`,
    amounts: [payment.amount, 0, 0],
  }));
}

function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.round(seconds)} s`;
}

export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const { pool, source, dryRun = false } = options;
  const pageSize = options.pageSize ?? 1000;
  const say = options.progress ?? (() => {});
  const plan = options.only?.length
    ? ENTITIES.filter((entity) => options.only?.includes(entity.name))
    : ENTITIES;
  const began = performance.now();
  const client = await pool.connect();
  const reports: WalkedEntity[] = [];
  const sourceTotals: Record<string, Totals> = {};
  let usersWithoutPassword = 0;
  maskedPayments.clear();
  imageProblems.clear();
  reviewProblems.clear();
  setImportDryRun(dryRun);
  /**
   * Late references (a branch's parent office, a country's currency): fixed at the end of their
   * entity when the parent is in, else at the end of the run; kept in the entity's checkpoint, so a
   * resumed run still fixes those of the pages the stopped one committed.
   */
  let late: LateRef[] = [];
  let second: PoolClient | null = null;
  const resolveLate = async (db: PoolClient, final: boolean) => {
    const pending: LateRef[] = [];
    const current = late;
    late = [];
    for (const item of current) {
      const [row] = (
        await db.query<{ new_id: string }>(
          'select new_id from import_id_map where entity = $1 and legacy_id = $2',
          [item.entity, item.legacy],
        )
      ).rows;
      if (row)
        await db.query(`update ${item.table} set ${item.column} = $2 where id = $1`, [
          item.id,
          Number(row.new_id),
        ]);
      else if (!final) pending.push(item);
      else {
        const report = reports.find((entry) => entry.entity === item.owner);
        if (report) {
          report.quarantined += 1;
          if (report.reasons.length < 10)
            report.reasons.push(
              `${item.owner} ${item.id}: falta ${item.entity} ${item.legacy} (${item.column} queda vacío)`,
            );
        }
      }
    }
    late.push(...pending);
  };
  try {
    await source.signIn();
    if (dryRun) await client.query('begin');
    // One user of a connection at a time: a page's batch, or a read for a page fetched ahead.
    const queues = new Map<PoolClient, Promise<unknown>>();
    const exclusive = <T>(db: PoolClient, work: () => Promise<T>): Promise<T> => {
      const run = (queues.get(db) ?? Promise.resolve()).then(work, work);
      queues.set(
        db,
        run.catch(() => {}),
      );
      return run;
    };
    const inBatch = <T>(db: PoolClient, work: () => Promise<T>): Promise<T> =>
      exclusive(db, () => batch(db, work));
    const batch = async <T>(db: PoolClient, work: () => Promise<T>): Promise<T> => {
      if (dryRun) {
        await db.query('savepoint import_batch');
        try {
          const result = await work();
          await db.query('release savepoint import_batch');
          return result;
        } catch (error) {
          await db.query('rollback to savepoint import_batch');
          throw error;
        }
      }
      await db.query('begin');
      try {
        const result = await work();
        await db.query('commit');
        return result;
      } catch (error) {
        await db.query('rollback').catch(() => {});
        throw error;
      }
    };

    // A run continues an interrupted one (an entity not done, from the same source); otherwise it
    // starts again from the first page of everything.
    const checkpoints = new Map(
      (
        await client.query<{
          entity: string;
          source: string;
          next_offset: number;
          done: boolean;
          progress: Progress;
        }>('select entity, source, next_offset, done, progress from import_checkpoints')
      ).rows.map((row) => [row.entity, row]),
    );
    const resuming = plan.some((spec) => {
      const checkpoint = checkpoints.get(spec.name);
      return checkpoint && !checkpoint.done && checkpoint.source === source.baseUrl;
    });
    if (!resuming) {
      await client.query('delete from import_checkpoints where entity = any($1::text[])', [
        plan.map((s) => s.name),
      ]);
      checkpoints.clear();
    } else {
      say('Continuando la importación interrumpida desde su último lote confirmado.');
      // The references the stopped run still had to fix, kept with its checkpoints.
      for (const checkpoint of checkpoints.values()) late.push(...(checkpoint.progress.late ?? []));
    }

    const walkEntity = async (
      spec: EntitySpec,
      db: PoolClient,
      halt: { stopped: boolean },
    ): Promise<WalkedEntity> => {
      const started = performance.now();
      const checkpoint = checkpoints.get(spec.name);
      const progress: Progress = checkpoint
        ? { ...emptyProgress(), ...checkpoint.progress }
        : emptyProgress();
      const seen = new SeenIds();
      const reusedRecords = new WeakSet<Json>();
      let offset = checkpoint?.done ? -1 : (checkpoint?.next_offset ?? 0);
      const resumedAt = checkpoint && !checkpoint.done && offset > 0 ? offset : null;
      let listedCount = 0;
      if (offset >= 0) {
        // Pages fetched ahead, a few in flight (the source's gate bounds them), written in order.
        const fetchPage = async (at: number) => {
          const page = await source.page<Json>(spec.path, at, pageSize);
          const detailPath = spec.path.split('?')[0];
          if (spec.detail)
            page.results = await Promise.all(
              page.results.map((row) => source.get<Json>(`${detailPath}${row.id}/`)),
            );
          const prepare = spec.prepare;
          const reused = prepare
            ? await exclusive(db, () => prepare(db, page.results, !options.allPayments))
            : new Set<Json>();
          for (const record of reused) reusedRecords.add(record);
          const enrich = spec.enrich;
          if (enrich)
            page.results = await Promise.all(
              page.results.map((row) => (reused.has(row) ? row : enrich(source.get, row, source))),
            );
          return page;
        };
        const ahead: Promise<Awaited<ReturnType<typeof fetchPage>>>[] = [];
        let nextFetch = offset;
        let ended = false;
        const startedWalk = performance.now();
        const walkedBefore = progress.walked;
        let lastSaid = 0;
        for (;;) {
          if (halt.stopped) throw new Halted(`${spec.label}: detenida porque falló la entidad de al lado.`);
          while (!ended && ahead.length < 3) {
            const fetched = fetchPage(nextFetch);
            // Handled when awaited in turn; a page that fails ahead must not end the process first.
            fetched.catch(() => {});
            ahead.push(fetched);
            nextFetch += pageSize;
          }
          const next = ahead.shift();
          if (!next) break;
          const page = await next;
          listedCount = Math.max(listedCount, page.count);
          if (page.results.length < pageSize) ended = true;
          if (page.results.length === 0) break;
          const written = await inBatch(db, async () => {
            const counts = await writeBatch(db, spec, page.results, late);
            for (const record of page.results) {
              seen.add(Number(record.id));
              if (reusedRecords.has(record)) progress.reused = (progress.reused ?? 0) + 1;
              const money = sourceMoney(spec.name, record);
              if (money) addTotals(progress.totals, money.key, money.amounts);
              if (spec.name === 'refund')
                for (const claim of refundSourceMoney(record))
                  addTotals(progress.totals, claim.key, claim.amounts);
              if (spec.name === 'facturacion') {
                progress.payments ??= emptyTotals();
                for (const payment of sourcePayments(record))
                  addTotals(progress.payments, payment.key, payment.amounts);
              }
            }
            progress.walked += page.results.length;
            progress.created += counts.created;
            progress.updated += counts.updated;
            progress.unchanged += counts.unchanged;
            progress.quarantined += counts.quarantined.length;
            for (const reason of counts.quarantined)
              if (progress.reasons.length < 10) progress.reasons.push(reason);
            const last = page.results[page.results.length - 1];
            progress.late = late.filter((item) => item.owner === spec.name);
            await db.query(
              `insert into import_checkpoints (entity, source, next_offset, last_legacy_id, done, progress, updated_at)
               values ($1, $2, $3, $4, false, $5, now())
               on conflict (entity) do update set source = $2, next_offset = $3, last_legacy_id = $4,
                 done = false, progress = $5, updated_at = now()`,
              [
                spec.name,
                source.baseUrl,
                offset + page.results.length,
                Number(last.id),
                JSON.stringify(progress),
              ],
            );
            return counts;
          });
          if (spec.name === 'profile') usersWithoutPassword += written.created;
          offset += page.results.length;
          const now = performance.now();
          if (now - lastSaid > 2000 || ended) {
            lastSaid = now;
            const rate = (progress.walked - walkedBefore) / Math.max((now - startedWalk) / 1000, 0.001);
            const total = Math.max(listedCount, progress.walked);
            say(
              `${spec.label}: ${progress.walked}/${total} (${((100 * progress.walked) / Math.max(total, 1)).toFixed(1)} %), ` +
                `${Math.round(rate)} registros/s, faltan ${formatEta((total - progress.walked) / Math.max(rate, 0.001))}`,
            );
          }
          await options.afterBatch?.(spec.name, offset);
        }
        await inBatch(db, async () => {
          await resolveLate(db, false);
          progress.late = late.filter((item) => item.owner === spec.name);
          await db.query(
            `insert into import_checkpoints (entity, source, next_offset, done, progress, updated_at)
             values ($1, $2, $3, true, $4, now())
             on conflict (entity) do update set next_offset = $3, done = true, progress = $4, updated_at = now()`,
            [spec.name, source.baseUrl, offset, JSON.stringify(progress)],
          );
        });
      } else {
        listedCount = (await source.page<Json>(spec.path, 0, 1)).count;
      }
      sourceTotals[spec.name] = progress.totals;
      if (progress.payments) sourceTotals.payments = progress.payments;
      return {
        entity: spec.name,
        label: spec.label,
        sourceCount: progress.walked,
        listedCount,
        created: progress.created,
        updated: progress.updated,
        unchanged: progress.unchanged,
        quarantined: progress.quarantined,
        deleted: 0,
        mapped: 0,
        reasons: progress.reasons,
        seconds: (performance.now() - started) / 1000,
        resumedAt,
        complete: offset >= 0 && resumedAt === null,
        reused: progress.reused ?? 0,
        seen,
      };
    };

    // Entity by entity in dependency order, except the four large ones, walked on two connections
    // side by side: passengers then vouchers on one, reservations then invoicing (which needs only
    // the reservations) on the other; the vouchers wait for the reservations. Invoicing's one
    // payment-detail call per reservation then waits on the source while the vouchers' pages are
    // written here. A dry run is one transaction on one connection: one entity at a time.
    const stages: EntitySpec[][][] = [];
    for (const spec of plan) {
      const previous = stages[stages.length - 1];
      const inLanes = !dryRun && LANES.some((lane) => lane.includes(spec.name));
      const previousInLanes = previous
        ?.flat()
        .every((entry) => LANES.some((lane) => lane.includes(entry.name)));
      if (inLanes && previous && previousInLanes && previous.length > 0 && !dryRun) {
        const lane = LANES.findIndex((names) => names.includes(spec.name));
        previous[lane].push(spec);
      } else if (inLanes) {
        const lanes: EntitySpec[][] = LANES.map(() => []);
        lanes[LANES.findIndex((names) => names.includes(spec.name))].push(spec);
        stages.push(lanes);
      } else stages.push([[spec]]);
    }
    for (const stage of stages) {
      const lanes = stage.filter((lane) => lane.length > 0);
      if (lanes.length > 1 && !second) second = await pool.connect();
      const names = new Set(lanes.flat().map((spec) => spec.name));
      // Each walk's end, for the walks on the other lane that need it.
      const ends = new Map<
        string,
        { promise: Promise<void>; resolve(): void; reject(error: unknown): void }
      >();
      for (const name of names) {
        let resolve = () => {};
        let reject = (_error: unknown) => {};
        const promise = new Promise<void>((yes, no) => {
          resolve = yes;
          reject = no;
        });
        promise.catch(() => {});
        ends.set(name, { promise, resolve, reject });
      }
      // A walk that fails stops the one beside it at its next page (both keep what they committed).
      const halt = { stopped: false };
      const results = new Map<string, WalkedEntity>();
      const walked = await Promise.allSettled(
        lanes.map(async (lane, index) => {
          for (const spec of lane) {
            try {
              for (const needed of WAITS[spec.name] ?? [])
                if (names.has(needed)) await ends.get(needed)!.promise;
              results.set(spec.name, await walkEntity(spec, index === 0 ? client : second!, halt));
              ends.get(spec.name)!.resolve();
            } catch (error) {
              halt.stopped = true;
              for (const end of ends.values()) end.reject(new Halted(`${spec.label}: detenida.`));
              throw error;
            }
          }
        }),
      );
      const failures = walked.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      if (failures.length) throw failures.find((reason) => !(reason instanceof Halted)) ?? failures[0];
      for (const spec of plan) {
        const result = results.get(spec.name);
        if (result) reports.push(result);
      }
    }

    // Late references: every entity is in, so a parent listed after its branch resolves now.
    await inBatch(client, () => resolveLate(client, true));

    // Records the source no longer lists, newest dependants first.
    for (const report of [...reports].reverse()) {
      const { seen } = report;
      if (!report.complete || !seen) continue;
      const spec = plan.find((entry) => entry.name === report.entity)!;
      report.deleted = await inBatch(client, () => removeUnseen(client, spec, seen, report));
    }

    for (const report of reports) {
      const [{ total }] = (
        await client.query<{ total: number }>(
          'select count(*)::int as total from import_id_map where entity = $1',
          [report.entity],
        )
      ).rows;
      report.mapped = total;
    }
    const { reconcile } = await import('./reconcile');
    const reconciliation = await reconcile(client, reports, sourceTotals);
    if (dryRun) await client.query('rollback');
    const stats = source.stats();
    return {
      dryRun,
      entities: reports.map(({ seen: _seen, ...report }) => report),
      usersWithoutPassword,
      reviewProblems: [...reviewProblems].map(([legacy_id, reason]) => ({ legacy_id, reason })),
      imageProblems: [...imageProblems].map(([legacy_id, reason]) => ({ legacy_id, reason })),
      maskedPayments: [...maskedPayments].map(([legacy_id, fields]) => ({ legacy_id, fields })),
      sourceTotals,
      reconciliation,
      requests: stats.requests,
      retries: stats.retries,
      seconds: (performance.now() - began) / 1000,
    };
  } catch (error) {
    if (dryRun) await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    setImportDryRun(false);
    client.release();
    second?.release();
  }
}

interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  quarantined: string[];
}

/**
 * The id map's rows for these (entity, legacy id) pairs, in one statement: a page's own records
 * and every record they reference (entity → legacy id → new id and hash).
 */
async function mapOf(tx: PoolClient, wanted: Map<string, Set<number>>) {
  const entities: string[] = [];
  const legacyIds: number[] = [];
  for (const [entity, set] of wanted)
    for (const legacy of set) {
      entities.push(entity);
      legacyIds.push(legacy);
    }
  const found = new Map<string, Map<number, { newId: number; hash: string }>>();
  for (const entity of wanted.keys()) found.set(entity, new Map());
  if (legacyIds.length === 0) return found;
  const { rows } = await tx.query<{ entity: string; legacy_id: string; new_id: string; source_hash: string }>(
    `select m.entity, m.legacy_id, m.new_id, m.source_hash
     from unnest($1::text[], $2::bigint[]) as w(entity, legacy_id)
     join import_id_map m on m.entity = w.entity and m.legacy_id = w.legacy_id`,
    [entities, legacyIds],
  );
  for (const row of rows)
    found.get(row.entity)?.set(Number(row.legacy_id), { newId: Number(row.new_id), hash: row.source_hash });
  return found;
}

/** One page of one entity: see the module's comment. Runs inside the batch's transaction. */
export async function writeBatch(
  tx: PoolClient,
  spec: EntitySpec,
  records: Json[],
  late: LateRef[],
): Promise<BatchCounts> {
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, quarantined: [] };
  const legacyIds = records.map((record) => Number(record.id));
  // The page's own rows of the id map and those of every record it references, in one query.
  const wanted = new Map<string, Set<number>>([[spec.name, new Set(legacyIds)]]);
  const refsOf = new Map<Json, Ref[]>();
  for (const record of records) {
    const refs = spec.refs?.(record) ?? [];
    refsOf.set(record, refs);
    for (const ref of refs)
      if (ref.id !== null && ref.id !== undefined) {
        if (!wanted.has(ref.entity)) wanted.set(ref.entity, new Set());
        wanted.get(ref.entity)!.add(ref.id);
      }
  }
  const found = await mapOf(tx, wanted);
  const mapped = found.get(spec.name)!;
  const pending: { record: Json; legacy: number; hash: string; current?: number }[] = [];
  const unchanged: number[] = [];
  for (const record of records) {
    const legacy = Number(record.id);
    const hash = spec.hash
      ? spec.hash(record)
      : hashOf(spec.fields ? spec.fields(record) : withoutPerUser(record));
    const current = mapped.get(legacy);
    if (current && current.hash === hash) unchanged.push(legacy);
    else pending.push({ record, legacy, hash, current: current?.newId });
  }
  counts.unchanged = unchanged.length;
  // An unchanged record quarantined by an earlier run (a file that failed its check, fixed since
  // at the source): the quarantine no longer holds.
  if (unchanged.length)
    await tx.query('delete from import_quarantine where entity = $1 and legacy_id = any($2::bigint[])', [
      spec.name,
      unchanged,
    ]);
  if (pending.length === 0) return counts;

  const resolve: Resolve = (entity, id) =>
    id === null || id === undefined ? null : (found.get(entity)?.get(id)?.newId ?? null);

  const quarantine = async (legacy: number, record: Json, reason: string) => {
    counts.quarantined.push(`${spec.name} ${legacy}: ${reason}`);
    await tx.query(
      `insert into import_quarantine (entity, legacy_id, reason, record) values ($1, $2, $3, $4)
       on conflict (entity, legacy_id) do update set reason = $3, record = $4, at = now()`,
      [spec.name, legacy, reason, JSON.stringify(record)],
    );
  };

  const ready: { record: Json; legacy: number; hash: string; current?: number; row: Json; key?: number }[] =
    [];
  for (const item of pending) {
    const missing = (refsOf.get(item.record) ?? []).filter(
      (ref) =>
        ref.required && ref.id !== null && ref.id !== undefined && resolve(ref.entity, ref.id) === null,
    );
    if (missing.length) {
      const names = [...new Set(missing.map((ref) => `${ref.entity} ${ref.id}`))].slice(0, 3).join(', ');
      await quarantine(item.legacy, item.record, `falta ${names} (no importado)`);
      continue;
    }
    const problem = spec.problem ? await spec.problem(tx, item.record) : null;
    if (problem) {
      await quarantine(item.legacy, item.record, problem);
      continue;
    }
    const key = spec.keyOf ? spec.keyOf(item.record, resolve) : undefined;
    if (spec.keyOf && (key === null || key === undefined)) {
      await quarantine(item.legacy, item.record, 'sin registro padre');
      continue;
    }
    ready.push({ ...item, row: spec.row(item.record, resolve), key: key ?? undefined });
  }

  const keyColumn = spec.keyColumn ?? 'id';
  if (spec.locks && ready.length) {
    const ids = [
      ...new Set(
        ready.map((item) => spec.locks!.ids(item.record, resolve)).filter((id): id is number => id !== null),
      ),
    ];
    await tx.query(`select 1 from ${spec.locks.table} where id = any($1::int[]) order by id for update`, [
      ids,
    ]);
  }
  // Adopt rows that already exist here under the same unique value (reference data, a first try).
  if (spec.naturalKey) {
    const values = ready
      .filter((item) => item.current === undefined)
      .map((item) => String(item.row[spec.naturalKey!]));
    if (values.length) {
      const found = await tx.query<{ id: number; value: string }>(
        `select id, lower(${spec.naturalKey}) as value from ${spec.table} where lower(${spec.naturalKey}) = any($1::text[])`,
        [values.map((value) => value.toLowerCase())],
      );
      const byValue = new Map(found.rows.map((row) => [row.value, row.id]));
      for (const item of ready)
        if (item.current === undefined) {
          const existing = byValue.get(String(item.row[spec.naturalKey]).toLowerCase());
          if (existing !== undefined) item.current = existing;
        }
    }
  }
  // A kept number (reservation, voucher) already used here by a record not imported: quarantined.
  if (spec.keepId) {
    const fresh = ready.filter((item) => item.current === undefined).map((item) => item.legacy);
    const taken = new Set(
      fresh.length
        ? (
            await tx.query<{ id: number }>(`select id from ${spec.table} where id = any($1::int[])`, [fresh])
          ).rows.map((row) => row.id)
        : [],
    );
    for (let index = ready.length - 1; index >= 0; index -= 1) {
      const item = ready[index];
      if (item.current === undefined && taken.has(item.legacy)) {
        ready.splice(index, 1);
        await quarantine(
          item.legacy,
          item.record,
          `el número ${item.legacy} ya existe aquí y no viene del sistema anterior`,
        );
      }
    }
  }
  if (spec.keyOf) {
    const keys = ready.filter((item) => item.current === undefined).map((item) => item.key);
    const existing = new Set(
      keys.length
        ? (
            await tx.query<{ key: number }>(
              `select ${keyColumn} as key from ${spec.table} where ${keyColumn} = any($1::int[])`,
              [keys],
            )
          ).rows.map((row) => row.key)
        : [],
    );
    for (const item of ready)
      if (item.current === undefined && existing.has(item.key!)) item.current = item.key;
  }

  const creates = ready.filter((item) => item.current === undefined);
  const updates = ready.filter((item) => item.current !== undefined);
  // New ids: the kept number, the parent's key, or the table's sequence (taken before the insert,
  // so each row knows its id without relying on the order of RETURNING).
  if (creates.length && !spec.keepId && !spec.keyOf) {
    const ids = await tx.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence($1, 'id')) as id from generate_series(1, $2::int)`,
      [spec.table, creates.length],
    );
    creates.forEach((item, index) => {
      item.current = Number(ids.rows[index].id);
    });
  } else for (const item of creates) item.current = spec.keepId ? item.legacy : item.key;
  if (creates.length) {
    const rows = creates.map((item) => ({
      [keyColumn]: item.current,
      ...item.row,
      ...(spec.createOnly ?? {}),
    }));
    for (let start = 0; start < rows.length; start += 1000)
      await insertRows(tx, spec.table, rows.slice(start, start + 1000));
    if (spec.keepId)
      await tx.query(
        `select setval(pg_get_serial_sequence($1, 'id'), greatest((select max(id) from ${spec.table}), 1))`,
        [spec.table],
      );
  }
  // Changed records: one statement per page (per set of columns), the rows as a JSON array typed
  // by the table's own row type.
  const byColumns = new Map<string, typeof updates>();
  for (const item of updates) {
    const signature = Object.keys(item.row).join(',');
    const group = byColumns.get(signature);
    if (group) group.push(item);
    else byColumns.set(signature, [item]);
  }
  for (const [signature, items] of byColumns) {
    const columns = signature.split(',').filter((column) => column && column !== keyColumn);
    if (columns.length === 0) continue;
    for (let start = 0; start < items.length; start += 1000)
      await tx.query(
        `update ${spec.table} as t set ${columns.map((column) => `${column} = v.${column}`).join(', ')}
         from jsonb_populate_recordset(null::${spec.table}, $1::jsonb) as v where t.${keyColumn} = v.${keyColumn}`,
        [
          JSON.stringify(
            items.slice(start, start + 1000).map((item) => ({ ...item.row, [keyColumn]: item.current })),
          ),
        ],
      );
  }
  const written = [...creates, ...updates] as {
    record: Json;
    legacy: number;
    hash: string;
    current: number;
  }[];
  for (const item of written) {
    await spec.children?.(tx, item.current, item.record, resolve);
    for (const ref of spec.late?.(item.record) ?? [])
      if (ref.id !== null)
        late.push({
          owner: spec.name,
          table: spec.table,
          id: item.current,
          column: ref.column,
          entity: ref.entity,
          legacy: ref.id,
        });
  }
  await spec.batchChildren?.(
    tx,
    written.map((item) => ({ id: item.current, record: item.record })),
    resolve,
  );
  const audit: ImportAudit[] = written.map((item) => ({
    entity: spec.name,
    recordId: item.current,
    action: IMPORT_ACTION,
    legacyId: item.legacy,
  }));
  await importedWrite(tx, audit, async () => {
    for (let start = 0; start < written.length; start += 1000)
      await tx.query(
        `insert into import_id_map (entity, legacy_id, new_id, source_hash)
         select $1, unnest($2::bigint[]), unnest($3::bigint[]), unnest($4::text[])
         on conflict (entity, legacy_id) do update set new_id = excluded.new_id,
           source_hash = excluded.source_hash, imported_at = now()`,
        [
          spec.name,
          written.slice(start, start + 1000).map((item) => item.legacy),
          written.slice(start, start + 1000).map((item) => item.current),
          written.slice(start, start + 1000).map((item) => item.hash),
        ],
      );
    await tx.query('delete from import_quarantine where entity = $1 and legacy_id = any($2::bigint[])', [
      spec.name,
      written.map((item) => item.legacy),
    ]);
  });
  counts.created = creates.length;
  counts.updated = updates.length;
  return counts;
}

/** Deletes here what the id map has and the walk did not see; answers how many. */
async function removeUnseen(
  tx: PoolClient,
  spec: EntitySpec,
  seen: SeenIds,
  report: EntityReport,
): Promise<number> {
  const gone: { legacy: number; id: number }[] = [];
  let after = -1;
  for (;;) {
    const rows = (
      await tx.query<{ legacy_id: string; new_id: string }>(
        'select legacy_id, new_id from import_id_map where entity = $1 and legacy_id > $2 order by legacy_id limit 10000',
        [spec.name, after],
      )
    ).rows;
    if (rows.length === 0) break;
    for (const row of rows)
      if (!seen.has(Number(row.legacy_id)))
        gone.push({ legacy: Number(row.legacy_id), id: Number(row.new_id) });
    after = Number(rows[rows.length - 1].legacy_id);
  }
  let deleted = 0;
  for (const item of gone) {
    await tx.query('savepoint import_remove');
    try {
      await importedWrite(
        tx,
        [{ entity: spec.name, recordId: item.id, action: IMPORT_REMOVE_ACTION, legacyId: item.legacy }],
        async () => {
          await tx.query(`delete from ${spec.table} where ${spec.keyColumn ?? 'id'} = $1`, [item.id]);
          await tx.query('delete from import_id_map where entity = $1 and legacy_id = $2', [
            spec.name,
            item.legacy,
          ]);
        },
      );
      await tx.query('release savepoint import_remove');
      deleted += 1;
    } catch (error) {
      await tx.query('rollback to savepoint import_remove');
      report.quarantined += 1;
      if (report.reasons.length < 10)
        report.reasons.push(
          `${spec.name} ${item.legacy}: borrado en el sistema anterior, no se pudo borrar aquí (${(error as Error).message})`,
        );
    }
  }
  return deleted;
}

export { IMPORT_USERNAME, insertRows };
