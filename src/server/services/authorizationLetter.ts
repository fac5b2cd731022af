/**
 * The model authorization letter of the refund payment step (SPEC §2 'A model authorization
 * letter PDF can be downloaded'; §6 'Autorizar a tercero'): one A4 page written with pdf-lib in
 * the standard Helvetica fonts (WinAnsi covers Spanish accents), texts from the catalogue.
 */
import type { PDFFont } from 'pdf-lib';
import { messages } from '../../contracts/messages';

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

/** The letter's lines before wrapping: title, addressee, paragraphs, signatures. */
export function authorizationLetterLines(brandName: string): Line[] {
  const text = messages.refund.authorizationLetterDocument;
  const blank = '______________________________';
  const short = '________________';
  return [
    { text: text.title, bold: true, size: 14 },
    { text: text.place(blank), gap: 24 },
    { text: text.addressee(brandName), gap: 24 },
    { text: text.present },
    ...text.paragraphs(brandName, blank, short).map((paragraph) => ({ text: paragraph, gap: 14 })),
    { text: text.holderSignature(blank), gap: 48 },
    { text: text.printedName(blank), gap: 8 },
    { text: text.authorizedSignature(blank), gap: 32 },
    { text: text.printedName(blank), gap: 8 },
    { text: text.instructions, size: 9, gap: 40 },
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

/** The letter as PDF bytes. */
export async function authorizationLetterPdf(options: { brandName: string }): Promise<Buffer> {
  // Loaded on first use, not at start (issue 33).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.setTitle(messages.refund.authorizationLetterDocument.documentTitle);
  document.setProducer(options.brandName);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of authorizationLetterLines(options.brandName)) {
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
