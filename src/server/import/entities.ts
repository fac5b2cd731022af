/**
 * What `npm run import` brings across, entity by entity, in dependency order (issue 43): where the
 * original API lists it (SPEC §7), which table here it lands in, the source fields a row is
 * written from (hashed: an unchanged record is skipped), and its references to other entities,
 * which resolve through the id map (a missing required parent quarantines the record).
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { storeImage, withImage } from './images';
import { withGroupStatus, withReviews, writeGroupStatus, writeOfficeExtras } from './officeExtras';
import { refundEntity } from './refunds';
import type { Source } from './source';

type Json = Record<string, unknown>;

/** The invoicing row's own fields (hashed with its reservation's hash; its payments apart). */
const INVOICING_FIELDS = [
  'reservation_id',
  'invoicing_status',
  'billed',
  'document_type',
  'document_number',
  'date_fact',
  'date_created',
];

/** Half a hash (32 hex digits): two halves make one `source_hash`. */
const shortHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

/** A reference to another imported entity by its legacy id. */
export interface Ref {
  entity: string;
  id: number | null | undefined;
  /** A missing parent quarantines the record (false: the reference is left empty). */
  required: boolean;
}

/** Resolves a legacy id of `entity` through the id map (undefined: not imported). */
export type Resolve = (entity: string, id: number | null | undefined) => number | null;

export interface EntitySpec {
  /** The source path and the id map's (and the history's) entity: `voucher`, `office`... */
  name: string;
  /** Spanish label for the report. */
  label: string;
  /** The list path of the original API. */
  path: string;
  table: string;
  /** Read each record's detail (`path/{id}/`): its list row lacks sub-records. */
  detail?: boolean;
  /** More of the record from other documented calls (a product's rates, a reservation's payments). */
  enrich?: (get: <T>(path: string) => Promise<T>, record: Json, source?: Source) => Promise<Json>;
  /** The record's id here is its id there (business numbers people know: reservation, voucher). */
  keepId?: boolean;
  /** The row's key is a reference (reservation_invoicing by reservation): upserted on it. */
  keyOf?: (record: Json, resolve: Resolve) => number | null;
  keyColumn?: string;
  /** A unique column: a target row with the same value is adopted instead of duplicated. */
  naturalKey?: string;
  /** The source fields hashed (default: the record without its per-user `allowed_actions`). */
  fields?: (record: Json) => unknown;
  /** The record's hash (64 hex digits) when it is not the hash of `fields`. */
  hash?: (record: Json) => string;
  /**
   * Before a fetched page is enriched: notes what the id map knows on each record and answers the
   * records that need no `enrich` call (what it would read is already here, unchanged).
   */
  prepare?: (db: PoolClient, records: Json[], reuse: boolean) => Promise<Set<Json>>;
  refs?: (record: Json) => Ref[];
  /** Columns of the row here. */
  row: (record: Json, resolve: Resolve) => Json;
  /**
   * Why the record cannot be written here, checked before anything of it is written (a refund's
   * file that fails its content or size check): the record is quarantined with that reason and
   * the run goes on. Null: it can be written.
   */
  problem?: (tx: PoolClient, record: Json) => Promise<string | null>;
  /**
   * Rows of another table this entity's writes update through triggers (a voucher's reservation's
   * sums, an invoicing row's reservation): locked first, in id order, so two entities written side
   * by side (vouchers and invoicing) wait for each other instead of deadlocking.
   */
  locks?: { table: string; ids: (record: Json, resolve: Resolve) => number | null };
  /** Columns written on creation only (a user's unusable password). */
  createOnly?: Json;
  /** Sub-records and links, rewritten with the record (per record). */
  children?: (tx: PoolClient, id: number, record: Json, resolve: Resolve) => Promise<void>;
  /** The same for a whole batch at once (the voucher's passengers, a million times). */
  batchChildren?: (tx: PoolClient, items: { id: number; record: Json }[], resolve: Resolve) => Promise<void>;
  /** References resolved once the whole entity (or a later one) is in: a tree's parent, a cycle. */
  late?: (record: Json) => { column: string; entity: string; id: number | null }[];
}

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const ids = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'number' ? item : Number((item as Json)?.id)))
    : [];
