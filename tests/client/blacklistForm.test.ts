/**
 * Lista Negra's `hasta` is optional (issue 10): the form, the contract and the server agree that
 * an empty (or blank, or absent) `hasta` is an open-ended listing, sent and stored as null.
 */
import { describe, expect, it } from 'vitest';
import { validateValues } from '../../src/client/api/resources';
import { blacklistDescriptor } from '../../src/client/resources/descriptors/blacklist';
import { messages } from '../../src/contracts/messages';
import { blacklistWriteSchema } from '../../src/contracts/resources';

const form = { docnumber: '30111222', first_name: 'Ana', last_name: 'Paz', desde: '01/01/2024' };

describe('Lista Negra hasta', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
  ])('the form sends an %s hasta as null, and the contract accepts it', (_case, hasta) => {
    const body = validateValues(blacklistDescriptor, { ...form, hasta }, 'create');
    expect(body.hasta).toBeNull();
    expect(blacklistWriteSchema.parse(body).date_to).toBeNull();
  });

  it('the form without a hasta value at all sends null', () => {
    expect(validateValues(blacklistDescriptor, form, 'create').hasta).toBeNull();
  });

  it.each([
    ['absent', {}],
    ['null', { hasta: null }],
    ['empty', { hasta: '' }],
    ['blank', { hasta: ' ' }],
  ])('the contract reads an %s hasta as no end date', (_case, extra) => {
    expect(blacklistWriteSchema.parse({ ...form, ...extra }).date_to).toBeNull();
  });

  it('still checks a hasta that is given', () => {
    expect(blacklistWriteSchema.parse({ ...form, hasta: '31/12/2024' }).date_to).toBe('2024-12-31');
    const invalid = blacklistWriteSchema.safeParse({ ...form, hasta: '31/02/2024' });
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues.map((issue) => issue.message)).toEqual([messages.common.dateInvalid]);
    const before = blacklistWriteSchema.safeParse({ ...form, hasta: '01/01/2023' });
    expect(before.error?.issues.map((issue) => issue.message)).toEqual([messages.resources.dateToBeforeFrom]);
  });
});
