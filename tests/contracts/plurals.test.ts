/** Counts in the selection bar and the bulk confirmation agree with their number (issue 32). */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';

const text = messages.resourceScreens;

describe('selection counts', () => {
  it('say one record in the singular', () => {
    expect(text.selectedCount(1)).toBe('1 seleccionado');
    expect(text.bulkConfirmText('Marcar FACTURADO', 1)).toBe('Marcar FACTURADO: 1 registro seleccionado.');
  });
  it('say several records in the plural', () => {
    expect(text.selectedCount(3)).toBe('3 seleccionados');
    expect(text.bulkConfirmText('Marcar FACTURADO', 3)).toBe('Marcar FACTURADO: 3 registros seleccionados.');
  });
});