const pick = (record: Json, keys: string[]): Json =>
  Object.fromEntries(keys.map((key) => [key, record[key] ?? null]));
const withoutPerUser = (record: Json) => {
  const { allowed_actions: _allowed, ...rest } = record;
  return rest;
};

/** Deletes `table`'s rows of `ownColumn = id` and inserts `rows` (a multi-row insert). */
export async function replaceRows(
  tx: PoolClient,
  table: string,
  ownColumn: string,
  id: number,
  rows: Json[],
) {
  await tx.query(`delete from ${table} where ${ownColumn} = $1`, [id]);
  await insertRows(
    tx,
    table,
    rows.map((row) => ({ [ownColumn]: id, ...row })),
  );
}

export async function insertRows(
  tx: PoolClient,
  table: string,
  rows: Json[],
  returning?: string,
): Promise<Json[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  // PostgreSQL takes at most 65,535 parameters per statement.
  const perStatement = Math.max(1, Math.floor(60_000 / columns.length));
  if (rows.length > perStatement) {
    const answered: Json[] = [];
    for (let start = 0; start < rows.length; start += perStatement)
      answered.push(...(await insertRows(tx, table, rows.slice(start, start + perStatement), returning)));
    return answered;
  }
  const values: unknown[] = [];
  const tuples = rows.map(
    (row) => `(${columns.map((column) => `$${values.push(row[column] ?? null)}`).join(', ')})`,
  );
  const result = await tx.query(
    `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}${returning ? ` returning ${returning}` : ''}`,
    values,
  );
  return result.rows as Json[];
}

/** Permission ids here by codename (group and user permissions travel as codenames). */
async function permissionIds(tx: PoolClient, codenames: unknown): Promise<number[]> {
  if (!Array.isArray(codenames) || codenames.length === 0) return [];
  const found = await tx.query<{ id: number }>(
    'select id from permissions where codename = any($1::text[])',
    [codenames.map(String)],
  );
  return found.rows.map((row) => row.id);
}

const named = (name: string, label: string, path: string, table: string): EntitySpec => ({
  name,
  label,
  path,
  table,
  naturalKey: 'short_name',
  fields: (record) => pick(record, ['short_name', 'long_name', 'created_at']),
  row: (record) => ({
    short_name: record.short_name,
    long_name: record.long_name,
    ...(record.created_at ? { created_at: record.created_at } : {}),
  }),
});

