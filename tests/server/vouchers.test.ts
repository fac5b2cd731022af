/**
 * Reservas y Vouchers (issue 15; SPEC §2, §3, §4 'Vouchers', §6, §7): the §6 role table field by
 * field against a hand-written fixture, scope by office, status transitions allowed and refused
 * (one and in bulk, /status_reservation with its message), cancel-all in one transaction, PDFs
 * that parse and carry the voucher number, mails in the outbox with the attachment, bad input
 * never a 500.
 */
import { eq, inArray, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransition, STATUS_TRANSITIONS, type Voucher } from '../../src/contracts/bookings';
import { ROLES } from '../../src/contracts/roles';
import {
  offices,
  passengers,
  products,
  reservations,
  users,
  voucherPassengers,
  vouchers,
} from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { exportWorkerOf } from '../../src/server/resources/exports';
import { headerLayout, headerLines } from '../../src/server/services/voucherPdf';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let productId: number;

interface Booking {
  reservation: number;
  voucher: number;
  pax: number;
}

async function createBooking(
  officeId: number | null,
  status = 3,
  vouchersCount = 1,
): Promise<Booking & { vouchers: number[] }> {
  const db = testApp.handle.db;
  const [reservation] = await db
    .insert(reservations)
    .values({
      officeId,
      status,
      paymentMethod: 'Tarjeta',
      totalPrice: '300.00',
      dateIn: '2027-01-10',
      dateOut: '2027-01-20',
    })
    .returning({ id: reservations.id });
  const [pax] = await db
    .insert(passengers)
    .values({
      name: 'Lucía',
      surname: 'Pérez',
      docNumber: '30111222',
      email: 'lucia.perez@example.com',
      birthDate: '1990-05-04',
    })
    .returning({ id: passengers.id });
  const ids: number[] = [];
  for (let index = 0; index < vouchersCount; index++) {
    const [voucher] = await db
      .insert(vouchers)
      .values({
        reservationId: reservation.id,
        productId,
        status,
        pvp: '300.00',
        finalPrice: '300.00',
        netPrice: '250.00',
        commission: '50.00',
        rateLongName: 'Tarifa anual',
      })
      .returning({ id: vouchers.id });
    await db.insert(voucherPassengers).values({ voucherId: voucher.id, paxId: pax.id });
    ids.push(voucher.id);
  }
  return { reservation: reservation.id, voucher: ids[0], pax: pax.id, vouchers: ids };
}

