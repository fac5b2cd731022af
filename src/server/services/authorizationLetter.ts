/**
 * The model authorization letter of the refund payment step (SPEC §2 'A model authorization
 * letter PDF can be downloaded'; §6 'Autorizar a tercero'): one A4 page written with pdf-lib in
 * the standard Helvetica fonts (WinAnsi covers Spanish and Portuguese accents), texts from the
 * traveller's catalogue (issue 42: es, pt, en; the Spanish is the SPEC's, as in messages.refund).
 */
import type { PDFFont } from 'pdf-lib';
import { type Language, translatorOf } from '../../contracts/i18n';

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 64;

interface Line {
  text: string;
  bold?: boolean;
  size?: number;
  /** Extra space before the line, in points. */
  gap?: number;
}

/** The letter's lines before wrapping, in the language: title, addressee, paragraphs, signatures. */
export function authorizationLetterLines(brandName: string, language: Language = 'es'): Line[] {
  const { t } = translatorOf(language);
  const blank = '______________________________';
  const short = '________________';
  const values = { brand: brandName, blank, short };
  return [
    { text: t('letter.title'), bold: true, size: 14 },
    { text: t('letter.place', values), gap: 24 },
    { text: t('letter.addressee', values), gap: 24 },
    { text: t('letter.present') },
    ...(['letter.paragraphHolder', 'letter.paragraphAccount', 'letter.paragraphRelease'] as const).map(
      (key) => ({ text: t(key, values), gap: 14 }),
    ),
    { text: t('letter.holderSignature', values), gap: 48 },
    { text: t('letter.printedName', values), gap: 8 },
    { text: t('letter.authorizedSignature', values), gap: 32 },
    { text: t('letter.printedName', values), gap: 8 },
    { text: t('letter.instructions'), size: 9, gap: 40 },
  ];
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The letter as PDF bytes, in the traveller's language (Spanish when none is given). */
export async function authorizationLetterPdf(options: {
  brandName: string;
  language?: Language;
}): Promise<Buffer> {
  const language = options.language ?? 'es';
  // Loaded on first use, not at start (issue 33).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.setTitle(translatorOf(language).t('letter.documentTitle'));
  document.setLanguage(translatorOf(language).locale);
  document.setProducer(options.brandName);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of authorizationLetterLines(options.brandName, language)) {
    const size = line.size ?? 11;
    const font = line.bold ? bold : regular;
    y -= line.gap ?? 0;
    for (const text of wrap(line.text, font, size, PAGE_WIDTH - 2 * MARGIN)) {
      y -= size * 1.45;
      page.drawText(text, { x: MARGIN, y, size, font });
    }
  }
  return Buffer.from(await document.save());
}
