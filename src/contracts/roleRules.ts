/**
 * The role rules of spec section 6, as data, in one place: for each role (group id) the voucher
 * and reservation fields it may edit, which modules its users see, and field-level visibility by
 * group or user id, entity, view and field. src/contracts/access.ts answers questions from it;
 * the client hides with it and the server refuses with it.
 */
import { VOUCHER_WRITE_FIELDS } from './bookings';
import { MODULES, SECTIONS, type UserModule } from './modules';
import { can } from './permissions';
import { ROLES } from './roles';

/** The entities whose fields are checked one by one. */
export const FIELD_ENTITIES = ['voucher', 'reservation'] as const;
export type FieldEntity = (typeof FIELD_ENTITIES)[number];

/** The views a field is checked in; 'create' always passes (section 6). */
export const FIELD_VIEWS = ['list', 'show', 'edit', 'create'] as const;
export type FieldView = (typeof FIELD_VIEWS)[number];

/** Passenger fields (section 3 'Passenger'), edited inside a voucher as `pax.<field>`. */
export const PASSENGER_FIELDS = [
  'name',
  'surname',
  'phone',
  'doc_type',
  'doc_number',
  'birth_date',
  'country',
  'email',
  'nationality',
] as const;
const paxFields = PASSENGER_FIELDS.map((field) => `pax.${field}` as const);

/**
 * Every field of a voucher (section 3 'Voucher') besides its id. The names copied from the
 * product, rate, promotion and supplier, and the parent reservation, are stored by the issuing
 * flow: no role edits them (only superusers pass every check).
 */
export const VOUCHER_FIELDS = [
  'status',
  'status_administracion',
  'observations',
  'pvp',
  'final_price',
  'commission',
  'net_price',
  'rate_long_name',
  'product_long_name',
  'promotion_long_name',
  'supplier_name',
  'reservation',
  'voucher_filter_proveedor',
  ...paxFields,
] as const;
export type VoucherField = (typeof VOUCHER_FIELDS)[number];

/** Every field of a reservation (section 3 'Reservation') besides its id. */
export const RESERVATION_FIELDS = [
  'user',
  'user_reservation',
  'office',
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
] as const;
export type ReservationField = (typeof RESERVATION_FIELDS)[number];

export const ENTITY_FIELDS: { voucher: readonly VoucherField[]; reservation: readonly ReservationField[] } = {
  voucher: VOUCHER_FIELDS,
  reservation: RESERVATION_FIELDS,
};

// The words of section 6, as field lists.
const emergencyContacts = [
  'contact_emergency_name',
  'contact_emergency_surname',
  'contact_emergency_phone',
] as const satisfies readonly ReservationField[];
const dates = ['date_in', 'date_out'] as const satisfies readonly ReservationField[];
/** 'All voucher fields including prices': every field a voucher update carries, its passengers one by one. */
const allVoucherFields: readonly VoucherField[] = [
  ...VOUCHER_WRITE_FIELDS.filter((field): field is Exclude<typeof field, 'pax'> => field !== 'pax'),
  ...paxFields,
];

export interface RoleFieldRules {
  groupId: number;
  voucher: readonly VoucherField[];
  reservation: readonly ReservationField[];
}

const rules = (
  groupIds: number[],
  voucher: readonly VoucherField[],
  reservation: readonly ReservationField[],
): RoleFieldRules[] => groupIds.map((groupId) => ({ groupId, voucher, reservation }));

/** Section 6 'Editable voucher and reservation fields by role (group id)', line by line. */
export const ROLE_FIELD_RULES: readonly RoleFieldRules[] = [
  // Ejecutivo (13), Supervisor (19), Soporte (20), Soporte Pais (35): voucher status, observations,
  // all passenger fields; reservation auto_cancel and emergency contacts.
  ...rules([13, 19, 20, 35], ['status', 'observations', ...paxFields], ['auto_cancel', ...emergencyContacts]),
  // Proveedor (14), Administracion Proveedor (15): no voucher fields; reservation emergency
  // contacts plus status, date_in, date_out, office.
  ...rules([14, 15], [], [...emergencyContacts, 'status', 'date_in', 'date_out', 'office']),
  // Agencia (16): voucher status and provider filter; reservation emergency contacts and status.
  ...rules([16], ['status', 'voucher_filter_proveedor'], [...emergencyContacts, 'status']),
  // Administracion (17): voucher status, observations, commission, net_price; reservation status and office.
  ...rules([17], ['status', 'observations', 'commission', 'net_price'], ['status', 'office']),
  // Administracion Central (18): voucher status, observations, commission; reservation status, dates, office.
  ...rules([18], ['status', 'observations', 'commission'], ['status', ...dates, 'office']),
  // Super Administrador (21): all voucher fields including prices; reservation status, dates, office.
  ...rules([21], allVoucherFields, ['status', ...dates, 'office']),
  // Ejecutivo Supervisor (33): voucher status and observations only.
  ...rules([33], ['status', 'observations'], []),
  // Gerente de Pais (34): voucher status, observations, commission, passenger fields; reservation
  // status, dates, office.
  ...rules([34], ['status', 'observations', 'commission', ...paxFields], ['status', ...dates, 'office']),
];

export function fieldRulesOf(groupId: number): RoleFieldRules | undefined {
  return ROLE_FIELD_RULES.find((rule) => rule.groupId === groupId);
}

/**
 * Field-level visibility rules (section 6: 'checked by user group or id, entity, view and field;
 * the table is not shown'). A rule names a group or a user; a user rule wins over group rules.
 * With no rule, a field is visible in 'list' and 'show' and, in 'edit', editable when the
 * role's field rules above allow it. The spec gives no entries, so the table starts empty; the
 * mechanism is tested with tables of its own.
 */
export interface FieldVisibilityRule {
  subject: { groupId: number } | { userId: number };
  entity: FieldEntity;
  view: Exclude<FieldView, 'create'>;
  field: string;
  visible: boolean;
}

export const FIELD_VISIBILITY_RULES: readonly FieldVisibilityRule[] = [];

/** The modules (section 1) a set of permissions makes useful: those of the sections it may view. */
export function modulesForPermissions(permissions: readonly string[]): UserModule[] {
  const grants = { isSuperuser: false, permissions };
  return MODULES.filter((module) =>
    SECTIONS.some((section) => section.module === module && can(grants, section.resource, 'view')),
  );
}

/** Module visibility by role: the modules its seeded permissions make useful. */
export const ROLE_MODULES: Readonly<Record<number, readonly UserModule[]>> = Object.fromEntries(
  ROLES.map((role) => [role.groupId, modulesForPermissions(role.permissions)]),
);