export const ENTITIES: EntitySpec[] = [
  // ---- Master data
  {
    name: 'country',
    label: 'Países',
    path: '/country/',
    table: 'countries',
    naturalKey: 'short_name',
    fields: (record) => pick(record, ['ident', 'short_name', 'long_name', 'url_redirect', 'currency']),
    row: (record) => pick(record, ['ident', 'short_name', 'long_name', 'url_redirect']),
    // Countries and currencies name each other: the country's currency once currencies are in.
    late: (record) => [{ column: 'currency_id', entity: 'currency', id: num(record.currency) }],
  },
  {
    name: 'currency',
    label: 'Monedas',
    // The list shows enabled currencies unless asked for all (countries name disabled ones too).
    path: '/currency/?enabled=all',
    table: 'currencies',
    naturalKey: 'short_name',
    refs: (record) => [{ entity: 'country', id: num(record.country), required: true }],
    row: (record, resolve) => ({
      ...pick(record, ['short_name', 'long_name', 'value', 'symbol', 'is_enabled']),
      country_id: resolve('country', num(record.country)),
    }),
  },
  named('zone', 'Zonas', '/zone/', 'zones'),
  {
    ...named('supplier', 'Proveedores', '/supplier/', 'suppliers'),
    fields: (record) =>
      pick(record, ['short_name', 'long_name', 'phone_contact', 'email_contact', 'created_at']),
    row: (record) =>
      pick(record, ['short_name', 'long_name', 'phone_contact', 'email_contact', 'created_at']),
  },
  named('product_type', 'Categorías', '/product_type/', 'product_types'),
  named('tags', 'Tags', '/tags/', 'tags'),
  {
    name: 'bussines_unit',
    label: 'Unidades de negocio',
    path: '/bussines_unit/',
    table: 'business_units',
    naturalKey: 'short_name',
    fields: (record) => pick(record, ['short_name', 'long_name', 'country', 'enabled']),
    refs: (record) => [{ entity: 'country', id: num(record.country), required: true }],
    row: (record, resolve) => ({
      ...pick(record, ['short_name', 'long_name', 'enabled']),
      country_id: resolve('country', num(record.country)),
    }),
  },
  {
    name: 'coverage',
    label: 'Coberturas',
    path: '/coverage/',
    table: 'coverages',
    naturalKey: 'short_name',
    fields: (record) => {
      const { updated_at: _updated, ...rest } = withoutPerUser(record);
      return rest;
    },
    row: (record) =>
      pick(record, [
        'short_name',
        'long_name_es',
        'long_name_en',
        'long_name_po',
        'description',
        'is_multi_cause',
        'required_items',
        'created_at',
      ]),
  },
  {
    name: 'pax_black_list',
    label: 'Lista negra',
    path: '/pax_black_list/',
    table: 'pax_black_list',
    row: (record) => pick(record, ['doc_number', 'name', 'surname', 'date_from', 'date_to']),
  },
  // ---- Offices with their sub-records
  {
    name: 'office',
    label: 'Oficinas',
    path: '/office/',
    table: 'offices',
    detail: true,
    fields: (record) => {
      const { allowed_actions: _a, childrens: _c, reviews_problem: _r, ...rest } = record;
      return rest;
    },
    // The payment-review history, when the source answers it (./officeExtras.ts).
    enrich: (_get, record, source) => withReviews(source, record),
    refs: (record) => [
      { entity: 'country', id: num(record.country), required: true },
      { entity: 'bussines_unit', id: num(record.bussines_unit), required: true },
      ...ids(record.tags).map((id) => ({ entity: 'tags', id, required: true })),
    ],
    row: (record, resolve) => ({
      ...pick(record, [
        'short_name',
        'long_name',
        'is_enabled',
        'site',
        'executive',
        'legal_name',
        'responsible',
        'responsible_position',
        'email',
        'phone',
        'cuit',
        'schedule',
        'enable_issuing',
        'commission_percentage',
        'budget',
        'usd_credit',
        'balance',
        'payment_term',
        'pay_on_credit',
        'no_credit_limit',
        'notify_expiry_by_mail',
        'invoice_issue_form',
        'b2c_charging',
        'show_usd_quote',
        'quote_only',
      ]),
      office_key: record.key ?? '',
      country_id: resolve('country', num(record.country)),
      bussines_unit_id: resolve('bussines_unit', num(record.bussines_unit)),
    }),
    // A branch may come before its parent in id order.
    late: (record) => [{ column: 'parent_id', entity: 'office', id: num(record.parent) }],
    async children(tx, id, record, resolve) {
      await replaceRows(
        tx,
        'office_tags',
        'office_id',
        id,
        ids(record.tags).map((tag) => ({ tag_id: resolve('tags', tag) })),
      );
      const payments = record.payments as Json | null | undefined;
      await replaceRows(
        tx,
        'office_payments',
        'office_id',
        id,
        payments
          ? [
              pick(payments, [
                'pay_with_gds',
                'pay_by_card',
                'instalments',
                'card_provider',
                'wallet_provider',
                'web_payment_provider',
              ]),
            ]
          : [],
      );
      const sperta = record.sperta as Json | null | undefined;
      await replaceRows(
        tx,
        'office_sperta',
        'office_id',
        id,
        sperta
          ? [
              pick(sperta, [
                'voucher_type',
                'street',
                'number',
                'locality',
                'province',
                'postal_code',
                'tax_condition',
              ]),
            ]
          : [],
      );
      const extra = Array.isArray(record.aditional_offices) ? (record.aditional_offices as Json[]) : [];
      await replaceRows(
        tx,
        'aditional_office',
        'office_id',
        id,
        extra.map((item) => pick(item, ['name', 'email', 'phone', 'address'])),
      );
      await writeOfficeExtras(tx, id, record);
    },
  },
  // ---- Groups and permissions
  {
    name: 'permission',
    label: 'Permisos',
    path: '/permission/',
    table: 'permissions',
    naturalKey: 'codename',
    row: (record) => pick(record, ['codename', 'resource', 'action', 'name']),
  },
  {
    name: 'groups',
    label: 'Grupos',
    path: '/groups/',
    table: 'groups',
    naturalKey: 'name',
    row: (record) => pick(record, ['name']),
    // GET /status_group/{group}/ (SPEC §7 'Groups'): the group's status record.
    enrich: (_get, record, source) => withGroupStatus(source, record),
    async children(tx, id, record) {
      await writeGroupStatus(tx, id, record);
      const permissions = await permissionIds(tx, record.all_permissions);
      await replaceRows(
        tx,
        'group_permissions',
        'group_id',
        id,
        permissions.map((permission) => ({ permission_id: permission })),
      );
    },
  },
  // ---- Users: no password (the original API gives no hashes): 'Olvidé mi contraseña'
  {
    name: 'profile',
    label: 'Usuarios',
    path: '/profile/',
    table: 'users',
    naturalKey: 'username',
    fields: (record) => {
      const { allowed_actions: _a, permissions: _p, group_names: _g, office_name: _o, ...rest } = record;
      return rest;
    },
    refs: (record) => [
      { entity: 'office', id: num(record.office), required: true },
      ...ids(record.groups).map((id) => ({ entity: 'groups', id, required: true })),
    ],
    row: (record, resolve) => ({
      ...pick(record, [
        'email',
        'username',
        'first_name',
        'last_name',
        'is_active',
        'is_superuser',
        'is_staff',
        'adress',
      ]),
      office_id: resolve('office', num(record.office)),
    }),
    // Not a scrypt hash: no password verifies against it until the user sets one.
    createOnly: { password_hash: '!importado' },
    async children(tx, id, record, resolve) {
      await replaceRows(
        tx,
        'user_groups',
        'user_id',
        id,
        ids(record.groups).map((group) => ({ group_id: resolve('groups', group) })),
      );
      const permissions = await permissionIds(tx, record.user_permissions);
      await replaceRows(
        tx,
        'user_permissions',
        'user_id',
        id,
        permissions.map((permission) => ({ permission_id: permission })),
      );
      const modules = Array.isArray(record.modules) ? record.modules.map(String) : [];
      await replaceRows(
        tx,
        'user_modules',
        'user_id',
        id,
        modules.map((module) => ({ module })),
      );
    },
  },
  // ---- Products (zones, offices, coverages) and their Sperta codes
  {
    name: 'product',
    label: 'Productos',
    path: '/product/',
    table: 'products',
    detail: true,
    fields: (record) => {
      const { allowed_actions: _a, used_by: _u, image_problem: _p, ...rest } = record;
      return rest;
    },
    // GET /rateDetail/{id}/: the general and particular rate rows (SPEC §7 'Products').
    // and the image's bytes (./images.ts).
    enrich: async (get, record, source) =>
      withImage(source, {
        ...record,
        rates: (await get<{ rates?: Json[] }>(`/rateDetail/${record.id}/`)).rates ?? [],
      }),
    refs: (record) => [
      ...((record.rates as Json[] | undefined) ?? []).map((rate) => ({
        entity: 'office',
        id: num(rate.office),
        required: true,
      })),
      { entity: 'product_type', id: num(record.product_type), required: true },
      { entity: 'supplier', id: num(record.supplier), required: true },
      ...ids(record.zones).map((id) => ({ entity: 'zone', id, required: true })),
      ...ids(record.offices).map((id) => ({ entity: 'office', id, required: true })),
      ...((record.product_coverage as Json[] | undefined) ?? []).flatMap((item) => [
        { entity: 'coverage', id: num(item.coverage_id), required: true },
        { entity: 'currency', id: num(item.currency_id), required: false },
      ]),
    ],
    row: (record, resolve) => ({
      ...pick(record, ['short_name', 'long_name', 'is_enabled', 'url_image']),
      product_type_id: resolve('product_type', num(record.product_type)),
      supplier_id: resolve('supplier', num(record.supplier)),
    }),
    async children(tx, id, record, resolve) {
      await storeImage(tx, record);
      await replaceRows(
        tx,
        'product_zones',
        'product_id',
        id,
        ids(record.zones).map((zone) => ({ zone_id: resolve('zone', zone) })),
      );
      await replaceRows(
        tx,
        'product_offices',
        'product_id',
        id,
        ids(record.offices).map((office) => ({ office_id: resolve('office', office) })),
      );
      await replaceRows(
        tx,
        'product_coverages',
        'product_id',
        id,
        ((record.product_coverage as Json[] | undefined) ?? []).map((item) => ({
          coverage_id: resolve('coverage', num(item.coverage_id)),
          limit_amount: item.limit_amount ?? null,
          currency_id: resolve('currency', num(item.currency_id)),
        })),
      );
      // Rates name their currency by code: the currency of that code here.
      const rates = (record.rates as Json[] | undefined) ?? [];
      const codes = [...new Set(rates.map((rate) => String(rate.currency)))];
      const currencyIds = new Map(
        (
          await tx.query<{ id: number; short_name: string }>(
            'select id, short_name from currencies where short_name = any($1::text[])',
            [codes],
          )
        ).rows.map((row) => [row.short_name, row.id]),
      );
      await replaceRows(
        tx,
        'product_rates',
        'product_id',
        id,
        rates.map((rate) => ({
          office_id: resolve('office', num(rate.office)),
          ...pick(rate, ['days_from', 'days_to', 'age_from', 'age_to', 'price']),
          currency_id: currencyIds.get(String(rate.currency)) ?? null,
        })),
      );
    },
  },
  {
    name: 'product_sperta',
    label: 'Productos Sperta',
    path: '/product_sperta/',
    table: 'product_sperta',
    naturalKey: 'sperta_code',
    fields: (record) =>
      pick(record, ['sperta_code', 'product', 'country', 'sperta_gravado', 'sperta_no_gravado']),
    refs: (record) => [
      { entity: 'product', id: num(record.product), required: true },
      { entity: 'country', id: num(record.country), required: true },
    ],
    row: (record, resolve) => ({
      ...pick(record, ['sperta_code', 'sperta_gravado', 'sperta_no_gravado']),
      product_id: resolve('product', num(record.product)),
      country_id: resolve('country', num(record.country)),
    }),
  },
  // ---- Promotions with their products and offices
  {
    name: 'promotion',
    label: 'Promociones',
    path: '/promotion/',
    table: 'promotions',
    detail: true,
    refs: (record) =>
      ((record.products as Json[] | undefined) ?? []).flatMap((item) => [
        { entity: 'product', id: num(item.product), required: true },
        ...((item.offices as Json[] | undefined) ?? []).map((office) => ({
          entity: 'office',
          id: num(office.office),
          required: true,
        })),
      ]),
    row: (record) =>
      pick(record, [
        'short_name',
        'long_name',
        'description',
        'reservation_date_from',
        'reservation_date_to',
        'travel_date_from',
        'travel_date_to',
        'total_days',
        'promotion_type',
      ]),
    async children(tx, id, record, resolve) {
      await tx.query('delete from promotion_product where promotion_id = $1', [id]);
      for (const item of (record.products as Json[] | undefined) ?? []) {
        const [created] = await insertRows(
          tx,
          'promotion_product',
          [{ promotion_id: id, product_id: resolve('product', num(item.product)) }],
          'id',
        );
        await insertRows(
          tx,
          'promotion_product_office',
          ((item.offices as Json[] | undefined) ?? []).map((office) => ({
            promotion_product_id: created.id,
            office_id: resolve('office', num(office.office)),
          })),
        );
      }
    },
  },
  // ---- Passengers, reservations, vouchers
  {
    name: 'pax',
    label: 'Pasajeros',
    path: '/pax/',
    table: 'pax',
    refs: (record) => [
      { entity: 'country', id: num(record.country), required: true },
      { entity: 'country', id: num(record.nationality), required: true },
    ],
    row: (record, resolve) => ({
      ...pick(record, ['name', 'surname', 'phone', 'doc_type', 'doc_number', 'birth_date', 'email']),
      country_id: resolve('country', num(record.country)),
      nationality_id: resolve('country', num(record.nationality)),
    }),
  },
  {
    name: 'reservation',
    label: 'Reservas',
    path: '/reservation/',
    table: 'reservations',
    keepId: true,
    fields: (record) => {
      const {
        allowed_actions: _a,
        user_detail: _u,
        user_reservation_detail: _r,
        office_name: _o,
        ...rest
      } = record;
      return rest;
    },
    refs: (record) => [
      { entity: 'profile', id: num(record.user), required: true },
      { entity: 'profile', id: num(record.user_reservation), required: true },
      { entity: 'office', id: num(record.office), required: true },
    ],
    row: (record, resolve) => ({
      ...pick(record, [
        'payment_method',
        'date_emision',
        'status',
        'total_price',
        'auto_cancel',
        'contact_emergency_name',
        'contact_emergency_surname',
        'contact_emergency_phone',
        'date_in',
        'date_out',
      ]),
      user_id: resolve('profile', num(record.user)),
      user_reservation_id: resolve('profile', num(record.user_reservation)),
      office_id: resolve('office', num(record.office)),
    }),
  },
  {
    name: 'voucher',
    label: 'Vouchers',
    path: '/voucher/',
    table: 'vouchers',
    keepId: true,
    fields: (record) => ({
      ...pick(record, [
        'reservation',
        'product',
        'status',
        'status_administracion',
        'observations',
        'pvp',
        'final_price',
        'commission',
        'net_price',
        'rate_long_name',
        'promotion_long_name',
        'voucher_filter_proveedor',
      ]),
      pax: ids(record.pax),
    }),
    locks: {
      table: 'reservations',
      ids: (record, resolve) => resolve('reservation', num(record.reservation)),
    },
    refs: (record) => [
      { entity: 'reservation', id: num(record.reservation), required: true },
      { entity: 'product', id: num(record.product), required: true },
      ...ids(record.pax).map((id) => ({ entity: 'pax', id, required: true })),
    ],
    row: (record, resolve) => ({
      ...pick(record, [
        'status',
        'status_administracion',
        'observations',
        'pvp',
        'final_price',
        'commission',
        'net_price',
        'rate_long_name',
        'promotion_long_name',
        'voucher_filter_proveedor',
      ]),
      reservation_id: resolve('reservation', num(record.reservation)),
      product_id: resolve('product', num(record.product)),
    }),
    async batchChildren(tx, items, resolve) {
      await tx.query('delete from voucher_passengers where voucher_id = any($1::int[])', [
        items.map((item) => item.id),
      ]);
      const rows = items.flatMap((item) =>
        ids(item.record.pax).map((pax) => ({ voucher_id: item.id, pax_id: resolve('pax', pax) })),
      );
      for (let start = 0; start < rows.length; start += 5000)
        await insertRows(tx, 'voucher_passengers', rows.slice(start, start + 5000));
    },
  },
  // ---- Invoicing: the reservation's invoicing state (and the date its month is counted by)
  {
    name: 'facturacion',
    label: 'Facturación',
    path: '/facturacion/',
    table: 'reservation_invoicing',
    keyColumn: 'reservation_id',
    keyOf: (record, resolve) => resolve('reservation', num(record.reservation_id)),
    // Two halves: the invoicing row with its reservation's hash here, and its payments. A row
    // whose first half is unchanged keeps the payments read before (see `prepare`).
    hash: (record) =>
      shortHash({ ...pick(record, INVOICING_FIELDS), reservation_hash: record.reservation_hash ?? null }) +
      (typeof record.payments_hash === 'string' ? record.payments_hash : shortHash(record.payments ?? [])),
    // Before the page's payments are read: each row gets its reservation's hash here (a reservation
    // written again changes the invoicing row's hash, so its payments are read again); a row whose
    // first half equals the one stored takes the payments stored here instead of a call (unless
    // --all-payments): they were read when the row and its reservation were as they are now.
    async prepare(db, records, reuse) {
      const { rows } = await db.query<{
        legacy_id: string;
        reservation_hash: string | null;
        stored_hash: string | null;
        payments: Json[] | null;
      }>(
        `select w.legacy_id, r.source_hash as reservation_hash, f.source_hash as stored_hash,
           case when $3 and f.new_id is not null then coalesce((
             select json_agg(json_build_object('amount', p.amount::text, 'currency', p.currency,
               'paid_at', to_char(p.paid_at, 'YYYY-MM-DD')) order by p.id)
             from reservation_payments p where p.reservation_id = f.new_id), '[]'::json) end as payments
         from unnest($1::bigint[], $2::bigint[]) as w(legacy_id, reservation)
         left join import_id_map r on r.entity = 'reservation' and r.legacy_id = w.reservation
         left join import_id_map f on f.entity = 'facturacion' and f.legacy_id = w.legacy_id`,
        [
          records.map((record) => Number(record.id)),
          records.map((record) => num(record.reservation_id)),
          reuse,
        ],
      );
      const byLegacy = new Map(rows.map((row) => [Number(row.legacy_id), row]));
      const reused = new Set<Json>();
      for (const record of records) {
        const known = byLegacy.get(Number(record.id));
        record.reservation_hash = known?.reservation_hash ?? null;
        const first = shortHash({
          ...pick(record, INVOICING_FIELDS),
          reservation_hash: record.reservation_hash,
        });
        if (
          reuse &&
          known?.stored_hash?.length === 64 &&
          known.stored_hash.startsWith(first) &&
          known.payments
        ) {
          record.payments = known.payments;
          record.payments_hash = known.stored_hash.slice(32);
          reused.add(record);
        }
      }
      return reused;
    },
    // GET /payment_detail/?reservation_id=: how the reservation was paid (SPEC §7).
    enrich: async (get, record) => ({
      ...record,
      payments:
        (await get<{ results?: Json[] }>(`/payment_detail/?reservation_id=${record.reservation_id}`))
          .results ?? [],
    }),
    locks: {
      table: 'reservations',
      ids: (record, resolve) => resolve('reservation', num(record.reservation_id)),
    },
    refs: (record) => [{ entity: 'reservation', id: num(record.reservation_id), required: true }],
    row: (record) => ({
      status: record.invoicing_status,
      billed: record.billed,
      document_type: record.document_type ?? null,
      document_number: record.document_number ?? '',
      date_fact: record.date_fact ?? null,
    }),
    async batchChildren(tx, items) {
      // Facturación counts a reservation in the month it was created there.
      const dated = items.filter((item) => typeof item.record.date_created === 'string');
      if (dated.length)
        await tx.query(
          `update reservations r set created_at = v.created_at
           from unnest($1::int[], $2::timestamptz[]) as v(id, created_at)
           where r.id = v.id and r.created_at is distinct from v.created_at`,
          [dated.map((item) => item.id), dated.map((item) => item.record.date_created)],
        );
      await tx.query('delete from reservation_payments where reservation_id = any($1::int[])', [
        items.map((item) => item.id),
      ]);
      await insertRows(
        tx,
        'reservation_payments',
        items.flatMap((item) =>
          ((item.record.payments as Json[] | undefined) ?? []).map((payment) => ({
            reservation_id: item.id,
            ...pick(payment, ['method', 'amount', 'currency', 'instalments', 'paid_at', 'reference']),
          })),
        ),
      );
    },
  },
  // ---- Refunds: claims, payment data (as far as the staff calls show it), files (./refunds.ts)
  refundEntity,
];

export const ENTITY_NAMES = ENTITIES.map((entity) => entity.name);
