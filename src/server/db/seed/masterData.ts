/**
 * Master data seeds (issue 3).
 *
 * Reference data, ensured on every start: the countries and currencies of the static lists
 * (spec section 3), inserted when missing (an administrator's later edits are kept). Each
 * country gets its currency and each national currency its country when that is obvious: ISO
 * 4217 codes start with the country's ISO 3166 alpha-2 code; the euro goes to the euro area.
 *
 * Demo data (only in the demo seed): zones, suppliers, categories, tags, business units, twenty
 * coverages, twelve products with their coverages and zones, Sperta products, a few hundred
 * passengers and a blacklist. Deterministic (seeded PRNG) and inserted in bulk. Other seeders
 * (reservations, vouchers, refunds) find these rows by the exported short names.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  leadingCurrencyCodes,
  countries as staticCountries,
  currencies as staticCurrencies,
} from '../../../contracts/static';
import type { Database, Transaction } from '../client';
import {
  businessUnits,
  countries,
  coverages,
  currencies,
  passengers,
  paxBlackList,
  productCoverages,
  productSperta,
  products,
  productTypes,
  productZones,
  suppliers,
  tags,
  zones,
} from '../schema';

/** Currencies enabled when first seeded: the spec's leading seven plus the region's. */
export const ENABLED_CURRENCY_CODES = [
  ...leadingCurrencyCodes,
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'BRL',
  'UYU',
] as const;

/** Quotes per US dollar for the enabled currencies (demo values, editable in Currencies). */
const QUOTES: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  CAD: '1.36',
  AUD: '1.52',
  NZD: '1.65',
  GBP: '0.79',
  MXN: '17.10',
  ARS: '985.50',
  CLP: '930.00',
  COP: '4050.00',
  PEN: '3.75',
  BRL: '5.05',
  UYU: '39.40',
};

const EURO_AREA = new Set([
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
]);
const DOLLARIZED = new Set(['US', 'EC', 'SV', 'PR', 'TL', 'FM', 'MH', 'PW', 'ZW']);

/** The country an ISO 4217 code obviously belongs to (supranational codes have none). */
function countryOfCurrency(code: string): string | undefined {
  if (code === 'EUR' || code.startsWith('X')) return undefined;
  const iso2 = code.slice(0, 2);
  return staticCountries.find((country) => country.iso2 === iso2)?.iso3;
}

/** The currency a country obviously uses. */
function currencyOfCountry(iso2: string): string | undefined {
  if (EURO_AREA.has(iso2)) return 'EUR';
  if (DOLLARIZED.has(iso2)) return 'USD';
  return staticCurrencies.find(
    (currency) => currency.code.slice(0, 2) === iso2 && !currency.code.startsWith('X'),
  )?.code;
}

