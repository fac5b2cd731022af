/**
 * The engine's list read path (issue 11): counts past the threshold, keyset paging stable under
 * inserts, and the plans of contains filters over 100,000 rows (trigram indexes, never a scan of
 * the table).
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_FRAGMENT, generatePassengers, RARE_FRAGMENT } from '../../bench/paxData';
import { passengers } from '../../src/server/db/schema';
import { contains } from '../../src/server/http/filters';
import {
  ANCHOR_STEP,
  anchorStatement,
  anchorWalkCount,
  clearCountCache,
  countStatement,
  forgetListMemory,
  idsStatement,
  type ListRequest,
  listPage,
  pageStatement,
  parseOrdering,
} from '../../src/server/resources/listQuery';
import { paxResource } from '../../src/server/resources/passengers';
import { as, createTestApp, type TestApp } from './support';

interface Page {
  count: number;
  count_kind: string;
  next: string | null;
  previous: string | null;
  results: { id: number; name: string; surname: string }[];
}

async function addPassengers(testApp: TestApp, count: number, surname: string, name = 'Prueba') {
  await testApp.handle.db.execute(sql`
    insert into pax (name, surname, doc_type, doc_number)
    select ${name}, ${surname}, 'DNI', 'T' || ${surname} || g from generate_series(1, ${count}::int) as g`);
}

describe('counts and keyset paging', () => {
  let testApp: TestApp;
  let get: ReturnType<typeof as>;

  beforeAll(async () => {
    testApp = await createTestApp({ seedDemo: false });
    get = as(testApp, await testApp.login('admin'));
    testApp.context.config.listExactCountLimit = 30;
    await addPassengers(testApp, 45, 'Capado');
    await addPassengers(testApp, 7, 'Exacto');
    await testApp.handle.db.execute(sql`analyze pax`);
  });
  afterAll(() => testApp.close());

  const list = async (query: string): Promise<Page> => {
    const response = await get({ method: 'GET', url: `/api/pax/?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  it('counts exactly while at most the threshold matches', async () => {
    clearCountCache();
    const page = await list('surname=Exacto&limit=5');
    expect(page).toMatchObject({ count: 7, count_kind: 'exact' });
    expect(page.results).toHaveLength(5);
    expect(page.next).toContain('offset=5');
  });

  it('a last page at a known position counts itself, with no count statement', async () => {
    clearCountCache();
    let executed = 0;
    const db = testApp.handle.db;
    const dialect = new PgDialect();
    // Counts the count statements the list runs (through `execute`, as its ids statement).
    const reader = new Proxy(db, {
      get(target, key) {
        if (key === 'execute')
          return (query: SQL) => {
            if (dialect.sqlToQuery(query).sql.includes('count(*)')) executed += 1;
            return target.execute(query);
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const request = (offset: number, limit: number): ListRequest => ({
      table: passengers,
      selection: { id: passengers.id, surname: passengers.surname },
      where: sql`${passengers.surname} = 'Exacto'`,
      order: parseOrdering('-id', '-id', paxResource.ordering, passengers.id),
      offset,
      limit,
    });
    const whole = await listPage(reader, request(0, 25));
    expect(whole).toMatchObject({ count: 7, countKind: 'exact', hasNext: false });
    expect(whole.rows.map((row) => row.surname)).toEqual(Array(7).fill('Exacto'));
    const tail = await listPage(reader, request(5, 5));
    expect(tail).toMatchObject({ count: 7, countKind: 'exact', hasNext: false });
    expect(tail.rows).toHaveLength(2);
    expect(executed).toBe(0);
    // Past the end the page cannot tell where the rows end: it counts.
    const past = await listPage(reader, request(100, 5));
    expect(past).toMatchObject({ count: 7, countKind: 'exact', hasNext: false, rows: [] });
    expect(executed).toBe(1);
    // A full page does not know what follows it: it counts.
    const first = await listPage(reader, request(0, 5));
    expect(first).toMatchObject({ count: 7, countKind: 'exact', hasNext: true });
    expect(executed).toBe(2);
  });

  it('answers the cap, and says so, past the threshold with a filter; next pages keep coming', async () => {
    clearCountCache();
    const page = await list('surname=Capado&limit=20&offset=20');
    expect(page).toMatchObject({ count: 30, count_kind: 'capped' });
    expect(page.results).toHaveLength(20);
    // The count is a floor: the page past it still exists and links on.
    expect(page.next).toContain('offset=40');
    const last = await list('surname=Capado&limit=20&offset=40');
    expect(last.results).toHaveLength(5);
    expect(last.next).toBeNull();
    // The last page knows where the rows end: 40 before it and its 5.
    expect(last).toMatchObject({ count: 45, count_kind: 'exact' });
  });

  it("answers the planner's estimate past the threshold without a filter", async () => {
    clearCountCache();
    const page = await list('limit=10');
    expect(page.count_kind).toBe('estimate');
    expect(page.count).toBeGreaterThan(30);
    // ANALYZE ran after the load: the estimate is the table's size.
    expect(page.count).toBeGreaterThanOrEqual(52);
    expect(page.count).toBeLessThan(80);
  });

  it('refuses a malformed cursor with a field error', async () => {
    for (const cursor of [
      'nonsense',
      Buffer.from('["x",1]').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const response = await get({ method: 'GET', url: `/api/pax/?cursor=${cursor}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('cursor');
    }
  });

  it('keeps keyset pages stable while rows are inserted before them', async () => {
    const pathOf = (link: string) => link.replace(/^\/api/, '');
    const first = await list('surname=Capado&ordering=-id&limit=10&cursor=');
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('cursor=');
    // Ten new rows land at the top of '-id'; an offset page would now repeat the first page.
    await addPassengers(testApp, 10, 'Capado', 'Nuevo');
    const secondResponse = await get({ method: 'GET', url: `/api${pathOf(first.next!)}` });
    const second = secondResponse.json<Page>();
    const firstIds = first.results.map((row) => row.id);
    const secondIds = second.results.map((row) => row.id);
    expect(secondIds).toHaveLength(10);
    expect(Math.max(...secondIds)).toBeLessThan(Math.min(...firstIds));
    expect(second.results.every((row) => row.name === 'Prueba')).toBe(true);
    // Offset paging over the same rows does shift (what keyset avoids).
    const shifted = await list('surname=Capado&ordering=-id&limit=10&offset=10');
    expect(shifted.results.map((row) => row.id)).not.toEqual(secondIds);
    // Back again: the previous cursor answers the first page as it was (the new rows are above it).
    const back = await get({ method: 'GET', url: `/api${pathOf(second.previous!)}` });
    expect(back.json<Page>().results.map((row) => row.id)).toEqual(firstIds);
  });

  it('keyset paging over a non-unique column walks every row once, in order', async () => {
    const seen: number[] = [];
    const names: string[] = [];
    let next: string | null = '/pax/?surname=Capado&ordering=name&limit=7&cursor=';
    while (next) {
      const response = await get({ method: 'GET', url: `/api${next.replace(/^\/api/, '')}` });
      const page = response.json<Page>();
      seen.push(...page.results.map((row) => row.id));
      names.push(...page.results.map((row) => row.name));
      next = page.next;
    }
    expect(seen).toHaveLength(55);
    expect(new Set(seen).size).toBe(55);
    expect(names).toEqual([...names].sort());
  });
});

describe('Spanish order of text (issue 18)', () => {
  let testApp: TestApp;
  let get: ReturnType<typeof as>;
  // In the order a Spanish reader expects: accents and case ignored, 'ñ' after 'n', id breaks ties.
  const expected = [
    'Álvarez',
    'alvarez',
    'Ávila',
    'Munoz',
    'Muñoz',
    'Nunez',
    'Núñez',
    'Ñandú',
    'Ortiz',
    'Zapata',
  ];

  beforeAll(async () => {
    testApp = await createTestApp({ seedDemo: false });
    get = as(testApp, await testApp.login('admin'));
    // Inserted in an order unlike the expected one (ties keep insertion order: 'Álvarez' first).
    for (const surname of [
      'Zapata',
      'Ñandú',
      'Álvarez',
      'Ortiz',
      'Núñez',
      'Muñoz',
      'alvarez',
      'Nunez',
      'Munoz',
      'Ávila',
    ])
      await addPassengers(testApp, 1, surname, 'Ordenado');
  });
  afterAll(() => testApp.close());

  const surnames = async (query: string) => {
    const response = await get({ method: 'GET', url: `/api/pax/?name=ordenado&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  it('orders accented and ñ names among their letters, both ways', async () => {
    const up = await surnames('ordering=surname&limit=50');
    expect(up.results.map((row) => row.surname)).toEqual(expected);
    const down = await surnames('ordering=-surname&limit=50');
    // Descending reverses the key, and the id tie-break follows it (issue 11: one index serves
    // both directions), so it is exactly the ascending order reversed.
    expect(down.results.map((row) => row.surname)).toEqual([...expected].reverse());
  });

  it('offset and keyset pages over the Spanish order walk every row once, in order', async () => {
    const byOffset: string[] = [];
    for (const offset of [0, 3, 6, 9]) {
      const page = await surnames(`ordering=surname&limit=3&offset=${offset}`);
      byOffset.push(...page.results.map((row) => row.surname));
    }
    expect(byOffset).toEqual(expected);
    const byCursor: string[] = [];
    let next: string | null = '/pax/?name=ordenado&ordering=surname&limit=3&cursor=';
    while (next) {
      const response = await get({ method: 'GET', url: `/api${next.replace(/^\/api/, '')}` });
      const page = response.json<Page>();
      byCursor.push(...page.results.map((row) => row.surname));
      next = page.next;
    }
    expect(byCursor).toEqual(expected);
  });
});

describe('plans over 100,000 rows', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ seedDemo: false });
    await generatePassengers(testApp.handle.db, 100_000);
  }, 180_000);
  afterAll(() => testApp.close());

  async function plan(statement: { getSQL(): ReturnType<typeof sql> } | ReturnType<typeof sql>) {
    const query = 'getSQL' in statement ? statement.getSQL() : statement;
    const result = (await testApp.handle.db.execute(sql`explain ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const order = parseOrdering('-id', '-id', paxResource.ordering, passengers.id);
  const nameFilter = paxResource.filters.name;
  const byName = async (value: string) =>
    nameFilter.kind === 'custom' ? nameFilter.build(value, testApp.handle.db) : sql`false`;

  it('every ordering of Pasajeros, both directions, walks an index in that order (no sort of the table)', async () => {
    for (const field of Object.keys(paxResource.ordering))
      for (const ordering of [field, `-${field}`]) {
        // The ids statement the list runs.
        const { statement } = idsStatement({
          table: passengers,
          selection: { id: passengers.id },
          where: undefined,
          order: parseOrdering(ordering, '-id', paxResource.ordering, passengers.id),
          offset: 0,
          limit: 25,
        });
        const page = await plan(statement);
        // The page's ids: a Limit straight over an index scan, no sort below it.
        expect(page, `${ordering}\n${page}`).toMatch(
          /Limit [^\n]*\n\s*->\s+Index (Only )?Scan (Backward )?using/,
        );
        expect(page, `${ordering}\n${page}`).not.toMatch(/Seq Scan/);
      }
  });

  it('a contains filter counts through the trigram index, never by scanning the table', async () => {
    for (const [where, index] of [
      [await byName(RARE_FRAGMENT), 'pax_search_name_trgm'],
      [await byName(COMMON_FRAGMENT), 'pax_search_name_trgm'],
      [contains(passengers.surname, RARE_FRAGMENT), 'pax_surname_trgm'],
      [contains(passengers.email, 'pasajero12345@'), 'pax_email_trgm'],
    ] as const) {
      const counted = await plan(countStatement(passengers, where, 10_000));
      expect(counted).toContain(index);
      expect(counted).not.toMatch(/Seq Scan/);
    }
  });

  it('a page with a selective contains filter is read through the trigram index', async () => {
    for (const [where, index] of [
      [await byName(RARE_FRAGMENT), 'pax_search_name_trgm'],
      [contains(passengers.surname, RARE_FRAGMENT), 'pax_surname_trgm'],
    ] as const) {
      const { query } = pageStatement(testApp.handle.db, {
        table: passengers,
        selection: { id: passengers.id },
        where,
        order,
        offset: 0,
        limit: 20,
      });
      const page = await plan(query);
      expect(page).toContain(index);
      expect(page).not.toMatch(/Seq Scan/);
    }
  });

  it('no contains page falls back to a scan of the table, whatever the fragment', async () => {
    for (const where of [await byName(COMMON_FRAGMENT), contains(passengers.surname, 'gonz')]) {
      const { query } = pageStatement(testApp.handle.db, {
        table: passengers,
        selection: { id: passengers.id },
        where,
        order,
        offset: 0,
        limit: 20,
      });
      expect(await plan(query)).not.toMatch(/Seq Scan/);
    }
  });

  it('a page ordered by a text column walks its Spanish sort key index, never sorting the table', async () => {
    for (const [ordering, index] of [
      ['surname', 'pax_surname_es_idx'],
      ['-name', 'pax_name_es_idx'],
      ['doc_number', 'pax_doc_number_es_idx'],
    ] as const) {
      const request = {
        table: passengers,
        selection: { id: passengers.id, surname: passengers.surname },
        where: undefined,
        order: parseOrdering(ordering, '-id', paxResource.ordering, passengers.id),
        offset: 0,
        limit: 20,
      };
      const first = await plan(idsStatement(request).statement);
      expect(first).toContain(index);
      expect(first).not.toMatch(/Seq Scan/);
      // The next keyset page starts inside the same index (the list's statement and the exports').
      const rows = await pageStatement(testApp.handle.db, { ...request, cursor: '' }).query;
      const last = rows[19] as Record<string, unknown>;
      const cursor = Buffer.from(JSON.stringify(['n', last.__key0, last.__key1])).toString('base64url');
      expect(await plan(idsStatement({ ...request, cursor }).statement)).toContain(index);
      const following = await plan(pageStatement(testApp.handle.db, { ...request, cursor }).query);
      expect(following).toContain(index);
      // ...at the cursor's key (a range on the index), not from its first entry.
      expect(following).toMatch(/Index Cond: /);
      expect(following).not.toMatch(/Seq Scan/);
    }
  });

  it('a deep offset walks the primary key for ids only (the deferred join)', async () => {
    const { query } = pageStatement(testApp.handle.db, {
      table: passengers,
      selection: { id: passengers.id, name: passengers.name },
      where: undefined,
      order,
      offset: 50_000,
      limit: 25,
    });
    const page = await plan(query);
    expect(page).toMatch(/Index Only Scan Backward using pax_pkey/);
    expect(page).not.toMatch(/Seq Scan/);
  });

  describe('deep offsets start from anchors', () => {
    const deep = (offset: number, overrides: Partial<ListRequest> = {}): ListRequest => ({
      table: passengers,
      selection: { id: passengers.id, surname: passengers.surname },
      where: undefined,
      order,
      offset,
      limit: 25,
      ...overrides,
    });
    /** The same page by walking every row before it (no anchors). */
    const walked = async (request: ListRequest) =>
      ((await pageStatement(testApp.handle.db, request).query) as { id: number }[])
        .slice(0, request.limit)
        .map((row) => row.id);
    const anchored = async (request: ListRequest) =>
      (await listPage<{ id: number }>(testApp.handle.db, request)).rows.map((row) => row.id);

    it('answers exactly the rows a plain walk answers, at every depth and past the end', async () => {
      clearCountCache();
      const bySurname = parseOrdering('surname', '-id', paxResource.ordering, passengers.id);
      for (const request of [
        deep(10_000),
        deep(12_345),
        deep(50_999),
        deep(99_990),
        deep(100_500),
        deep(31_007, { order: bySurname }),
        deep(11_111, { where: contains(passengers.email, 'pasajero1'), order: bySurname }),
      ]) {
        const expected = await walked(request);
        expect(await anchored(request)).toEqual(expected);
      }
      expect(await anchored(deep(99_990))).toHaveLength(10);
      expect(await anchored(deep(100_500))).toEqual([]);
    });

    it('walks once for the pages of a neighbourhood, and again after an engine write', async () => {
      clearCountCache();
      const before = anchorWalkCount();
      await anchored(deep(40_000));
      await anchored(deep(40_025));
      await anchored(deep(45_500));
      expect(anchorWalkCount()).toBe(before + 1);
      // A new row lands first in '-id': this instance forgets its anchors and stays exact.
      await testApp.handle.db.execute(
        sql`insert into pax (name, surname, doc_type, doc_number) values ('Nueva', 'Fila', 'DNI', 'ANCLA1')`,
      );
      forgetListMemory(passengers);
      const request = deep(40_000);
      expect(await anchored(request)).toEqual(await walked(request));
      expect(anchorWalkCount()).toBe(before + 2);
    });

    it('the anchor walk reads an index in order and the anchored page an index range', async () => {
      const walk = await plan(anchorStatement(deep(50_000), 50_000 + 10 * ANCHOR_STEP));
      expect(walk).toMatch(/Index Only Scan Backward using pax_pkey/);
      expect(walk).not.toMatch(/Seq Scan/);
      // Only the few anchors are sorted (by position), never the rows walked.
      for (const sortKey of walk.match(/Sort Key: .*/g) ?? [])
        expect(sortKey).toBe('Sort Key: walked.__position');
      const { query } = pageStatement(testApp.handle.db, deep(123), [60_000]);
      const page = await plan(query);
      expect(page).toMatch(/Index Only Scan Backward using pax_pkey/);
      expect(page).not.toMatch(/Seq Scan/);
    });
  });
});
