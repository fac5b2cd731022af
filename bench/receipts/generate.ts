/**
 * Generated receipts for the reading benchmark (issue 31), deterministic for a seed: five layouts
 * (pharmacy ticket, hotel invoice, taxi receipt, airline change fee, clinic invoice), seven fonts
 * (DejaVu and Liberation, Debian's fonts-dejavu-core and fonts-liberation), Spanish and English
 * formats, ARS CLP MXN EUR USD BRL with their tax ids, rotated up to 5°, blurred, noisy,
 * JPEG-compressed, some as PDFs (a scanned page: the JPEG inside, pdf-lib). Each comes with the
 * truth (total, date, currency) the bench compares the reading with.
 * Run alone to write them out: npx tsx bench/receipts/generate.ts [--count=200] [--out=/tmp/receipts]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export type Currency = 'ARS' | 'CLP' | 'MXN' | 'EUR' | 'USD' | 'BRL';
export type Layout = 'pharmacy' | 'hotel' | 'taxi' | 'airline' | 'clinic';

export interface ReceiptSpec {
  index: number;
  layout: Layout;
  currency: Currency;
  language: 'es' | 'en';
  /** ISO-3 country of the event (the claim's), the reading's hint for '$'. */
  country: string;
  font: string;
  /** Truth: '12345.50'. */
  total: string;
  /** Truth: ISO date. */
  date: string;
  rotation: number;
  blur: number;
  noise: number;
  quality: number;
  pdf: boolean;
}

export interface GeneratedReceipt {
  spec: ReceiptSpec;
  bytes: Buffer;
  contentType: 'image/jpeg' | 'application/pdf';
}

export const FONTS = [
  'DejaVu Sans',
  'DejaVu Sans Mono',
  'DejaVu Serif',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Liberation Sans Narrow',
];
const LAYOUTS: Layout[] = ['pharmacy', 'hotel', 'taxi', 'airline', 'clinic'];
const CURRENCIES: Currency[] = ['ARS', 'CLP', 'MXN', 'EUR', 'USD', 'BRL'];
const COUNTRY: Record<Currency, string> = {
  ARS: 'ARG',
  CLP: 'CHL',
  MXN: 'MEX',
  EUR: 'ESP',
  USD: 'USA',
  BRL: 'BRA',
};
const RANGE: Record<Currency, [number, number]> = {
  ARS: [5_000, 600_000],
  CLP: [5_000, 900_000],
  MXN: [200, 30_000],
  EUR: [15, 2_500],
  USD: [15, 2_500],
  BRL: [40, 6_000],
};

/** mulberry32: a small seeded generator, so the same seed gives the same receipts. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An amount as printed: Spanish '12.345,50', English '12,345.50'; CLP without decimals. */
export function formatAmount(value: number, currency: Currency, spanish: boolean): string {
  const decimals = currency === 'CLP' ? 0 : 2;
  const [whole, fraction] = value.toFixed(decimals).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, spanish ? '.' : ',');
  return fraction === undefined ? grouped : `${grouped}${spanish ? ',' : '.'}${fraction}`;
}

function money(value: number, currency: Currency, spanish: boolean, style: number): string {
  const amount = formatAmount(value, currency, spanish);
  switch (currency) {
    case 'EUR':
      return style % 2 === 0 ? `${amount} €` : `EUR ${amount}`;
    case 'BRL':
      return `R$ ${amount}`;
    case 'USD':
      return style % 2 === 0 ? `US$ ${amount}` : `USD ${amount}`;
    case 'MXN':
      return style % 2 === 0 ? `$ ${amount}` : `MXN ${amount}`;
    default:
      return style % 3 === 2 ? `${currency} ${amount}` : `$ ${amount}`;
  }
}