/** Inserts the static countries and currencies that are missing, linking the new ones. */
export async function seedMasterDataReference(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const enabled = new Set<string>(ENABLED_CURRENCY_CODES);
    const newCurrencies = await tx
      .insert(currencies)
      .values(
        staticCurrencies.map((currency) => ({
          shortName: currency.code,
          longName: currency.name,
          symbol: currency.symbol,
          value: QUOTES[currency.code] ?? '1',
          isEnabled: enabled.has(currency.code),
        })),
      )
      .onConflictDoNothing({ target: currencies.shortName })
      .returning({ id: currencies.id, code: currencies.shortName });

    const currencyIds = new Map(
      (await tx.select({ id: currencies.id, code: currencies.shortName }).from(currencies)).map((row) => [
        row.code,
        row.id,
      ]),
    );
    await tx
      .insert(countries)
      .values(
        staticCountries.map((country) => {
          const code = currencyOfCountry(country.iso2);
          return {
            ident: country.ident,
            shortName: country.iso3,
            longName: country.name,
            currencyId: code ? (currencyIds.get(code) ?? null) : null,
          };
        }),
      )
      .onConflictDoNothing();

    const links = newCurrencies.flatMap((currency) => {
      const iso3 = countryOfCurrency(currency.code);
      return iso3 ? [sql`(${currency.id}::int, ${iso3}::text)`] : [];
    });
    if (links.length) {
      await tx.execute(sql`
        update ${currencies} set country_id = ${countries.id}
        from (values ${sql.join(links, sql`, `)}) as link(currency_id, iso3), ${countries}
        where ${currencies.id} = link.currency_id and ${countries.shortName} = link.iso3`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Demo data

/** mulberry32: a small deterministic PRNG, so the demo is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const DEMO_ZONES = [
  ['NAC', 'Nacional'],
  ['LAT', 'Latinoamérica'],
  ['EUR', 'Europa'],
  ['NAM', 'Estados Unidos y Canadá'],
  ['CAR', 'Caribe'],
  ['ASO', 'Asia y Oceanía'],
  ['MUN', 'Mundial'],
  ['MUN-SUSA', 'Mundial sin Estados Unidos'],
] as const;

const DEMO_SUPPLIERS = [
  ['ASISTMED', 'Asistencia Médica Internacional S.A.', '541143215500', 'operaciones@asistmed.example.com'],
  ['GLOBALCARE', 'Global Care Assistance', '541152637700', 'contacto@globalcare.example.com'],
  ['SEGUROSUR', 'Seguros del Sur Compañía de Seguros', '56228401200', 'siniestros@segurosur.example.com'],
  ['TRAVELPROT', 'Travel Protection Partners', '13055550100', 'claims@travelprot.example.com'],
  ['IBERASIST', 'Iberasistencia Viajes S.L.', '34915550101', 'reintegros@iberasist.example.com'],
  ['ANDESASIST', 'Andes Asistencia al Viajero', '5112345600', 'atencion@andesasist.example.com'],
] as const;

const DEMO_PRODUCT_TYPES = [
  ['VIAJE', 'Viaje individual'],
  ['ANUAL', 'Anual multiviaje'],
  ['ESTUDIANTE', 'Estudiantes'],
  ['CRUCERO', 'Cruceros'],
  ['SENIOR', 'Mayores de 70 años'],
  ['CORPORATIVO', 'Corporativo'],
] as const;

const DEMO_TAGS = [
  ['PROMO', 'Promoción'],
  ['B2C', 'Venta directa'],
  ['B2B', 'Agencias'],
  ['CORP', 'Corporativo'],
  ['MAYORISTA', 'Mayorista'],
  ['ONLINE', 'Canal online'],
  ['PREMIUM', 'Premium'],
  ['TEMPORADA', 'Temporada alta'],
] as const;

/** [short_name, long_name, country iso3] */
const DEMO_BUSINESS_UNITS = [
  ['UN-ARG', 'Unidad de Negocio Argentina', 'ARG'],
  ['UN-CHL', 'Unidad de Negocio Chile', 'CHL'],
  ['UN-URY', 'Unidad de Negocio Uruguay', 'URY'],
  ['UN-MEX', 'Unidad de Negocio México', 'MEX'],
  ['UN-ESP', 'Unidad de Negocio España', 'ESP'],
  ['UN-PRY', 'Unidad de Negocio Paraguay (inactiva)', 'PRY'],
] as const;
const DISABLED_BUSINESS_UNITS = new Set(['UN-PRY']);

/** B2B sites of the demo countries ('Ir a mi sitio' opens them). */
const DEMO_COUNTRY_SITES: Record<string, string> = {
  ARG: 'https://b2b.example.com/ar',
  CHL: 'https://b2b.example.com/cl',
  URY: 'https://b2b.example.com/uy',
  MEX: 'https://b2b.example.com/mx',
  ESP: 'https://b2b.example.com/es',
};

interface DemoCoverage {
  shortName: string;
  es: string;
  en: string;
  po: string;
  description: string;
  multiCause?: boolean;
  requiredItems: string[];
}

const MEDICAL_RECEIPTS = ['Factura o recibo de la atención médica', 'Informe médico con diagnóstico'];

export const DEMO_COVERAGES: readonly DemoCoverage[] = [
  {
    shortName: 'GM-ENF',
    es: 'Gastos médicos por enfermedad',
    en: 'Medical expenses due to illness',
    po: 'Despesas médicas por doença',
    description: 'Atención médica ambulatoria o internación por enfermedad súbita durante el viaje.',
    requiredItems: [...MEDICAL_RECEIPTS, 'Comprobante de pago'],
  },
  {
    shortName: 'GM-ACC',
    es: 'Gastos médicos por accidente',
    en: 'Medical expenses due to accident',
    po: 'Despesas médicas por acidente',
    description: 'Atención médica, estudios e internación por accidente ocurrido durante el viaje.',
    requiredItems: [...MEDICAL_RECEIPTS, 'Comprobante de pago', 'Constancia o denuncia del accidente'],
  },
  {
    shortName: 'ODONTO',
    es: 'Odontología',
    en: 'Dental care',
    po: 'Odontologia',
    description: 'Tratamiento odontológico de urgencia por dolor agudo, infección o traumatismo.',
    requiredItems: ['Factura del odontólogo', 'Informe odontológico con el tratamiento realizado'],
  },
  {
    shortName: 'MEDICAMENTOS',
    es: 'Medicamentos',
    en: 'Medicines',
    po: 'Medicamentos',
    description: 'Medicamentos recetados por el médico tratante durante una atención cubierta.',
    requiredItems: ['Receta médica', 'Factura o ticket de farmacia'],
  },
  {
    shortName: 'EQ-DEMORA',
    es: 'Equipaje demorado',
    en: 'Delayed baggage',
    po: 'Bagagem atrasada',
    description: 'Compra de artículos de primera necesidad cuando el equipaje se demora más de 24 horas.',
    requiredItems: [
      'Formulario PIR de la aerolínea',
      'Tarjeta de embarque',
      'Facturas de las compras de primera necesidad',
    ],
  },
  {
    shortName: 'EQ-PERDIDA',
    es: 'Pérdida de equipaje',
    en: 'Lost baggage',
    po: 'Perda de bagagem',
    description: 'Compensación complementaria por pérdida definitiva del equipaje despachado.',
    requiredItems: [
      'Formulario PIR de la aerolínea',
      'Constancia de pérdida definitiva emitida por la aerolínea',
      'Tarjeta de embarque',
      'Comprobante de la indemnización de la aerolínea',
    ],
  },
  {
    shortName: 'CANC-MULTI',
    es: 'Cancelación de viaje multicausa',
    en: 'Multi-cause trip cancellation',
    po: 'Cancelamento de viagem multicausa',
    description:
      'Reintegro de los servicios pagados y no reembolsables si el viaje se cancela por una causa cubierta.',
    multiCause: true,
    requiredItems: [
      'Carta de penalidad del prestador',
      'Comprobantes de pago de los servicios contratados',
      'Certificado que acredite la causa de la cancelación',
    ],
  },
  {
    shortName: 'INTERRUPCION',
    es: 'Interrupción de viaje',
    en: 'Trip interruption',
    po: 'Interrupção de viagem',
    description: 'Regreso anticipado por fallecimiento u hospitalización de un familiar directo.',
    requiredItems: ['Certificado de defunción u hospitalización', 'Pasaje de regreso utilizado'],
  },
  {
    shortName: 'REPAT-SAN',
    es: 'Repatriación sanitaria',
    en: 'Medical repatriation',
    po: 'Repatriação sanitária',
    description: 'Traslado al país de residencia cuando el equipo médico lo indica.',
    requiredItems: ['Informe médico que indica la repatriación'],
  },
  {
    shortName: 'REPAT-FUN',
    es: 'Repatriación funeraria',
    en: 'Repatriation of remains',
    po: 'Repatriação funerária',
    description: 'Traslado de restos al país de residencia.',
    requiredItems: ['Certificado de defunción', 'Facturas de los servicios funerarios'],
  },
  {
    shortName: 'TRASLADO',
    es: 'Traslado sanitario',
    en: 'Medical transport',
    po: 'Transporte sanitário',
    description: 'Traslado en ambulancia al centro médico más cercano.',
    requiredItems: ['Factura del servicio de ambulancia', 'Informe médico'],
  },
  {
    shortName: 'HOTEL-CONV',
    es: 'Gastos de hotel por convalecencia',
    en: 'Convalescence hotel expenses',
    po: 'Despesas de hotel por convalescença',
    description: 'Prolongación de estadía indicada por el médico tratante.',
    requiredItems: ['Factura del hotel', 'Indicación médica de reposo'],
  },
  {
    shortName: 'VUELO-DEMORA',
    es: 'Demora de vuelo',
    en: 'Flight delay',
    po: 'Atraso de voo',
    description: 'Gastos de comida y alojamiento por demora de vuelo mayor a 6 horas.',
    requiredItems: [
      'Constancia de demora emitida por la aerolínea',
      'Tarjeta de embarque',
      'Facturas de gastos',
    ],
  },
  {
    shortName: 'LEGAL',
    es: 'Asistencia legal por accidente de tránsito',
    en: 'Legal assistance',
    po: 'Assistência jurídica',
    description: 'Honorarios de abogado por accidente de tránsito durante el viaje.',
    requiredItems: ['Factura de honorarios', 'Denuncia policial'],
  },
  {
    shortName: 'FIANZA',
    es: 'Adelanto de fianza',
    en: 'Bail bond advance',
    po: 'Adiantamento de fiança',
    description: 'Adelanto de fondos para fianza penal por accidente de tránsito.',
    requiredItems: ['Resolución judicial', 'Comprobante de pago de la fianza'],
  },
  {
    shortName: 'PASAJE-FAM',
    es: 'Pasaje de un familiar por hospitalización',
    en: 'Family member ticket',
    po: 'Passagem de familiar',
    description: 'Pasaje para que un familiar acompañe al titular hospitalizado más de 5 días.',
    requiredItems: ['Pasaje del familiar', 'Certificado de internación'],
  },
  {
    shortName: 'PREEX',
    es: 'Enfermedades preexistentes',
    en: 'Pre-existing conditions',
    po: 'Doenças preexistentes',
    description: 'Atención de urgencia por episodio agudo de una enfermedad preexistente.',
    requiredItems: [...MEDICAL_RECEIPTS],
  },
  {
    shortName: 'DEPORTES',
    es: 'Práctica de deportes amateur',
    en: 'Amateur sports',
    po: 'Esportes amadores',
    description: 'Atención médica por accidentes en la práctica amateur de deportes.',
    requiredItems: [...MEDICAL_RECEIPTS, 'Comprobante de pago'],
  },
  {
    shortName: 'TELEMEDICINA',
    es: 'Telemedicina',
    en: 'Telemedicine',
    po: 'Telemedicina',
    description: 'Consultas médicas por videollamada las 24 horas.',
    requiredItems: [],
  },
  {
    shortName: 'DOCUMENTOS',
    es: 'Pérdida de documentos',
    en: 'Lost documents',
    po: 'Perda de documentos',
    description: 'Gastos de reemplazo del pasaporte o documento de identidad extraviado.',
    requiredItems: ['Denuncia policial de la pérdida', 'Factura del trámite de reemplazo'],
  },
];

export const DEMO_COVERAGE_SHORT_NAMES = DEMO_COVERAGES.map((coverage) => coverage.shortName);

interface DemoProduct {
  shortName: string;
  longName: string;
  type: (typeof DEMO_PRODUCT_TYPES)[number][0];
  supplier: (typeof DEMO_SUPPLIERS)[number][0];
  zones: (typeof DEMO_ZONES)[number][0][];
  /** Medical limit in USD; other coverages scale from it. */
  limit: number;
  coverages: string[];
}

const BASIC = ['GM-ENF', 'GM-ACC', 'ODONTO', 'MEDICAMENTOS', 'TRASLADO', 'TELEMEDICINA'];
const STANDARD = [...BASIC, 'EQ-DEMORA', 'EQ-PERDIDA', 'REPAT-SAN', 'REPAT-FUN', 'DOCUMENTOS'];
const FULL = [
  ...STANDARD,
  'CANC-MULTI',
  'INTERRUPCION',
  'HOTEL-CONV',
  'VUELO-DEMORA',
  'LEGAL',
  'FIANZA',
  'PASAJE-FAM',
];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    shortName: 'NAC-BASICO',
    longName: 'Asistencia Nacional Básica',
    type: 'VIAJE',
    supplier: 'ASISTMED',
    zones: ['NAC'],
    limit: 10_000,
    coverages: BASIC,
  },
  {
    shortName: 'NAC-PLUS',
    longName: 'Asistencia Nacional Plus',
    type: 'VIAJE',
    supplier: 'ASISTMED',
    zones: ['NAC'],
    limit: 20_000,
    coverages: [...BASIC, 'EQ-DEMORA', 'EQ-PERDIDA'],
  },
  {
    shortName: 'LAT-30',
    longName: 'Latinoamérica 30.000',
    type: 'VIAJE',
    supplier: 'ANDESASIST',
    zones: ['LAT'],
    limit: 30_000,
    coverages: STANDARD,
  },
  {
    shortName: 'LAT-60',
    longName: 'Latinoamérica 60.000',
    type: 'VIAJE',
    supplier: 'ANDESASIST',
    zones: ['LAT', 'CAR'],
    limit: 60_000,
    coverages: [...STANDARD, 'CANC-MULTI'],
  },
  {
    shortName: 'EUR-60',
    longName: 'Europa Schengen 60.000',
    type: 'VIAJE',
    supplier: 'IBERASIST',
    zones: ['EUR'],
    limit: 60_000,
    coverages: [...STANDARD, 'CANC-MULTI'],
  },
  {
    shortName: 'EUR-150',
    longName: 'Europa 150.000',
    type: 'VIAJE',
    supplier: 'IBERASIST',
    zones: ['EUR'],
    limit: 150_000,
    coverages: FULL,
  },
  {
    shortName: 'MUN-100',
    longName: 'Mundial 100.000',
    type: 'VIAJE',
    supplier: 'GLOBALCARE',
    zones: ['MUN'],
    limit: 100_000,
    coverages: [...STANDARD, 'CANC-MULTI', 'VUELO-DEMORA'],
  },
  {
    shortName: 'MUN-250',
    longName: 'Mundial Premium 250.000',
    type: 'VIAJE',
    supplier: 'GLOBALCARE',
    zones: ['MUN'],
    limit: 250_000,
    coverages: [...FULL, 'PREEX', 'DEPORTES'],
  },
  {
    shortName: 'ANUAL-30',
    longName: 'Anual Multiviaje 30 días',
    type: 'ANUAL',
    supplier: 'TRAVELPROT',
    zones: ['MUN'],
    limit: 150_000,
    coverages: FULL,
  },
  {
    shortName: 'ESTUDIANTE-12M',
    longName: 'Estudiantes 12 meses',
    type: 'ESTUDIANTE',
    supplier: 'TRAVELPROT',
    zones: ['MUN-SUSA', 'EUR'],
    limit: 100_000,
    coverages: [...STANDARD, 'DEPORTES'],
  },
  {
    shortName: 'CRUCERO-100',
    longName: 'Cruceros 100.000',
    type: 'CRUCERO',
    supplier: 'SEGUROSUR',
    zones: ['CAR', 'EUR'],
    limit: 100_000,
    coverages: [...STANDARD, 'CANC-MULTI', 'INTERRUPCION'],
  },
  {
    shortName: 'SENIOR-85',
    longName: 'Senior hasta 85 años',
    type: 'SENIOR',
    supplier: 'SEGUROSUR',
    zones: ['MUN'],
    limit: 60_000,
    coverages: [...STANDARD, 'PREEX'],
  },
];

export const DEMO_PRODUCT_SHORT_NAMES = DEMO_PRODUCTS.map((product) => product.shortName);

export const DEMO_FIRST_NAMES = [
  'Juan',
  'María',
  'Sofía',
  'Martín',
  'Lucía',
  'Santiago',
  'Valentina',
  'Mateo',
  'Camila',
  'Benjamín',
  'Florencia',
  'Tomás',
  'Agustina',
  'Nicolás',
  'Micaela',
  'Facundo',
  'Julieta',
  'Lautaro',
  'Paula',
  'Joaquín',
  'Carolina',
  'Federico',
  'Daniela',
  'Gonzalo',
  'Romina',
  'Ignacio',
  'Victoria',
  'Diego',
  'Natalia',
  'Alejandro',
  'Gabriela',
  'Sebastián',
  'Mariana',
  'Pablo',
  'Laura',
  'Ezequiel',
  'Cecilia',
  'Leandro',
  'Silvina',
  'Hernán',
  'Rocío',
  'Emiliano',
  'Milagros',
  'Franco',
  'Belén',
  'Maximiliano',
  'Antonella',
  'Ramiro',
  'Guadalupe',
  'Marcos',
] as const;

export const DEMO_SURNAMES = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Suárez',
  'Herrera',
  'Aguirre',
  'Pereyra',
  'Gutiérrez',
  'Giménez',
  'Molina',
  'Silva',
  'Castro',
  'Rojas',
  'Ortiz',
  'Núñez',
  'Luna',
  'Juárez',
  'Cabrera',
  'Ríos',
  'Ferreyra',
  'Godoy',
  'Morales',
  'Domínguez',
  'Moreno',
  'Peralta',
  'Vega',
  'Carrizo',
  'Quiroga',
  'Castillo',
  'Ledesma',
  'Muñoz',
  'Ojeda',
  'Ponce',
] as const;

