/**
 * Bank lists for the refund payment step (SPEC §5: the bank is a dropdown for ARG and CHL).
 *
 * Argentina: `code` is the three-digit BCRA entity code, which is also the first three digits of
 * every CBU issued by that bank. Chile: `code` is the three-digit CMF (ex SBIF) institution code.
 * Names are the usual trading names; earlier names are given in brackets where a bank was renamed,
 * since older CBUs keep the entity code.
 */
export interface Bank {
  readonly code: string;
  readonly name: string;
}

export const argentineBanks = [
  { code: '007', name: 'Banco de Galicia y Buenos Aires S.A.U.' },
  { code: '011', name: 'Banco de la Nación Argentina' },
  { code: '014', name: 'Banco de la Provincia de Buenos Aires' },
  { code: '015', name: 'Industrial and Commercial Bank of China (ICBC)' },
  { code: '017', name: 'Banco BBVA Argentina S.A.' },
  { code: '020', name: 'Banco de la Provincia de Córdoba S.A.' },
  { code: '027', name: 'Banco Supervielle S.A.' },
  { code: '029', name: 'Banco de la Ciudad de Buenos Aires' },
  { code: '034', name: 'Banco Patagonia S.A.' },
  { code: '044', name: 'Banco Hipotecario S.A.' },
  { code: '045', name: 'Banco de San Juan S.A.' },
  { code: '065', name: 'Banco Municipal de Rosario' },
  { code: '072', name: 'Banco Santander Argentina S.A.' },
  { code: '083', name: 'Banco del Chubut S.A.' },
  { code: '086', name: 'Banco de Santa Cruz S.A.' },
  { code: '093', name: 'Banco de La Pampa S.E.M.' },
  { code: '094', name: 'Banco de Corrientes S.A.' },
  { code: '097', name: 'Banco Provincia del Neuquén S.A.' },
  { code: '143', name: 'Brubank S.A.U.' },
  { code: '147', name: 'Bibank S.A. (ex Banco Interfinanzas)' },
  { code: '150', name: 'Banco Galicia Más (ex HSBC Bank Argentina)' },
  { code: '158', name: 'Openbank Argentina S.A.' },
  { code: '165', name: 'JPMorgan Chase Bank N.A.' },
  { code: '191', name: 'Banco Credicoop Cooperativo Limitado' },
  { code: '198', name: 'Banco de Valores S.A.' },
  { code: '247', name: 'Banco Roela S.A.' },
  { code: '254', name: 'Banco Mariva S.A.' },
  { code: '259', name: 'Banco Itaú Argentina S.A.' },
  { code: '266', name: 'BNP Paribas' },
  { code: '268', name: 'Banco Provincia de Tierra del Fuego' },
  { code: '269', name: 'Banco de la República Oriental del Uruguay' },
  { code: '277', name: 'Banco Sáenz S.A.' },
  { code: '281', name: 'Banco Meridian S.A.' },
  { code: '285', name: 'Banco Macro S.A.' },
  { code: '299', name: 'Banco Comafi S.A.' },
  { code: '300', name: 'Banco de Inversión y Comercio Exterior S.A. (BICE)' },
  { code: '301', name: 'Banco Piano S.A.' },
  { code: '305', name: 'Banco Julio S.A.' },
  { code: '309', name: 'Banco Rioja S.A.U.' },
  { code: '310', name: 'Banco del Sol S.A.' },
  { code: '311', name: 'Nuevo Banco del Chaco S.A.' },
  { code: '312', name: 'Banco Voii S.A.' },
  { code: '315', name: 'Banco de Formosa S.A.' },
  { code: '319', name: 'Banco CMF S.A.' },
  { code: '321', name: 'Banco de Santiago del Estero S.A.' },
  { code: '322', name: 'Banco Industrial S.A. (BIND)' },
  { code: '330', name: 'Nuevo Banco de Santa Fe S.A.' },
  { code: '331', name: 'Banco Cetelem Argentina S.A.' },
  { code: '332', name: 'Banco de Servicios Financieros S.A.' },
  { code: '338', name: 'Banco de Servicios y Transacciones S.A.' },
  { code: '341', name: 'Banco Masventas S.A.' },
  { code: '384', name: 'Ualá Bank S.A.U. (ex Wilobank)' },
  { code: '386', name: 'Nuevo Banco de Entre Ríos S.A.' },
  { code: '389', name: 'Banco Columbia S.A.' },
  { code: '426', name: 'Banco Bica S.A.' },
  { code: '431', name: 'Banco Coinag S.A.' },
  { code: '432', name: 'Banco de Comercio S.A.' },
  { code: '435', name: 'Banco Sucredito Regional S.A.U.' },
  { code: '448', name: 'Banco Dino S.A.' },
] as const satisfies readonly Bank[];

export const chileanBanks = [
  { code: '001', name: 'Banco de Chile' },
  { code: '009', name: 'Banco Internacional' },
  { code: '012', name: 'BancoEstado' },
  { code: '014', name: 'Scotiabank Chile' },
  { code: '016', name: 'Banco de Crédito e Inversiones (BCI)' },
  { code: '028', name: 'Banco BICE' },
  { code: '031', name: 'HSBC Bank Chile' },
  { code: '037', name: 'Banco Santander Chile' },
  { code: '039', name: 'Banco Itaú Chile' },
  { code: '049', name: 'Banco Security' },
  { code: '051', name: 'Banco Falabella' },
  { code: '053', name: 'Banco Ripley' },
  { code: '055', name: 'Banco Consorcio' },
  { code: '059', name: 'Banco BTG Pactual Chile' },
  { code: '672', name: 'Coopeuch' },
] as const satisfies readonly Bank[];

export type ArgentineBankCode = (typeof argentineBanks)[number]['code'];
export type ChileanBankCode = (typeof chileanBanks)[number]['code'];

const argentineByCode = new Map<string, Bank>(argentineBanks.map((b) => [b.code, b]));
const chileanByCode = new Map<string, Bank>(chileanBanks.map((b) => [b.code, b]));

/** The Argentine bank with this BCRA entity code ('7' and '007' both work), or undefined. */
export function findArgentineBank(code: string): Bank | undefined {
  const trimmed = code.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  return argentineByCode.get(trimmed.padStart(3, '0'));
}

/**
 * The Argentine bank a CBU belongs to (its first three digits), or undefined when the CBU does
 * not start with three digits or the entity is not in the list. Does not validate the CBU.
 */
export function argentineBankByCbu(cbu: string): Bank | undefined {
  const prefix = cbu.replace(/[\s.-]/g, '').slice(0, 3);
  return /^\d{3}$/.test(prefix) ? argentineByCode.get(prefix) : undefined;
}

/** The Chilean bank with this code, or undefined. */
export function findChileanBank(code: string): Bank | undefined {
  const trimmed = code.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  return chileanByCode.get(trimmed.padStart(3, '0'));
}