function cuit(random: () => number): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const digits = `30${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
    const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return `${digits.slice(0, 2)}-${digits.slice(2)}-${check === 11 ? 0 : check}`;
  }
}

function rut(random: () => number): string {
  const body = String(76_000_000 + Math.floor(random() * 999_999));
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    sum += Number(body[index]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const check = 11 - (sum % 11);
  const verifier = check === 11 ? '0' : check === 10 ? 'K' : String(check);
  return `${body.slice(0, 2)}.${body.slice(2, 5)}.${body.slice(5)}-${verifier}`;
}

function taxLine(currency: Currency, random: () => number): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const pick = () => letters[Math.floor(random() * letters.length)];
  const digits = (count: number) => String(Math.floor(random() * 10 ** count)).padStart(count, '0');
  switch (currency) {
    case 'ARS':
      return `CUIT ${cuit(random)}`;
    case 'CLP':
      return `RUT: ${rut(random)}`;
    case 'MXN':
      return `RFC: ${pick()}${pick()}${pick()}${digits(6)}${pick()}${digits(1)}${pick()}`;
    case 'EUR':
      return `NIF: B${digits(8)}`;
    case 'BRL':
      return `CNPJ ${digits(2)}.${digits(3)}.${digits(3)}/0001-${digits(2)}`;
    default:
      return `Tax ID ${digits(2)}-${digits(7)}`;
  }
}

function dateLine(iso: string, spanish: boolean, style: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  if (spanish) {
    switch (style % 4) {
      case 0:
        return `Fecha: ${dd}/${mm}/${year}`;
      case 1:
        return `Fecha ${dd}-${mm}-${year}`;
      case 2:
        return `${day} de ${MONTHS_ES[month - 1]} de ${year}`;
      default:
        return `Fecha emision: ${dd}.${mm}.${year}`;
    }
  }
  return style % 2 === 0 ? `Date: ${MONTHS_EN[month - 1]} ${day}, ${year}` : `Date: ${year}-${mm}-${dd}`;
}

const ITEMS: Record<Layout, { es: string[]; en: string[]; merchant: string[] }> = {
  pharmacy: {
    es: ['Ibuprofeno 400 mg', 'Amoxicilina 500', 'Paracetamol x 20', 'Gasas esteriles', 'Jarabe para la tos'],
    en: ['Ibuprofen 200 mg', 'Amoxicillin 500', 'Acetaminophen x 24', 'Bandages', 'Cough syrup'],
    merchant: ['FARMACIA DEL CENTRO', 'FARMACIA SAN MARTIN', 'CITY PHARMACY', 'DROGUERIA LA ESTRELLA'],
  },
  hotel: {
    es: ['Alojamiento 2 noches', 'Desayuno', 'Tasa municipal', 'Lavanderia', 'Minibar'],
    en: ['Room 2 nights', 'Breakfast', 'City tax', 'Laundry', 'Minibar'],
    merchant: ['HOTEL PLAZA MAYOR', 'GRAND HOTEL CENTRAL', 'HOSTERIA LOS ANDES', 'HOTEL DEL PUERTO'],
  },
  taxi: {
    es: ['Tarifa base', 'Recorrido 14 km', 'Espera', 'Peaje'],
    en: ['Base fare', 'Distance 9 mi', 'Waiting time', 'Toll'],
    merchant: ['RADIO TAXI SUR', 'REMIS AEROPUERTO', 'YELLOW CAB CO', 'TAXI EJECUTIVO'],
  },
  airline: {
    es: ['Cargo por cambio de vuelo', 'Diferencia tarifaria', 'Tasas aeroportuarias', 'Asiento'],
    en: ['Change fee', 'Fare difference', 'Airport taxes', 'Seat selection'],
    merchant: ['AEROLINEAS DEL SUR', 'SKY CONNECT AIRLINES', 'VUELA AIRLINES', 'ANDES AIR'],
  },
  clinic: {
    es: ['Consulta medica', 'Radiografia torax', 'Analisis de sangre', 'Curaciones', 'Medicacion'],
    en: ['Medical consultation', 'Chest X-ray', 'Blood test', 'Wound care', 'Medication'],
    merchant: ['CLINICA SANTA MARIA', 'CENTRO MEDICO NORTE', 'CITY URGENT CARE', 'SANATORIO DEL VALLE'],
  },
};

const TOTAL_LABEL = { es: ['TOTAL', 'IMPORTE TOTAL', 'TOTAL A PAGAR'], en: ['TOTAL', 'AMOUNT DUE', 'TOTAL'] };

export function receiptSpecs(count: number, seed = 31): ReceiptSpec[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const currency = CURRENCIES[index % CURRENCIES.length]!;
    const language: 'es' | 'en' = currency === 'USD' || random() < 0.2 ? 'en' : 'es';
    const [low, high] = RANGE[currency];
    const raw = low + random() * (high - low);
    const total = currency === 'CLP' ? Math.round(raw) : Math.round(raw * 100) / 100;
    const day = 1 + Math.floor(random() * 28);
    const month = 1 + Math.floor(random() * 12);
    return {
      index,
      layout: LAYOUTS[Math.floor(index / CURRENCIES.length) % LAYOUTS.length]!,
      currency,
      language,
      country: COUNTRY[currency],
      font: FONTS[Math.floor(random() * FONTS.length)]!,
      total: total.toFixed(2),
      date: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      rotation: Math.round((random() * 10 - 5) * 10) / 10,
      blur: random() < 0.4 ? Math.round((0.3 + random() * 0.7) * 10) / 10 : 0,
      noise: random() < 0.5 ? Math.round(random() * 25) : 0,
      quality: 40 + Math.floor(random() * 50),
      pdf: index % 10 === 9,
    };
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The receipt's lines (text only), from its spec; the random part is seeded by its index. */
export function receiptLines(spec: ReceiptSpec): string[] {
  const random = seededRandom(1000 + spec.index);
  const spanish = spec.language === 'es';
  // Amounts follow the currency's country (a Spanish-speaking clerk in the US still prints 1,234.50).
  const spanishNumbers =
    spec.currency === 'USD' || spec.currency === 'MXN' ? false : spanish || spec.currency !== 'EUR';
  const style = Math.floor(random() * 12);
  const items = ITEMS[spec.layout];
  const names = spanish ? items.es : items.en;
  const merchant = items.merchant[Math.floor(random() * items.merchant.length)]!;
  const total = Number(spec.total);
  const count = 2 + Math.floor(random() * 3);
  const withTax = random() < 0.5 && spec.currency !== 'USD';
  const net = withTax ? total / 1.21 : total;
  const shares = Array.from({ length: count }, () => 0.3 + random());
  const sum = shares.reduce((a, b) => a + b, 0);
  const decimals = spec.currency === 'CLP' ? 0 : 2;
  const round = (value: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
  const amounts = shares.map((share) => round((net * share) / sum));
  const lines = [
    merchant,
    spanish ? 'Av. Corrientes 1234 - Local 5' : '125 Main Street, Suite 4',
    taxLine(spec.currency, random),
  ];
  lines.push(dateLine(spec.date, spanish, style));
  lines.push(
    spanish
      ? `Ticket N 0003-${String(Math.floor(random() * 1e8)).padStart(8, '0')}`
      : `Invoice # ${Math.floor(random() * 1e6)}`,
  );
  lines.push('');
  amounts.forEach((amount, index) => {
    lines.push(
      `${names[index % names.length]!.padEnd(24)} ${money(amount, spec.currency, spanishNumbers, style)}`,
    );
  });
  lines.push('');
  if (withTax) {
    const subtotal = amounts.reduce((a, b) => a + b, 0);
    lines.push(`SUBTOTAL ${money(subtotal, spec.currency, spanishNumbers, style)}`);
    lines.push(
      `${spanish ? 'IVA 21%' : 'VAT 21%'} ${money(round(total - subtotal), spec.currency, spanishNumbers, style)}`,
    );
  }
  const labels = TOTAL_LABEL[spec.language];
  lines.push(`${labels[style % labels.length]} ${money(total, spec.currency, spanishNumbers, style)}`);
  lines.push('');
  lines.push(spanish ? 'Gracias por su visita' : 'Thank you');
  return lines;
}