const EMAIL_DOMAINS = ['correo.example.com', 'mail.example.net', 'viajeros.example.org'];

export const DEMO_PASSENGER_COUNT = 300;
export const DEMO_BLACKLIST_COUNT = 20;

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The demo passengers: names, 8-digit DNIs (unique), birth dates, contact data. */
export function demoPassengers(countryIdOf: (iso3: string) => number | null) {
  const random = seededRandom(20_260_301);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const usedDocuments = new Set<string>();
  const nationalities = ['ARG', 'ARG', 'ARG', 'ARG', 'ARG', 'ARG', 'URY', 'CHL', 'PRY', 'BOL', 'PER', 'ESP'];
  return Array.from({ length: DEMO_PASSENGER_COUNT }, (_, index) => {
    const name =
      random() < 0.15 ? `${pick(DEMO_FIRST_NAMES)} ${pick(DEMO_FIRST_NAMES)}` : pick(DEMO_FIRST_NAMES);
    const surname = random() < 0.1 ? `${pick(DEMO_SURNAMES)} ${pick(DEMO_SURNAMES)}` : pick(DEMO_SURNAMES);
    let docNumber: string;
    do docNumber = String(10_000_000 + Math.floor(random() * 36_000_000));
    while (usedDocuments.has(docNumber));
    usedDocuments.add(docNumber);
    const birthYear = 1945 + Math.floor(random() * 62);
    const nationality = pick(nationalities);
    const email = `${ascii(name.split(' ')[0])}.${ascii(surname.split(' ')[0])}${index + 1}@${pick(EMAIL_DOMAINS)}`;
    return {
      name,
      surname,
      phone: `54911${String(10_000_000 + Math.floor(random() * 89_999_999))}`,
      docType: nationality === 'ARG' ? 'DNI' : 'PASAPORTE',
      docNumber,
      birthDate: isoDate(birthYear, 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
      countryId: countryIdOf('ARG'),
      email,
      nationalityId: countryIdOf(nationality),
    };
  });
}

function demoBlacklist() {
  const random = seededRandom(777);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: DEMO_BLACKLIST_COUNT }, (_, index) => {
    const year = 2022 + (index % 4);
    const from = isoDate(year, 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28));
    const openEnded = index % 3 === 0;
    return {
      // Distinct from the passengers' range so a blacklisted document is unmistakable in the demo.
      docNumber: String(50_000_000 + index * 7_919 + Math.floor(random() * 5_000)),
      name: pick(DEMO_FIRST_NAMES),
      surname: pick(DEMO_SURNAMES),
      dateFrom: from,
      dateTo: openEnded
        ? null
        : isoDate(year + 1 + (index % 2), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
    };
  });
}

