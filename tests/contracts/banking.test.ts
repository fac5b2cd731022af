import { describe, expect, it } from 'vitest';
import {
  bankingReasons,
  bankingWarnings,
  cciCheckDigitsMatch,
  checkAba,
  checkAlias,
  checkBic,
  checkCbu,
  checkCbuOrAlias,
  checkCci,
  checkClabe,
  checkCuit,
  checkIban,
  checkRut,
  checkSwift,
  clabeCheckDigit,
  cuitCheckDigit,
  europeanIbanCountries,
  formatIban,
  formatRut,
  ibanLengths,
  isEuropeanIbanCountry,
  normalizeCbu,
  normalizeCuit,
  normalizeIban,
  normalizeRut,
  normalizeSwift,
  rutCheckCharacter,
} from '../../src/contracts/banking';
import { messages } from '../../src/contracts/messages';
import { bankingMessages } from '../../src/contracts/messages/banking';

const ok = { ok: true };
const no = (reason: string) => ({ ok: false, reason });

describe('CBU', () => {
  it('accepts valid CBUs', () => {
    expect(checkCbu('2850590940090418135201')).toEqual(ok);
    expect(checkCbu('0720429088000002339140')).toEqual(ok);
    expect(checkCbu(' 28505909 40090418135201 ')).toEqual(ok);
  });

  it('refuses a wrong check digit', () => {
    expect(checkCbu('2810590940090418135201')).toEqual(no('cbuCheckDigits'));
    expect(checkCbu('2850590940090418135202')).toEqual(no('cbuCheckDigits'));
  });

  it('refuses wrong length or non-digits', () => {
    expect(checkCbu('')).toEqual(no('cbuRequired'));
    expect(checkCbu('285059094009041813520')).toEqual(no('cbuLength'));
    expect(checkCbu('28505909400904181352011')).toEqual(no('cbuLength'));
    expect(checkCbu('28505909400904181352A1')).toEqual(no('cbuLength'));
  });

  it('checks the bank when one is given', () => {
    expect(checkCbu('2850590940090418135201', '285')).toEqual(ok);
    expect(checkCbu('0720429088000002339140', '72')).toEqual(ok);
    expect(checkCbu('2850590940090418135201', '007')).toEqual(no('cbuBankMismatch'));
    expect(checkCbu('2850590940090418135201', '')).toEqual(ok);
  });

  it('normalizes pasted separators', () => {
    expect(normalizeCbu('2850590-9 4009.0418135201')).toBe('2850590940090418135201');
  });
});

describe('alias CBU', () => {
  it('accepts 6 to 20 letters, digits, dots and hyphens', () => {
    expect(checkAlias('CUARTO.CENTRO.NAIPE')).toEqual(ok);
    expect(checkAlias('mi-alias.123')).toEqual(ok);
    expect(checkAlias('abcdef')).toEqual(ok);
    expect(checkAlias('a'.repeat(20))).toEqual(ok);
  });

  it('refuses bad aliases with the specific reason', () => {
    expect(checkAlias('abc12')).toEqual(no('aliasLength'));
    expect(checkAlias('a'.repeat(21))).toEqual(no('aliasLength'));
    expect(checkAlias('alias_con_guion_bajo')).toEqual(no('aliasCharacters'));
    expect(checkAlias('con espacio')).toEqual(no('aliasCharacters'));
    expect(checkAlias('   ')).toEqual(no('aliasRequired'));
  });

  it('needs a CBU or an alias', () => {
    expect(checkCbuOrAlias('', '')).toEqual(no('cbuOrAliasRequired'));
    expect(checkCbuOrAlias('', 'CUARTO.CENTRO.NAIPE')).toEqual(ok);
    expect(checkCbuOrAlias('2850590940090418135201', '', '285')).toEqual(ok);
    expect(checkCbuOrAlias('2810590940090418135201', 'CUARTO.CENTRO.NAIPE')).toEqual(no('cbuCheckDigits'));
    expect(checkCbuOrAlias('', 'abc12')).toEqual(no('aliasLength'));
  });
});