function svgOf(spec: ReceiptSpec, lines: readonly string[]): { svg: string; width: number; height: number } {
  const fontSize = 22 + (spec.index % 4) * 2;
  const lineHeight = Math.round(fontSize * 1.5);
  const width = 820;
  const height = 60 + lines.length * lineHeight;
  const text = lines
    .map(
      (line, index) =>
        `<text x="40" y="${50 + index * lineHeight}" xml:space="preserve">${escapeXml(line)}</text>`,
    )
    .join('');
  return {
    width,
    height,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfaf5"/><g font-family="${spec.font}" font-size="${fontSize}" fill="#1b1b1b">${text}</g></svg>`,
  };
}

/** Renders a receipt: SVG text -> PNG -> rotated, blurred, noisy -> JPEG (or a PDF around it). */
export async function renderReceipt(spec: ReceiptSpec): Promise<GeneratedReceipt> {
  const { svg, width, height } = svgOf(spec, receiptLines(spec));
  let image = sharp(Buffer.from(svg)).flatten({ background: '#fbfaf5' });
  if (spec.noise > 0) {
    const random = seededRandom(5000 + spec.index);
    const noise = Buffer.alloc(width * height * 4);
    for (let index = 0; index < width * height; index += 1) {
      const value = Math.round(random() * 255);
      noise[index * 4] = value;
      noise[index * 4 + 1] = value;
      noise[index * 4 + 2] = value;
      noise[index * 4 + 3] = Math.round((spec.noise / 100) * 255);
    }
    const base = await image.png().toBuffer();
    image = sharp(base).composite([{ input: noise, raw: { width, height, channels: 4 } }]);
  }
  let png = await image.png().toBuffer();
  if (spec.blur > 0) png = await sharp(png).blur(spec.blur).png().toBuffer();
  if (spec.rotation !== 0)
    png = await sharp(png).rotate(spec.rotation, { background: '#ffffff' }).png().toBuffer();
  const jpeg = await sharp(png).jpeg({ quality: spec.quality }).toBuffer();
  if (!spec.pdf) return { spec, bytes: jpeg, contentType: 'image/jpeg' };
  const { PDFDocument } = await import('pdf-lib');
  const document = await PDFDocument.create();
  const embedded = await document.embedJpg(jpeg);
  const page = document.addPage([embedded.width * 0.75, embedded.height * 0.75]);
  page.drawImage(embedded, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return { spec, bytes: Buffer.from(await document.save()), contentType: 'application/pdf' };
}

/** A reused copy of a receipt image: re-compressed, cropped 5%, or rotated 2° (then re-compressed). */
export async function reusedCopy(
  jpeg: Buffer,
  kind: 'recompressed' | 'cropped' | 'rotated',
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  switch (kind) {
    case 'recompressed':
      return sharp(jpeg)
        .resize(Math.round(width * 0.8))
        .jpeg({ quality: 35 })
        .toBuffer();
    case 'cropped': {
      const left = Math.round(width * 0.025);
      const top = Math.round(height * 0.025);
      return sharp(jpeg)
        .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
        .jpeg({ quality: 80 })
        .toBuffer();
    }
    default:
      return sharp(jpeg).rotate(2, { background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv.find((value) => value.startsWith('--count='))?.slice(8) ?? 200);
  const out = process.argv.find((value) => value.startsWith('--out='))?.slice(6) ?? '/tmp/receipts';
  mkdirSync(out, { recursive: true });
  for (const spec of receiptSpecs(count)) {
    const receipt = await renderReceipt(spec);
    const name = `${String(spec.index).padStart(3, '0')}-${spec.layout}-${spec.currency}.${receipt.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
    writeFileSync(path.join(out, name), receipt.bytes);
  }
  console.log(`${count} receipts in ${out}`);
}