/** The demo seeder of master data: pushed onto `demoSeeders` (runs inside the demo transaction). */
export async function seedMasterDataDemo(tx: Transaction): Promise<string[] | undefined> {
  const countryRows = await tx.select({ id: countries.id, iso3: countries.shortName }).from(countries);
  const countryIds = new Map(countryRows.map((row) => [row.iso3, row.id]));
  const countryIdOf = (iso3: string) => countryIds.get(iso3) ?? null;
  const [usd] = await tx
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.shortName, 'USD'));

  for (const [iso3, url] of Object.entries(DEMO_COUNTRY_SITES)) {
    await tx
      .update(countries)
      .set({ urlRedirect: url })
      .where(and(eq(countries.shortName, iso3), isNull(countries.urlRedirect)));
  }

  const byShortName = <R extends { id: number; shortName: string }>(rows: R[]) =>
    new Map(rows.map((row) => [row.shortName, row.id]));
  const zoneIds = byShortName(
    await tx
      .insert(zones)
      .values(DEMO_ZONES.map(([shortName, longName]) => ({ shortName, longName })))
      .returning({ id: zones.id, shortName: zones.shortName }),
  );
  const supplierIds = byShortName(
    await tx
      .insert(suppliers)
      .values(
        DEMO_SUPPLIERS.map(([shortName, longName, phoneContact, emailContact]) => ({
          shortName,
          longName,
          phoneContact,
          emailContact,
        })),
      )
      .returning({ id: suppliers.id, shortName: suppliers.shortName }),
  );
  const typeIds = byShortName(
    await tx
      .insert(productTypes)
      .values(DEMO_PRODUCT_TYPES.map(([shortName, longName]) => ({ shortName, longName })))
      .returning({ id: productTypes.id, shortName: productTypes.shortName }),
  );
  await tx.insert(tags).values(DEMO_TAGS.map(([shortName, longName]) => ({ shortName, longName })));
  await tx.insert(businessUnits).values(
    DEMO_BUSINESS_UNITS.map(([shortName, longName, iso3]) => ({
      shortName,
      longName,
      countryId: countryIdOf(iso3),
      enabled: !DISABLED_BUSINESS_UNITS.has(shortName),
    })),
  );
  const coverageIds = byShortName(
    await tx
      .insert(coverages)
      .values(
        DEMO_COVERAGES.map((coverage) => ({
          shortName: coverage.shortName,
          longNameEs: coverage.es,
          longNameEn: coverage.en,
          longNamePo: coverage.po,
          description: coverage.description,
          isMultiCause: coverage.multiCause ?? false,
          requiredItems: coverage.requiredItems,
        })),
      )
      .returning({ id: coverages.id, shortName: coverages.shortName }),
  );
  const productIds = byShortName(
    await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map((product) => ({
          shortName: product.shortName,
          longName: product.longName,
          productTypeId: typeIds.get(product.type)!,
          supplierId: supplierIds.get(product.supplier)!,
        })),
      )
      .returning({ id: products.id, shortName: products.shortName }),
  );
  await tx.insert(productZones).values(
    DEMO_PRODUCTS.flatMap((product) =>
      product.zones.map((zone) => ({
        productId: productIds.get(product.shortName)!,
        zoneId: zoneIds.get(zone)!,
      })),
    ),
  );
  const limitShare: Record<string, number> = {
    'GM-ENF': 1,
    'GM-ACC': 1,
    PREEX: 0.1,
    ODONTO: 0.01,
    MEDICAMENTOS: 0.02,
  };
  await tx.insert(productCoverages).values(
    DEMO_PRODUCTS.flatMap((product) =>
      [...new Set(product.coverages)].map((coverage) => ({
        productId: productIds.get(product.shortName)!,
        coverageId: coverageIds.get(coverage)!,
        limitAmount:
          coverage === 'TELEMEDICINA'
            ? null
            : String(Math.round(product.limit * (limitShare[coverage] ?? 0.03))),
        currencyId: usd?.id ?? null,
      })),
    ),
  );
  await tx.insert(productSperta).values(
    DEMO_PRODUCTS.slice(0, 8).flatMap((product, index) =>
      (['ARG', 'URY'] as const).map((iso3, countryIndex) => ({
        spertaCode: `SP-${iso3}-${String(1001 + index).padStart(4, '0')}`,
        productId: productIds.get(product.shortName)!,
        countryId: countryIdOf(iso3),
        spertaGravado: (product.limit / 1000 + countryIndex * 2.5).toFixed(2),
        spertaNoGravado: (product.limit / 2500).toFixed(2),
      })),
    ),
  );
  await tx.insert(passengers).values(demoPassengers(countryIdOf));
  await tx.insert(paxBlackList).values(demoBlacklist());
  return undefined;
}

/** Products and coverages of the demo by short name (for the seeders of other areas). */
export async function demoIdsByShortName(
  tx: Transaction,
): Promise<{ products: Map<string, number>; coverages: Map<string, number> }> {
  const productRows = await tx
    .select({ id: products.id, shortName: products.shortName })
    .from(products)
    .where(inArray(products.shortName, DEMO_PRODUCT_SHORT_NAMES));
  const coverageRows = await tx
    .select({ id: coverages.id, shortName: coverages.shortName })
    .from(coverages)
    .where(inArray(coverages.shortName, DEMO_COVERAGE_SHORT_NAMES));
  return {
    products: new Map(productRows.map((row) => [row.shortName, row.id])),
    coverages: new Map(coverageRows.map((row) => [row.shortName, row.id])),
  };
}
