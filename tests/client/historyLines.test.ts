/**
 * How a history entry reads (issue 32 'History people can read'): keys in Spanish from the
 * module's descriptor (a sub-record's field as 'Karing · Código'), coded values by their labels,
 * references by the names the server answers, and no line that reads the same before and after.
 */
import { describe, expect, it } from 'vitest';
import { DESCRIPTORS, descriptorOf } from '../../src/client/resources/descriptors';
import { historyLines, historyReadingOf } from '../../src/client/views/resources/historyLines';
import { historyLabels, historyValueOf } from '../../src/client/views/resources/refundReview/history';
import { SECRET_CHANGED } from '../../src/contracts/engine';

const byRouting = (routing: string) => {
  const found = descriptorOf(routing);
  if (!found) throw new Error(routing);
  return found;
};
const read = (lines: ReturnType<typeof historyLines>) =>
  lines.map((line) => `${line.label}: ${line.before} → ${line.after}`);

describe('historyLines', () => {
  it("reads an office's entry with the office's labels, its sub-records field by field", () => {
    const lines = historyLines(
      {
        country: { before: null, after: 'Argentina' },
        tags: { before: [], after: ['Premium (PREM)'] },
        childrens: { before: [], after: ['Sucursal Norte'] },
        'karing.karing_code': { before: 'KR-77', after: 'KR-78' },
        'sperta.voucher_type': { before: 'A', after: 'B' },
        'aditional_offices.2.email': { before: null, after: 'norte@example.com' },
        'aditional_offices.2.phone': { before: null, after: '' },
        invoice_issue_form: { before: 'automatica', after: 'manual' },
      },
      historyReadingOf(byRouting('oficinas')),
    );
    expect(read(lines)).toEqual([
      'País: (vacío) → Argentina',
      'Tags: (vacío) → Premium (PREM)',
      'Oficinas hijas: (vacío) → Sucursal Norte',
      'Karing · Código Karing: KR-77 → KR-78',
      'Dirección de facturación Sperta · Tipo de comprobante: Factura A → Factura B',
      'Oficinas adicionales 2 · Email: (vacío) → norte@example.com',
      'Forma de emisión de factura: Automática → Manual',
    ]);
  });

  it('keeps a changed secret, whose mask reads the same before and after', () => {
    expect(read(historyLines({ password: { before: SECRET_CHANGED, after: SECRET_CHANGED } }))).toEqual([
      'Contraseña: ******** → ********',
    ]);
  });

  it('reads invoicing statuses by their labels, never their codes', () => {
    const lines = historyLines(
      { invoicing_status: { before: 1, after: 2 }, billed: { before: 2, after: 1 } },
      historyReadingOf(byRouting('facturacion')),
    );
    for (const line of lines) expect(`${line.before} ${line.after}`).not.toMatch(/\d/);
    expect(lines.map((line) => line.label)).toEqual(['Estado de facturación', 'Facturado']);
  });

  it("reads a refund's claims as the review labels them", () => {
    const lines = historyLines(
      {
        status: { before: 'RECIBIDO', after: 'EN_REVISION' },
        'claims.1.approved_amount': { before: null, after: '1234.50' },
      },
      { labels: historyLabels, formatValue: historyValueOf },
    );
    expect(read(lines)).toEqual([
      'Estado: Recibido → En revisión',
      'Reclamos 1 · Monto aprobado: (vacío) → 1.234,50',
    ]);
  });

  it('reads amounts with the money formatter (issue 40)', () => {
    expect(
      read(
        historyLines(
          {
            commission_percentage: { before: '12.50', after: '15.00' },
            budget: { before: null, after: '1234567.89' },
          },
          historyReadingOf(byRouting('oficinas')),
        ),
      ),
    ).toEqual(['Comisión %: 12,50 → 15,00', 'Presupuesto: (vacío) → 1.234.567,89']);
    expect(
      read(
        historyLines(
          { final_price: { before: '10', after: '2500.5' } },
          historyReadingOf(byRouting('vouchers')),
        ),
      ),
    ).toEqual(['Precio final: 10,00 → 2.500,50']);
  });

  it("labels what a traveller sent back on a refund, never 'comment' or 'pending_doc_files' (issue 40)", () => {
    const lines = historyLines(
      {
        pending_doc_files: { before: null, after: ['factura.pdf', 'receta.jpg'] },
        comment: { before: null, after: 'Adjunto lo pedido' },
      },
      { labels: historyLabels, formatValue: historyValueOf },
    );
    expect(read(lines)).toEqual([
      'Documentos enviados: (vacío) → factura.pdf, receta.jpg',
      'Comentario del viajero: (vacío) → Adjunto lo pedido',
    ]);
  });

  it('labels every key a module answers in Spanish, never the raw key', () => {
    const unlabelled: string[] = [];
    for (const descriptor of DESCRIPTORS) {
      const reading = historyReadingOf(descriptor);
      const shape = (descriptor.entity as { shape?: Record<string, unknown> }).shape ?? {};
      for (const key of Object.keys(shape)) {
        if (key === 'id' || key === 'allowed_actions' || key === 'view' || /_names?$/.test(key)) continue;
        const [line] = historyLines({ [key]: { before: null, after: 'x' } }, reading);
        if (line.label === key) unlabelled.push(`${descriptor.routing}.${key}`);
      }
    }
    expect(unlabelled).toEqual([]);
  });
});
