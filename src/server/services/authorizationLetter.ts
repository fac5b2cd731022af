/**
 * The model authorization letter of the refund payment step (SPEC §2 'A model authorization
 * letter PDF can be downloaded'; §6 'Autorizar a tercero'). A one-page A4 PDF 1.4 written
 * directly (standard Helvetica fonts with WinAnsiEncoding, so Spanish accents need no embedded
 * font): it opens in any PDF reader and needs no PDF library.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 64;
const WRAP_AT = 88;

interface Line {
  text: string;
  bold?: boolean;
  size?: number;
  /** Extra space before the line, in points. */
  gap?: number;
}

function wrap(paragraph: string, width = WRAP_AT): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of paragraph.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Escapes a string for a PDF literal; characters are later written as Latin-1 (= WinAnsi here). */
function pdfString(value: string): string {
  return `(${value.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

export function authorizationLetterLines(brandName: string): Line[] {
  const blank = '______________________________';
  const short = '________________';
  const paragraphs = [
    `Por medio de la presente, yo, ${blank} (nombre y apellido del titular del voucher), documento de identidad N° ${short}, titular del voucher N° ${short}, autorizo a ${blank} (nombre y apellido de la persona autorizada), documento de identidad N° ${short}, a recibir en su cuenta bancaria el pago del reintegro que solicité por los gastos cubiertos por mi asistencia al viajero.`,
    `Datos de la cuenta de la persona autorizada: banco ${blank}, tipo de cuenta ${short}, número de cuenta / CBU / IBAN ${blank}.`,
    `Declaro que el pago realizado en la cuenta de la persona autorizada cancela la obligación de ${brandName} respecto de este reintegro, y que adjunto una copia del documento de identidad de la persona autorizada.`,
  ];
  const lines: Line[] = [
    { text: 'CARTA DE AUTORIZACIÓN DE COBRO DE REINTEGRO', bold: true, size: 14 },
    { text: `Lugar y fecha: ${blank}`, gap: 24 },
    { text: `Señores ${brandName}`, gap: 24 },
    { text: 'Presente', gap: 0 },
  ];
  for (const paragraph of paragraphs) {
    wrap(paragraph).forEach((line, index) => {
      lines.push({ text: line, gap: index === 0 ? 14 : 0 });
    });
  }
  lines.push(
    { text: 'Firma del titular del voucher: ______________________________', gap: 48 },
    { text: 'Aclaración: ______________________________', gap: 8 },
    { text: 'Firma de la persona autorizada: ______________________________', gap: 32 },
    { text: 'Aclaración: ______________________________', gap: 8 },
    {
      text: 'Adjunte esta carta firmada y una foto del documento de la persona autorizada.',
      size: 9,
      gap: 40,
    },
  );
  return lines;
}

/** The letter as PDF bytes. */
export function authorizationLetterPdf(options: { brandName: string }): Buffer {
  let y = PAGE_HEIGHT - MARGIN;
  const commands: string[] = ['BT'];
  for (const line of authorizationLetterLines(options.brandName)) {
    const size = line.size ?? 11;
    y -= (line.gap ?? 0) + size * 1.45;
    commands.push(
      `/${line.bold ? 'F2' : 'F1'} ${size} Tf`,
      `1 0 0 1 ${MARGIN} ${y.toFixed(2)} Tm`,
      `${pdfString(line.text)} Tj`,
    );
  }
  commands.push('ET');
  const content = Buffer.from(commands.join('\n'), 'latin1');

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
      'latin1',
    ),
    Buffer.from(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      'latin1',
    ),
    Buffer.from(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
      'latin1',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    Buffer.from(
      `<< /Title ${pdfString('Carta de autorización')} /Producer ${pdfString(options.brandName)} >>`,
      'latin1',
    ),
  ];

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((value) => `${String(value).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
