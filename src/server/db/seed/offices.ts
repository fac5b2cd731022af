/**
 * Demo offices (the office core; the full office module extends them later), each in its country,
 * so 'Ir a mi sitio' (SPEC §2) reaches a country's url_redirect for the demo users.
 */
import { eq, inArray } from 'drizzle-orm';
import { cuitCheckDigit } from '../../../contracts/banking/cuit';
import type { Transaction } from '../client';
import {
  aditionalOffices,
  businessUnits,
  countries,
  municipalities,
  officeKaring,
  officePayments,
  officeSperta,
  offices,
  officeTags,
  tags,
} from '../schema';

const DEMO_OFFICES = [
  ['CASA', 'Casa Central Buenos Aires', 'ARG'],
  ['COR', 'Sucursal Córdoba', 'ARG'],
  ['MDZ', 'Sucursal Mendoza', 'ARG'],
  ['ROS', 'Sucursal Rosario', 'ARG'],
  ['SCL', 'Oficina Santiago de Chile', 'CHL'],
  ['MAD', 'Oficina Madrid', 'ESP'],
] as const;

export async function seedOfficesDemo(tx: Transaction): Promise<number[]> {
  const countryRows = await tx
    .select({ id: countries.id, iso3: countries.shortName })
    .from(countries)
    .where(inArray(countries.shortName, [...new Set(DEMO_OFFICES.map(([, , iso3]) => iso3))]));
  const countryIdOf = (iso3: string) => countryRows.find((row) => row.iso3 === iso3)?.id ?? null;
  const rows = await tx
    .insert(offices)
    .values(
      DEMO_OFFICES.map(([shortName, longName, iso3]) => ({
        shortName,
        longName,
        countryId: countryIdOf(iso3),
      })),
    )
    .returning({ id: offices.id });
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The demo office tree (issue 12): headquarters per country, branches under them and agencies
// under the branches, with business units, tags, commercial conditions and sub-records.

/** [country iso3, headquarters short name (existing or new), headquarters name, business unit] */
const COUNTRY_TREES = [
  {
    iso3: 'ARG',
    hq: ['CASA', 'Casa Central Buenos Aires'],
    unit: 'UN-ARG',
    phone: (n: number) => `+5411${String(43000000 + n * 137).slice(0, 8)}`,
    branches: [
      ['COR', 'Sucursal Córdoba'],
      ['MDZ', 'Sucursal Mendoza'],
      ['ROS', 'Sucursal Rosario'],
      ['MDQ', 'Sucursal Mar del Plata'],
      ['SLA', 'Sucursal Salta'],
      ['TUC', 'Sucursal Tucumán'],
      ['NQN', 'Sucursal Neuquén'],
      ['BRC', 'Sucursal Bariloche'],
      ['SFE', 'Sucursal Santa Fe'],
      ['LPL', 'Sucursal La Plata'],
      ['USH', 'Sucursal Ushuaia'],
    ],
  },
  {
    iso3: 'CHL',
    hq: ['SCL', 'Oficina Santiago de Chile'],
    unit: 'UN-CHL',
    phone: (n: number) => `+5622${String(2100000 + n * 97).slice(0, 7)}`,
    branches: [
      ['VAP', 'Sucursal Valparaíso'],
      ['VDM', 'Sucursal Viña del Mar'],
      ['CCP', 'Sucursal Concepción'],
      ['ANF', 'Sucursal Antofagasta'],
      ['LSC', 'Sucursal La Serena'],
      ['PMC', 'Sucursal Puerto Montt'],
    ],
  },
  {
    iso3: 'URY',
    hq: ['MVD', 'Oficina Montevideo'],
    unit: 'UN-URY',
    phone: (n: number) => `+5982${String(4000000 + n * 89).slice(0, 7)}`,
    branches: [
      ['PDP', 'Sucursal Punta del Este'],
      ['CYR', 'Sucursal Colonia del Sacramento'],
      ['STY', 'Sucursal Salto'],
    ],
  },
  {
    iso3: 'MEX',
    hq: ['CDMX', 'Oficina Ciudad de México'],
    unit: 'UN-MEX',
    phone: (n: number) => `+5255${String(50000000 + n * 113).slice(0, 8)}`,
    branches: [
      ['GDL', 'Sucursal Guadalajara'],
      ['MTY', 'Sucursal Monterrey'],
      ['CUN', 'Sucursal Cancún'],
      ['PBC', 'Sucursal Puebla'],
      ['MID', 'Sucursal Mérida'],
    ],
  },
  {
    iso3: 'ESP',
    hq: ['MAD', 'Oficina Madrid'],
    unit: 'UN-ESP',
    phone: (n: number) => `+3491${String(4000000 + n * 71).slice(0, 7)}`,
    branches: [
      ['BCN', 'Sucursal Barcelona'],
      ['VLC', 'Sucursal Valencia'],
      ['SVQ', 'Sucursal Sevilla'],
      ['BIO', 'Sucursal Bilbao'],
      ['AGP', 'Sucursal Málaga'],
    ],
  },
] as const;

const AGENCY_WORDS = [
  'Andes',
  'Horizonte',
  'Sol y Mar',
  'Patagonia',
  'Rumbo Norte',
  'Brújula',
  'Trotamundos',
  'Aventura',
  'Pasaporte',
  'Destinos',
  'Cielo Azul',
  'Costa Dorada',
  'Ruta 40',
  'Nómade',
  'Alas',
  'Mundo Feliz',
  'Itinerario',
  'Cumbres',
  'Travesía',
  'Atlántico',
  'Pacífico',
  'Bitácora',
  'Equipaje',
  'Vía Libre',
];
const AGENCY_PATTERNS = [
  (word: string) => `Viajes ${word}`,
  (word: string) => `Turismo ${word}`,
  (word: string) => `${word} Travel`,
  (word: string) => `Agencia ${word}`,
];
const AGENCIES_PER_BRANCH = 8;
const EXECUTIVES = [
  'Lucía Fernández',
  'Martín Gómez',
  'Carolina Díaz',
  'Javier Romero',
  'Valeria Sosa',
  'Diego Herrera',
];

/** A valid company CUIT (prefix 30) from a number. */
function demoCuit(n: number): string {
  for (let k = n; ; k++) {
    const firstTen = `30${String(70000000 + ((k * 7919) % 29999999)).padStart(8, '0')}`;
    const check = cuitCheckDigit(firstTen);
    if (check !== undefined) return `${firstTen}${check}`;
  }
}

interface DemoNode {
  shortName: string;
  longName: string;
  iso3: string;
  unit: string;
  parent: string | null;
  phone: string;
}

/** The tree as data: headquarters, then branches, then agencies (parents always come first). */
function demoTree(): DemoNode[][] {
  const levels: DemoNode[][] = [[], [], []];
  let n = 0;
  let wordIndex = 0;
  for (const tree of COUNTRY_TREES) {
    levels[0].push({
      shortName: tree.hq[0],
      longName: tree.hq[1],
      iso3: tree.iso3,
      unit: tree.unit,
      parent: null,
      phone: tree.phone(n++),
    });
    for (const [branchShort, branchName] of tree.branches) {
      levels[1].push({
        shortName: branchShort,
        longName: branchName,
        iso3: tree.iso3,
        unit: tree.unit,
        parent: tree.hq[0],
        phone: tree.phone(n++),
      });
      const city = branchName.replace(/^Sucursal /, '');
      for (let a = 1; a <= AGENCIES_PER_BRANCH; a++) {
        const word = AGENCY_WORDS[wordIndex % AGENCY_WORDS.length];
        const pattern = AGENCY_PATTERNS[Math.floor(wordIndex / AGENCY_WORDS.length) % AGENCY_PATTERNS.length];
        wordIndex += 1;
        levels[2].push({
          shortName: `${branchShort}-${String(a).padStart(2, '0')}`,
          longName: `${pattern(word)} ${city}`,
          iso3: tree.iso3,
          unit: tree.unit,
          parent: branchShort,
          phone: tree.phone(n++),
        });
      }
    }
  }
  return levels;
}

export async function seedOfficeTreeDemo(tx: Transaction): Promise<undefined> {
  const countryRows = await tx.select({ id: countries.id, iso3: countries.shortName }).from(countries);
  const unitRows = await tx
    .select({ id: businessUnits.id, shortName: businessUnits.shortName })
    .from(businessUnits);
  const tagRows = await tx.select({ id: tags.id }).from(tags).orderBy(tags.id);
  const municipalityRows = await tx
    .select({ id: municipalities.id })
    .from(municipalities)
    .orderBy(municipalities.id)
    .limit(60);
  const existing = await tx.select({ id: offices.id, shortName: offices.shortName }).from(offices);
  const idOfShort = new Map(existing.map((row) => [row.shortName, row.id]));
  const indexOf = new Map<number, { n: number; node: DemoNode }>();
  let n = 0;

  const valuesOf = (node: DemoNode, index: number) => ({
    longName: node.longName,
    countryId: countryRows.find((row) => row.iso3 === node.iso3)?.id ?? null,
    bussinesUnitId: unitRows.find((row) => row.shortName === node.unit)?.id ?? null,
    parentId: node.parent === null ? null : (idOfShort.get(node.parent) ?? null),
    isEnabled: index % 11 !== 0,
    email: `${node.shortName.toLowerCase()}@agencias.example.com`,
    phone: node.phone,
    legalName: `${node.longName} S.A.`,
    responsible: EXECUTIVES[(index + 3) % EXECUTIVES.length],
    responsiblePosition: 'Gerente comercial',
    site: `https://${node.shortName.toLowerCase()}.agencias.example.com`,
    cuit: node.iso3 === 'ARG' ? demoCuit(index) : '',
    officeKey: `K-${String(index).padStart(4, '0')}`,
    commissionPercentage: String(8 + (index % 12)),
    budget: String(50000 + (index % 20) * 25000),
    usdCredit: String((index % 5) * 1000),
    balance: String((index * 1733) % 90000),
    paymentTerm: [0, 15, 30, 45, 60][index % 5],
    payOnCredit: index % 3 === 0,
    noCreditLimit: index % 17 === 0,
    notifyExpiryByMail: index % 2 === 0,
    enableIssuing: index % 13 !== 0,
    invoiceIssueForm: index % 4 === 0 ? 'manual' : 'automatica',
    b2cCharging: index % 5 === 0,
    showUsdQuote: node.iso3 === 'ARG',
    quoteOnly: index % 19 === 0,
    executive: EXECUTIVES[index % EXECUTIVES.length],
    schedule: 'Lunes a viernes de 9 a 18',
  });

  // Level by level, so every parent has its id before its children are written.
  for (const level of demoTree()) {
    const fresh: (ReturnType<typeof valuesOf> & { shortName: string })[] = [];
    for (const node of level) {
      n += 1;
      const values = valuesOf(node, n);
      const known = idOfShort.get(node.shortName);
      if (known !== undefined) {
        await tx.update(offices).set(values).where(eq(offices.id, known));
        indexOf.set(known, { n, node });
      } else fresh.push({ shortName: node.shortName, ...values });
    }
    if (!fresh.length) continue;
    const created = await tx
      .insert(offices)
      .values(fresh)
      .returning({ id: offices.id, shortName: offices.shortName });
    for (const row of created) {
      idOfShort.set(row.shortName, row.id);
      const node = level.find((candidate) => candidate.shortName === row.shortName)!;
      const values = fresh.find((candidate) => candidate.shortName === row.shortName)!;
      indexOf.set(row.id, { n: Number(values.officeKey.slice(2)), node });
    }
  }

  const entries = [...indexOf.entries()];
  if (tagRows.length)
    await tx
      .insert(officeTags)
      .values(
        entries.flatMap(([officeId, { n: index }]) =>
          [
            ...new Set([tagRows[index % tagRows.length].id, tagRows[(index * 3 + 1) % tagRows.length].id]),
          ].map((tagId) => ({ officeId, tagId })),
        ),
      )
      .onConflictDoNothing();
  await tx
    .insert(officePayments)
    .values(
      entries.map(([officeId, { n: index }]) => ({
        officeId,
        payWithGds: index % 4 === 0,
        payByCard: index % 2 === 0,
        instalments: [1, 3, 6, 12][index % 4],
        cardProvider: index % 2 === 0,
        walletProvider: index % 3 === 0,
        webPaymentProvider: index % 5 === 0,
      })),
    )
    .onConflictDoNothing();
  const argentine = entries.filter(([, { node }]) => node.iso3 === 'ARG');
  if (argentine.length)
    await tx
      .insert(officeSperta)
      .values(
        argentine.map(([officeId, { n: index }]) => ({
          officeId,
          voucherType: index % 3 === 0 ? 'A' : 'B',
          street: 'Av. Corrientes',
          number: String(100 + index * 7),
          locality: 'Buenos Aires',
          province: 'Ciudad Autónoma de Buenos Aires',
          postalCode: `C${1000 + (index % 400)}AAA`,
          taxCondition: index % 3 === 0 ? 'responsable_inscripto' : 'monotributo',
        })),
      )
      .onConflictDoNothing();
  const withKaring = argentine.filter(([, { n: index }]) => index % 2 === 0);
  if (withKaring.length && municipalityRows.length)
    await tx
      .insert(officeKaring)
      .values(
        withKaring.map(([officeId, { n: index }]) => ({
          officeId,
          municipalityId: municipalityRows[index % municipalityRows.length].id,
          karingCode: `KR-${String(index).padStart(5, '0')}`,
          address: `Calle ${index} 123`,
        })),
      )
      .onConflictDoNothing();
  const withAditional = argentine.filter(([, { n: index }]) => index % 6 === 0);
  if (withAditional.length)
    await tx.insert(aditionalOffices).values(
      withAditional.map(([officeId, { n: index, node }]) => ({
        officeId,
        name: `${node.longName} - Punto de venta`,
        email: `pdv-${node.shortName.toLowerCase()}@agencias.example.com`,
        address: `Av. Principal ${index}`,
      })),
    );
  return undefined;
}