describe('CUIT/CUIL', () => {
  it('accepts a valid CUIT', () => {
    expect(checkCuit('20055361682')).toEqual(ok);
    expect(cuitCheckDigit('2005536168')).toBe(2);
  });

  it('refuses with the specific reason', () => {
    expect(checkCuit('20267565392')).toEqual(no('cuitCheckDigit'));
    expect(checkCuit('20-05536168-2')).toEqual(no('cuitSeparators'));
    expect(checkCuit('20.05536168.2')).toEqual(no('cuitSeparators'));
    expect(checkCuit('2005536168')).toEqual(no('cuitLength'));
    expect(checkCuit('200553616820')).toEqual(no('cuitLength'));
    expect(checkCuit('2005536168X')).toEqual(no('cuitLength'));
    expect(checkCuit('10055361682')).toEqual(no('cuitPrefix'));
    expect(checkCuit('')).toEqual(no('cuitRequired'));
  });

  it('gives no check digit when the remainder is 1', () => {
    // Find a first-ten block whose weighted sum is ≡ 1 (mod 11): 11 − 1 = 10 has no check digit.
    let body = '';
    for (let n = 0; n < 100000; n++) {
      const candidate = `20${String(n).padStart(8, '0')}`;
      if (cuitCheckDigit(candidate) === undefined) {
        body = candidate;
        break;
      }
    }
    expect(body).not.toBe('');
    for (let d = 0; d <= 9; d++) expect(checkCuit(`${body}${d}`)).toEqual(no('cuitCheckDigit'));
  });

  it('normalizes separators for the UI', () => {
    expect(normalizeCuit('20-05536168-2')).toBe('20055361682');
  });
});

describe('Chilean RUT', () => {
  it('accepts valid RUTs with or without dots', () => {
    expect(checkRut('76086428-5')).toEqual(ok);
    expect(checkRut('76.086.428-5')).toEqual(ok);
    expect(checkRut('10000013-K')).toEqual(ok);
    expect(checkRut('10.000.013-k')).toEqual(ok);
    expect(rutCheckCharacter('10000013')).toBe('K');
  });

  it('refuses with the specific reason', () => {
    expect(checkRut('12531909-3')).toEqual(no('rutCheckDigit'));
    expect(checkRut('760864285')).toEqual(no('rutFormat'));
    expect(checkRut('76.08.6428-5')).toEqual(no('rutFormat'));
    expect(checkRut('76086428-X')).toEqual(no('rutFormat'));
    expect(checkRut('')).toEqual(no('rutRequired'));
  });

  it('normalizes and formats', () => {
    expect(normalizeRut(' 10.000.013-k ')).toBe('10000013-K');
    expect(formatRut('76086428-5')).toBe('76.086.428-5');
    expect(formatRut('7608642-8')).toBe('7.608.642-8');
  });
});

describe('CLABE', () => {
  it('accepts a valid CLABE', () => {
    expect(checkClabe('002010077777777771')).toEqual(ok);
    expect(clabeCheckDigit('00201007777777777')).toBe(1);
  });

  it('refuses with the specific reason', () => {
    expect(checkClabe('002010077777777779')).toEqual(no('clabeCheckDigit'));
    expect(checkClabe('00201007777777777')).toEqual(no('clabeLength'));
    expect(checkClabe('')).toEqual(no('clabeRequired'));
  });
});