async function officeOf(username: string): Promise<number | null> {
  const [user] = await testApp.handle.db
    .select({ officeId: users.officeId })
    .from(users)
    .where(eq(users.username, username));
  return user.officeId;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const [product] = await testApp.handle.db.select({ id: products.id }).from(products).limit(1);
  productId = product.id;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

// The §6 table, written out by hand (not derived from src/contracts/roleRules.ts).
const VOUCHER_EDITABLE: Record<string, string[]> = {
  ejecutivo: ['status', 'observations', 'pax.name'],
  supervisor: ['status', 'observations', 'pax.name'],
  soporte: ['status', 'observations', 'pax.name'],
  soporte_pais: ['status', 'observations', 'pax.name'],
  proveedor: [],
  administracion_proveedor: [],
  agencia: ['status', 'voucher_filter_proveedor'],
  administracion: ['status', 'observations', 'commission', 'net_price'],
  administracion_central: ['status', 'observations', 'commission'],
  super_administrador: [
    'status',
    'status_administracion',
    'observations',
    'pvp',
    'final_price',
    'commission',
    'net_price',
    'voucher_filter_proveedor',
    'pax.name',
  ],
  ejecutivo_supervisor: ['status', 'observations'],
  gerente_pais: ['status', 'observations', 'commission', 'pax.name'],
};
/**
 * Proveedor and Administracion Proveedor: §6 lets them edit emergency contacts, status, dates and
 * office; their seeded roles hold reservation/add for it (src/contracts/roles.ts, migration 0021).
 */
const RESERVATION_EDITABLE: Record<string, string[]> = {
  ejecutivo: ['auto_cancel', 'contact_emergency_name'],
  supervisor: ['auto_cancel', 'contact_emergency_name'],
  soporte: ['auto_cancel', 'contact_emergency_name'],
  soporte_pais: ['auto_cancel', 'contact_emergency_name'],
  proveedor: ['contact_emergency_name', 'status', 'date_in', 'date_out', 'office'],
  administracion_proveedor: ['contact_emergency_name', 'status', 'date_in', 'date_out', 'office'],
  agencia: ['contact_emergency_name', 'status'],
  administracion: ['status', 'office'],
  administracion_central: ['status', 'date_in', 'date_out', 'office'],
  super_administrador: ['status', 'date_in', 'date_out', 'office'],
  ejecutivo_supervisor: [],
  gerente_pais: ['status', 'date_in', 'date_out', 'office'],
};

const SCOPED_ROLES = ['proveedor', 'administracion_proveedor', 'agencia'];

function voucherChange(field: string, booking: Booking): Record<string, unknown> {
  switch (field) {
    case 'status':
      return { status: 1 };
    case 'status_administracion':
      return { status_administracion: 3 };
    case 'observations':
      return { observations: 'Llamó el pasajero' };
    case 'voucher_filter_proveedor':
      return { voucher_filter_proveedor: 'Proveedor Uno' };
    case 'pax.name':
      return { pax: [{ id: booking.pax, name: 'Lucía Inés' }] };
    default:
      return { [field]: '123,45' };
  }
}

function reservationChange(field: string, otherOffice: number): Record<string, unknown> {
  switch (field) {
    case 'status':
      return { status: 1 };
    case 'auto_cancel':
      return { auto_cancel: true };
    case 'contact_emergency_name':
      return { contact_emergency_name: 'Marta' };
    case 'date_in':
      return { date_in: '2027-01-11' };
    case 'date_out':
      return { date_out: '2027-01-21' };
    default:
      return { office: otherOffice };
  }
}

describe('§6 role table, field by field', () => {
  const voucherFields = VOUCHER_EDITABLE.super_administrador;
  const reservationFields = [
    'status',
    'auto_cancel',
    'contact_emergency_name',
    'date_in',
    'date_out',
    'office',
  ];

  it('covers every role of the seed', () => {
    expect(Object.keys(VOUCHER_EDITABLE).sort()).toEqual(ROLES.map((role) => role.key).sort());
  });

  for (const role of Object.keys(VOUCHER_EDITABLE)) {
    it(`${role}: vouchers and reservations`, async () => {
      const call = as(testApp, await testApp.login(role, DEMO_PASSWORD));
      const office = await officeOf(role);
      // An office user moves a reservation only inside its office tree: a branch below its office.
      const [other] = SCOPED_ROLES.includes(role)
        ? await testApp.handle.db
            .insert(offices)
            .values({
              shortName: `SUB-${role}`.slice(0, 20),
              longName: `Sucursal de ${role}`,
              parentId: office,
            })
            .returning({ id: offices.id })
        : await testApp.handle.db
            .select({ id: offices.id })
            .from(offices)
            .where(office === null ? undefined : ne(offices.id, office))
            .limit(1);
      for (const field of voucherFields) {
        const booking = await createBooking(office);
        const response = await call({
          method: 'PUT',
          url: `/api/voucher/${booking.voucher}/`,
          payload: voucherChange(field, booking),
        });
        const expected = VOUCHER_EDITABLE[role].includes(field) ? 200 : 403;
        expect({ role, field, status: response.statusCode }).toEqual({ role, field, status: expected });
        if (expected === 403) expect(response.json().detail).toMatch(/no puede|no tiene/i);
      }
      for (const field of reservationFields) {
        const booking = await createBooking(office);
        const response = await call({
          method: 'PUT',
          url: `/api/reservation/${booking.reservation}/`,
          payload: reservationChange(field, other.id),
        });
        const expected = RESERVATION_EDITABLE[role].includes(field) ? 200 : 403;
        expect({ role, field, status: response.statusCode }).toEqual({ role, field, status: expected });
        // An allowed edit is saved: the record read back carries the new value.
        const change = reservationChange(field, other.id);
        const [key] = Object.keys(change);
        const stored = (
          await admin({ method: 'GET', url: `/api/reservation/${booking.reservation}/` })
        ).json();
        expect({ role, field, stored: stored[key] === change[key] }).toEqual({
          role,
          field,
          stored: expected === 200,
        });
      }
    });
  }

  it('names the refused field', async () => {
    const agencia = as(testApp, await testApp.login('agencia', DEMO_PASSWORD));
    const booking = await createBooking(await officeOf('agencia'));
    const response = await agencia({
      method: 'PUT',
      url: `/api/voucher/${booking.voucher}/`,
      payload: { final_price: '1,00' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/precio final|final_price/i);
  });
});

describe('prices follow one rule: net = final − commission (issue 32)', () => {
  const pricesOf = async (id: number) => {
    const voucher = (await admin({ method: 'GET', url: `/api/voucher/${id}/` })).json();
    return [voucher.final_price, voucher.commission, voucher.net_price];
  };
  const put = (id: number, payload: Record<string, unknown>) =>
    admin({ method: 'PUT', url: `/api/voucher/${id}/`, payload });

  it('recalculates the net price from the commission or the final price, and the commission from the net price', async () => {
    const { voucher } = await createBooking(null);
    expect((await put(voucher, { commission: '32,65' })).statusCode).toBe(200);
    expect(await pricesOf(voucher)).toEqual(['300.00', '32.65', '267.35']);
    expect((await put(voucher, { final_price: '222,00' })).statusCode).toBe(200);
    expect(await pricesOf(voucher)).toEqual(['222.00', '32.65', '189.35']);
    expect((await put(voucher, { net_price: '188,70' })).statusCode).toBe(200);
    expect(await pricesOf(voucher)).toEqual(['222.00', '33.30', '188.70']);
    // Unchanged prices sent beside a change (what the form sends) count as unchanged.
    expect(
      (await put(voucher, { final_price: '222,00', commission: '22,00', net_price: '188,70' })).statusCode,
    ).toBe(200);
    expect(await pricesOf(voucher)).toEqual(['222.00', '22.00', '200.00']);
  });

  it('refuses a commission above the final price and a commission and net price that break the rule', async () => {
    const { voucher } = await createBooking(null);
    const above = await put(voucher, { commission: '300,01' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ commission: ['La comisión no puede superar el precio final.'] });
    const broken = await put(voucher, { commission: '10,00', net_price: '10,00' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      net_price: ['El precio neto debe ser el precio final menos la comisión.'],
    });
    expect(await pricesOf(voucher)).toEqual(['300.00', '50.00', '250.00']);
  });

  it('a role that edits only the commission still gets the net price recalculated (§6 Administracion Central)', async () => {
    const central = as(testApp, await testApp.login('administracion_central', DEMO_PASSWORD));
    const { voucher } = await createBooking(await officeOf('administracion_central'));
    const response = await central({
      method: 'PUT',
      url: `/api/voucher/${voucher}/`,
      payload: { commission: '75' },
    });
    expect(response.statusCode).toBe(200);
    expect(await pricesOf(voucher)).toEqual(['300.00', '75.00', '225.00']);
  });
});

describe('office users edit their reservations (§6 Proveedor, Administracion Proveedor)', () => {
  it('a Proveedor edits an allowed field, and never moves a reservation out of its office tree', async () => {
    const proveedor = as(testApp, await testApp.login('proveedor', DEMO_PASSWORD));
    const office = await officeOf('proveedor');
    const booking = await createBooking(office);
    const saved = await proveedor({
      method: 'PUT',
      url: `/api/reservation/${booking.reservation}/`,
      payload: { contact_emergency_phone: '1144556677', date_out: '2027-01-25' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contact_emergency_phone: '1144556677', date_out: '2027-01-25' });
    const [outside] = await testApp.handle.db
      .insert(offices)
      .values({ shortName: 'FUERA-PROV', longName: 'Oficina ajena al proveedor' })
      .returning({ id: offices.id });
    const moved = await proveedor({
      method: 'PUT',
      url: `/api/reservation/${booking.reservation}/`,
      payload: { office: outside.id },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().office).toHaveLength(1);
    const [stored] = await testApp.handle.db
      .select({ officeId: reservations.officeId })
      .from(reservations)
      .where(eq(reservations.id, booking.reservation));
    expect(stored.officeId).toBe(office);
  });

  it("a voucher follows its reservation's office (the scope reads the voucher's copy)", async () => {
    const office = await officeOf('agencia');
    const booking = await createBooking(office);
    const agencia = as(testApp, await testApp.login('agencia', DEMO_PASSWORD));
    expect((await agencia({ method: 'GET', url: `/api/voucher/${booking.voucher}/` })).statusCode).toBe(200);
    const [elsewhere] = await testApp.handle.db
      .insert(offices)
      .values({ shortName: 'OTRA-AGEN', longName: 'Otra agencia' })
      .returning({ id: offices.id });
    const moved = await admin({
      method: 'PUT',
      url: `/api/reservation/${booking.reservation}/`,
      payload: { office: elsewhere.id },
    });
    expect(moved.statusCode).toBe(200);
    const [copy] = await testApp.handle.db
      .select({ officeId: vouchers.officeId })
      .from(vouchers)
      .where(eq(vouchers.id, booking.voucher));
    expect(copy.officeId).toBe(elsewhere.id);
    expect((await agencia({ method: 'GET', url: `/api/voucher/${booking.voucher}/` })).statusCode).toBe(404);
  });
});

describe('scope by office', () => {
  it('an agency sees its office and the offices below it; others are 404', async () => {
    const db = testApp.handle.db;
    const own = await officeOf('agencia');
    if (own === null) throw new Error('the demo agencia has no office');
    const [child] = await db
      .insert(offices)
      .values({ shortName: 'HIJA-V', longName: 'Agencia hija vouchers', parentId: own })
      .returning({ id: offices.id });
    const [stranger] = await db
      .insert(offices)
      .values({ shortName: 'AJENA-V', longName: 'Agencia ajena vouchers' })
      .returning({ id: offices.id });
    const mine = await createBooking(own);
    const below = await createBooking(child.id);
    const theirs = await createBooking(stranger.id);
    const agencia = as(testApp, await testApp.login('agencia', DEMO_PASSWORD));
    for (const booking of [mine, below]) {
      expect(
        (await agencia({ method: 'GET', url: `/api/reservation/${booking.reservation}/` })).statusCode,
      ).toBe(200);
      expect((await agencia({ method: 'GET', url: `/api/voucher/${booking.voucher}/` })).statusCode).toBe(
        200,
      );
    }
    expect(
      (await agencia({ method: 'GET', url: `/api/reservation/${theirs.reservation}/` })).statusCode,
    ).toBe(404);
    expect((await agencia({ method: 'GET', url: `/api/voucher/${theirs.voucher}/` })).statusCode).toBe(404);
    expect(
      (await agencia({ method: 'PUT', url: `/api/voucher/${theirs.voucher}/`, payload: { status: 1 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await agencia({ method: 'POST', url: '/api/pdfVoucher/', payload: { voucher_id: theirs.voucher } }))
        .statusCode,
    ).toBe(404);
    const list = (await agencia({ method: 'GET', url: '/api/voucher/?limit=1000' })).json();
    const ids = list.results.map((row: { id: number }) => row.id);
    expect(ids).toContain(mine.voucher);
    expect(ids).toContain(below.voucher);
    expect(ids).not.toContain(theirs.voucher);
    // A central role sees all.
    expect((await admin({ method: 'GET', url: `/api/voucher/${theirs.voucher}/` })).statusCode).toBe(200);
  });
});

describe('lists', () => {
  it('answers names, not ids, and the exact filters of §2', async () => {
    const booking = await createBooking(await officeOf('agencia'));
    const reservation = (
      await admin({ method: 'GET', url: `/api/reservation/?id=${booking.reservation}` })
    ).json();
    expect(reservation.count).toBe(1);
    expect(typeof reservation.results[0].office_name).toBe('string');
    expect(reservation.results[0].status_name).toBe('EMITIDO');
    const byStatus = (await admin({ method: 'GET', url: '/api/voucher/?status=3&limit=5' })).json();
    expect(byStatus.results.every((row: { status: number }) => row.status === 3)).toBe(true);
    const voucher = (await admin({ method: 'GET', url: `/api/voucher/${booking.voucher}/` })).json();
    expect(voucher.duration).toBe(11);
    expect(voucher.pax[0].surname).toBe('Pérez');
    const detail = (await admin({ method: 'GET', url: `/api/reservation/${booking.reservation}/` })).json();
    expect(detail.vouchers.map((row: { id: number }) => row.id)).toEqual([booking.voucher]);
    expect(detail.passengers[0].doc_number).toBe('30111222');
  });

  it("keeps the voucher's copy of its travellers in step: edited, added and removed (migration 0025)", async () => {
    const booking = await createBooking(await officeOf('agencia'));
    const db = testApp.handle.db;
    const paxOf = async () => {
      const page = (await admin({ method: 'GET', url: `/api/voucher/?id=${booking.voucher}` })).json();
      const detail = (await admin({ method: 'GET', url: `/api/voucher/${booking.voucher}/` })).json();
      // The list and the detail read the same copy.
      expect(page.results[0].pax).toEqual(detail.pax);
      return detail.pax as { id: number; name: string; surname: string; doc_number: string }[];
    };
    expect(await paxOf()).toEqual([
      {
        id: booking.pax,
        name: 'Lucía',
        surname: 'Pérez',
        phone: '',
        doc_type: 'DNI',
        doc_number: '30111222',
        birth_date: '1990-05-04',
        country: null,
        email: 'lucia.perez@example.com',
        nationality: null,
      },
    ]);
    // Edited through the voucher (as a role with pax.name may) and directly in the table.
    const edited = await admin({
      method: 'PUT',
      url: `/api/voucher/${booking.voucher}/`,
      payload: { pax: [{ id: booking.pax, name: 'Lucía Inés' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().pax[0].name).toBe('Lucía Inés');
    await db.update(passengers).set({ docNumber: '30999888' }).where(eq(passengers.id, booking.pax));
    expect((await paxOf()).map((pax) => [pax.name, pax.doc_number])).toEqual([['Lucía Inés', '30999888']]);
    // A second traveller added, then the first removed.
    const [second] = await db
      .insert(passengers)
      .values({ name: 'Andrés', surname: 'Álvarez', docNumber: '40111222' })
      .returning({ id: passengers.id });
    await db.insert(voucherPassengers).values({ voucherId: booking.voucher, paxId: second.id });
    expect((await paxOf()).map((pax) => pax.surname)).toEqual(['Pérez', 'Álvarez']);
    await db.delete(voucherPassengers).where(eq(voucherPassengers.paxId, booking.pax));
    expect((await paxOf()).map((pax) => pax.id)).toEqual([second.id]);
  });

  it('POST /get_reservation/ filters, and answers status Error for an empty filter (min length 1)', async () => {
    const booking = await createBooking(null);
    const found = await admin({
      method: 'POST',
      url: '/api/get_reservation/',
      payload: { id: booking.reservation },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().results[0].id).toBe(booking.reservation);
    const empty = await admin({
      method: 'POST',
      url: '/api/get_reservation/',
      payload: { office__long_name: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toBe('Error');
  });

  it('streams the reservations CSV with a BOM', async () => {
    const booking = await createBooking(null);
    const csv = await admin({
      method: 'GET',
      url: `/api/csv_reservation_filter/?offset=0&limit=10&id=${booking.reservation}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain(`\r\n${booking.reservation};`);
  });
});

describe('status transitions', () => {
  it('the table: CANCELADO is final, PEDIDO DE CANCELACION goes to CANCELADO or back to EMITIDO', () => {
    expect(STATUS_TRANSITIONS[2]).toEqual([]);
    expect(canTransition(1, 2)).toBe(true);
    expect(canTransition(1, 3)).toBe(true);
    expect(canTransition(1, 4)).toBe(false);
    expect(canTransition(3, 3)).toBe(false);
  });

  it('offers only allowed targets and refuses the others with 409', async () => {
    const booking = await createBooking(null);
    const voucher = (await admin({ method: 'GET', url: `/api/voucher/${booking.voucher}/` })).json();
    expect(voucher.allowed_actions).toEqual(expect.arrayContaining(['status_1', 'status_2']));
    expect(voucher.allowed_actions).not.toContain('status_4');
    const refused = await admin({
      method: 'POST',
      url: `/api/voucher/${booking.voucher}/actions/status_4/`,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('EMITIDO');
    const moved = await admin({
      method: 'POST',
      url: `/api/voucher/${booking.voucher}/actions/status_1/`,
      payload: {},
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().status).toBe(1);
    const cancelled = await admin({
      method: 'POST',
      url: `/api/voucher/${booking.voucher}/actions/status_2/`,
      payload: {},
    });
    expect(cancelled.json().allowed_actions.filter((name: string) => name.startsWith('status_'))).toEqual([]);
    const back = await admin({
      method: 'PUT',
      url: `/api/voucher/${booking.voucher}/`,
      payload: { status: 3 },
    });
    expect(back.statusCode).toBe(409);
  });

  it('POST /status_reservation changes the selected vouchers and answers a message', async () => {
    const booking = await createBooking(null, 3, 3);
    const answer = await admin({
      method: 'POST',
      url: '/api/status_reservation',
      payload: { reservation_id: null, voucher_id: booking.vouchers, status: 1 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe('OK');
    expect(answer.json().message).toContain('3');
    const rows = await testApp.handle.db
      .select({ status: vouchers.status })
      .from(vouchers)
      .where(inArray(vouchers.id, booking.vouchers));
    expect(rows.map((row) => row.status)).toEqual([1, 1, 1]);
    const refused = await admin({
      method: 'POST',
      url: '/api/status_reservation',
      payload: { reservation_id: null, voucher_id: booking.voucher, status: 6 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status).toBe('Error');
    const bad = await admin({
      method: 'POST',
      url: '/api/status_reservation',
      payload: { voucher_id: booking.voucher, status: 99 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe('Error');
  });

  it('bulk: a refused voucher does not undo the others', async () => {
    const open = await createBooking(null, 3, 2);
    const closed = await createBooking(null, 2, 1);
    const answer = await admin({
      method: 'POST',
      url: '/api/voucher/bulk/status_1/',
      payload: { ids: [...open.vouchers, closed.voucher] },
    });
    expect(answer.json().results.map((row: { ok: boolean }) => row.ok)).toEqual([true, true, false]);
  });
});

describe('cancel all', () => {
  it('cancels every voucher and the reservation in one transaction', async () => {
    const booking = await createBooking(null, 3, 3);
    await testApp.handle.db.update(vouchers).set({ status: 1 }).where(eq(vouchers.id, booking.vouchers[1]));
    const answer = await admin({
      method: 'POST',
      url: '/api/cancelAllVouchers/',
      payload: { id_reservation: booking.reservation },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe('OK');
    const rows = await testApp.handle.db
      .select({ status: vouchers.status })
      .from(vouchers)
      .where(inArray(vouchers.id, booking.vouchers));
    expect(rows.map((row) => row.status)).toEqual([2, 2, 2]);
    const [reservation] = await testApp.handle.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.id, booking.reservation));
    expect(reservation.status).toBe(2);
    const shown = (await admin({ method: 'GET', url: `/api/reservation/${booking.reservation}/` })).json();
    expect(shown.allowed_actions).not.toContain('cancel_all');
    const again = await admin({
      method: 'POST',
      url: '/api/cancelAllVouchers/',
      payload: { id_reservation: booking.reservation },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a role that may not change statuses changes nothing', async () => {
    const booking = await createBooking(await officeOf('proveedor'), 3, 2);
    const proveedor = as(testApp, await testApp.login('proveedor', DEMO_PASSWORD));
    const answer = await proveedor({
      method: 'POST',
      url: '/api/cancelAllVouchers/',
      payload: { id_reservation: booking.reservation },
    });
    expect(answer.statusCode).toBe(403);
    const rows = await testApp.handle.db
      .select({ status: vouchers.status })
      .from(vouchers)
      .where(inArray(vouchers.id, booking.vouchers));
    expect(rows.map((row) => row.status)).toEqual([3, 3]);
  });
});

describe('PDFs and mail', () => {
  it('pdfVoucher answers an A4 PDF titled with the voucher number', async () => {
    const booking = await createBooking(null);
    const answer = await admin({
      method: 'POST',
      url: '/api/pdfVoucher/',
      payload: { voucher_id: booking.voucher },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/pdf');
    const pdf = await PDFDocument.load(answer.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(Math.round(pdf.getPage(0).getWidth())).toBe(595);
    expect(pdf.getTitle()).toContain(String(booking.voucher));
  });

  it("puts the QR above the first section's rule and says 'Emitido' only for an issued voucher (issue 32)", () => {
    const [width, height] = [595.28, 841.89];
    const layout = headerLayout(width, height);
    // The first section's title is drawn 28 pt below sectionsTop and its rule 4 pt under it.
    expect(layout.sectionsTop - 28 - 4).toBeLessThan(layout.qr.y);
    expect(layout.qr.y + layout.qr.size).toBeLessThanOrEqual(height - 90);
    for (const line of layout.lines) expect(line).toBeGreaterThan(layout.sectionsTop);
    const data = {
      reservationId: 7,
      dateEmision: new Date('2026-12-11T12:00:00Z'),
      officeName: 'Oficina Madrid',
    };
    expect(headerLines({ ...data, status: 4 })[1]).toBe('Reservado: 11/12/2026   Agencia: Oficina Madrid');
    expect(headerLines({ ...data, status: 3 })[1]).toBe('Emitido: 11/12/2026   Agencia: Oficina Madrid');
    expect(headerLines({ ...data, status: 4 })[0]).toBe('Reserva N° 7   Estado: PENDIENTE');
  });

  it('pdfMultiVoucher has a page per voucher of the reservation', async () => {
    const booking = await createBooking(null, 3, 3);
    const answer = await admin({
      method: 'POST',
      url: '/api/pdfMultiVoucher/',
      payload: { id_reservation: booking.reservation },
    });
    const pdf = await PDFDocument.load(answer.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
  });

  it('sendEmailCCGG mails the terms with the link to the terms page (tests/server/terms.test.ts)', async () => {
    const booking = await createBooking(null);
    const answer = await admin({
      method: 'POST',
      url: '/api/sendEmailCCGG/',
      payload: { voucher_id: booking.voucher },
    });
    expect(answer.json()).toEqual({ status: 'OK', message: 'Email enviado.' });
    const mail = testApp.outbox().at(-1) ?? '';
    expect(mail).toContain('To: lucia.perez@example.com');
    const link = /\/terms\/([^\s]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${booking.voucher}/\\d+/[A-Za-z0-9_-]{32}$`));
  });

  it('sendMultiVoucher mails the PDF attached', async () => {
    const booking = await createBooking(null, 3, 2);
    const answer = await admin({
      method: 'POST',
      url: '/api/sendMultiVoucher/',
      payload: { id_reservation: booking.reservation, email: 'viajero@example.com' },
    });
    expect(answer.json().status).toBe('OK');
    const mail = testApp.outbox().at(-1) ?? '';
    expect(mail).toContain('To: viajero@example.com');
    expect(mail).toContain(`multivoucher_${booking.reservation}.pdf`);
    expect(mail).toContain('application/pdf');
  });
});

describe('bad input never answers 500', () => {
  const bodies: unknown[] = [
    null,
    'x',
    [],
    { voucher_id: 'a' },
    { voucher_id: -1 },
    { voucher_id: 1e12 },
    { id_reservation: {} },
    { status: '3' },
  ];
  const routes = [
    '/api/pdfVoucher/',
    '/api/pdfMultiVoucher/',
    '/api/sendEmailCCGG/',
    '/api/sendMultiVoucher/',
    '/api/status_reservation',
    '/api/cancelAllVouchers/',
    '/api/get_reservation/',
  ];
  it('answers 4xx with a Spanish detail', async () => {
    for (const url of routes)
      for (const body of bodies) {
        const answer = await admin({
          method: 'POST',
          url,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect({ url, body, status: answer.statusCode < 500 }).toEqual({ url, body, status: true });
      }
    for (const url of [
      '/api/voucher/?status=abc',
      '/api/reservation/?date_emision=2024-99-99',
      '/api/voucher/?id=99999999999',
    ])
      expect((await admin({ method: 'GET', url })).statusCode).toBe(200);
    expect(
      (await admin({ method: 'PUT', url: '/api/voucher/1/', payload: { final_price: 'mucho' } })).statusCode,
    ).toBe(400);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/terms/%00/' })).statusCode).toBe(404);
  });
});

describe('voucher export', () => {
  it('GET /csv_voucher_filter/ makes filter_voucher.xlsx with the list filters, each cell as the list shows it', async () => {
    const booking = await createBooking(await officeOf('agencia'), 6, 2);
    // A second traveller on the first voucher (the export joins them as the list lists them).
    const [second] = await testApp.handle.db
      .insert(passengers)
      .values({ name: 'Tomás', surname: 'Gil Ñúñez', docNumber: '30999888', birthDate: '1985-02-03' })
      .returning({ id: passengers.id });
    await testApp.handle.db
      .insert(voucherPassengers)
      .values({ voucherId: booking.voucher, paxId: second.id });
    const started = await admin({
      method: 'GET',
      url: `/api/csv_voucher_filter/?reservation=${booking.reservation}`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { hash } = started.json<{ hash: string }>();
    let report: { status: string; url: string | null; file_name: string } | undefined;
    for (let tries = 0; tries < 400; tries++) {
      exportWorkerOf(testApp.context)?.wake();
      report = (await admin({ method: 'GET', url: `/api/report/${hash}/` })).json();
      if (report?.status !== 'Pending') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(report?.status).toBe('OK');
    expect(report?.file_name).toBe('filter_voucher.xlsx');
    const file = await admin({ method: 'GET', url: `/api/report/${hash}/file/` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(10).value).toBe('PENDIENTE DE PAGO');

    // The export reads its own lean projection; its cells are those of the list's answer.
    const listed = (
      await admin({ method: 'GET', url: `/api/voucher/?reservation=${booking.reservation}&limit=25` })
    ).json<{ results: Voucher[] }>().results;
    // Dates are date cells (issue 32 'Money, dates and exports'), at UTC midnight of the day.
    const localDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);
    const expected = listed.map((voucher) => [
      voucher.id,
      voucher.reservation,
      localDate(voucher.reservation_date_in),
      localDate(voucher.reservation_date_out),
      voucher.duration,
      voucher.office_name,
      voucher.payment_method,
      voucher.supplier_name,
      voucher.product_long_name,
      voucher.status_name,
      voucher.pax.map((pax) => `${pax.name} ${pax.surname}`).join(', '),
      Number(voucher.final_price),
    ]);
    const cells = [2, 3].map((row) =>
      Array.from({ length: 12 }, (_, index) => sheet.getRow(row).getCell(index + 1).value),
    );
    expect(cells).toEqual(expected);
    expect(cells[1][10]).toBe('Lucía Pérez, Tomás Gil Ñúñez');
    expect(cells[0][0]).toBe(booking.vouchers[1]);
  });
});