describe('ABA routing number', () => {
  it('accepts valid routing numbers', () => {
    expect(checkAba('111000025')).toEqual(ok);
    expect(checkAba('021000021')).toEqual(ok);
  });

  it('refuses with the specific reason', () => {
    expect(checkAba('112000025')).toEqual(no('abaCheckDigit'));
    expect(checkAba('11100002')).toEqual(no('abaLength'));
    expect(checkAba('11100002A')).toEqual(no('abaLength'));
    expect(checkAba('')).toEqual(no('abaRequired'));
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs, with spaces and lowercase', () => {
    expect(checkIban('GB82WEST12345698765432')).toEqual(ok);
    expect(checkIban('gb82 west 1234 5698 7654 32')).toEqual(ok);
    for (const iban of [
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'ES9121000418450200051332',
      'IT60X0542811101000000123456',
      'NL91ABNA0417164300',
      'BE68539007547034',
      'CH9300762011623852957',
      'AT611904300234573201',
      'PT50000201231234567890154',
    ]) {
      expect(checkIban(iban)).toEqual(ok);
    }
  });

  it('refuses with the specific reason', () => {
    expect(checkIban('GB82WEST12345698765431')).toEqual(no('ibanCheckDigits'));
    expect(checkIban('GB82WEST1234569876543')).toEqual(no('ibanLength'));
    expect(checkIban('ZZ82WEST12345698765432')).toEqual(no('ibanCountry'));
    expect(checkIban('GB8XWEST12345698765432')).toEqual(no('ibanFormat'));
    expect(checkIban('GB82-WEST-1234')).toEqual(no('ibanFormat'));
    expect(checkIban(' ')).toEqual(no('ibanRequired'));
  });

  it('knows the registry lengths', () => {
    expect(ibanLengths).toMatchObject({
      ES: 24,
      DE: 22,
      FR: 27,
      IT: 27,
      PT: 25,
      GB: 22,
      NL: 18,
      BE: 16,
      AT: 20,
      IE: 22,
      CH: 21,
    });
    expect(Object.keys(ibanLengths).length).toBeGreaterThanOrEqual(75);
    for (const length of Object.values(ibanLengths)) {
      expect(length).toBeGreaterThanOrEqual(15);
      expect(length).toBeLessThanOrEqual(34);
    }
  });

  it('exports the European IBAN countries', () => {
    for (const code of ['ES', 'DE', 'FR', 'IT', 'PT', 'GB', 'NL', 'BE', 'AT', 'IE', 'CH']) {
      expect(europeanIbanCountries.has(code)).toBe(true);
    }
    expect(isEuropeanIbanCountry('br')).toBe(false);
    for (const code of europeanIbanCountries) expect(ibanLengths[code]).toBeDefined();
  });

  it('normalizes and formats', () => {
    expect(normalizeIban(' gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(formatIban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });
});

describe('BIC/SWIFT', () => {
  it('accepts valid BICs', () => {
    expect(checkSwift('DEUTDEFF')).toEqual(ok);
    expect(checkSwift('DEUTDEFF500')).toEqual(ok);
    expect(checkSwift('bnaa ar ba xxx')).toEqual(ok);
    expect(checkBic('NWBKGB2L')).toEqual(ok);
  });

  it('refuses with the specific reason', () => {
    expect(checkSwift('DEUTDEFF5')).toEqual(no('swiftLength'));
    expect(checkSwift('DEUTDE')).toEqual(no('swiftLength'));
    expect(checkSwift('DEU1DEFF')).toEqual(no('swiftFormat'));
    expect(checkSwift('DEUTDEF_')).toEqual(no('swiftFormat'));
    expect(checkSwift('DEUTZZFF')).toEqual(no('swiftCountry'));
    expect(checkSwift('')).toEqual(no('swiftRequired'));
  });

  it('normalizes', () => {
    expect(normalizeSwift(' deut de ff ')).toBe('DEUTDEFF');
  });
});

describe('Peru CCI', () => {
  // No authoritative CCI algorithm or vector was found (issue 40: searched; only third-party code
  // publishes weights 1,2 alternating with digit sums per segment): a mismatch is a warning the
  // traveller confirms and staff see flagged (src/contracts/refund/payment.ts), never a refusal.
  const body = '002193001234567890';

  it('knows a CCI whose check digits follow the published rule, and one whose do not', () => {
    expect(cciCheckDigitsMatch('00219300123456789013')).toBe(true);
    expect(checkCci('00219300123456789013')).toEqual(ok);
    expect(cciCheckDigitsMatch('00219300123456789012')).toBe(false);
    expect(checkCci('0021-9300-1234-5678-9012')).toEqual({ ok: true, warning: 'cciCheckDigits' });
  });

  function withCheckDigits(first18: string): string {
    for (let a = 0; a <= 9; a++) {
      for (let b = 0; b <= 9; b++) {
        const candidate = `${first18}${a}${b}`;
        if (cciCheckDigitsMatch(candidate)) return candidate;
      }
    }
    throw new Error('no check digits found');
  }

  it('accepts 20 digits without warning when the check digits match', () => {
    expect(checkCci(withCheckDigits(body))).toEqual(ok);
  });

  it('only warns when the check digits do not match', () => {
    const good = withCheckDigits(body);
    const bad = `${good.slice(0, 19)}${(Number(good[19]) + 1) % 10}`;
    expect(checkCci(bad)).toEqual({ ok: true, warning: 'cciCheckDigits' });
  });

  it('refuses wrong lengths', () => {
    expect(checkCci('0021930012345678901')).toEqual(no('cciLength'));
    expect(checkCci('002193001234567890123')).toEqual(no('cciLength'));
    expect(checkCci('00219300123456789A12')).toEqual(no('cciLength'));
    expect(checkCci('')).toEqual(no('cciRequired'));
  });
});

describe('banking messages', () => {
  it('has a Spanish sentence for every reason and warning code', () => {
    const codes = [...bankingReasons, ...bankingWarnings];
    expect(Object.keys(bankingMessages).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(bankingMessages[code]).toMatch(/^[A-ZÁÉÍÓÚ¿].*\.$/);
    }
  });

  it('has no duplicate reason codes', () => {
    expect(new Set(bankingReasons).size).toBe(bankingReasons.length);
  });

  it('is registered in the catalogue', () => {
    expect(messages.banking).toBe(bankingMessages);
  });
});
