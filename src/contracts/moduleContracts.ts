/**
 * Each module's API contract (path, resource, entity, write body, filters, ordering), keyed by
 * the module table's keys: the type requires one for every row. Server and client both read it;
 * tests/contracts/moduleTable.test.ts checks each contract's resource is its row's, and
 * tests/server/fuzz.test.ts sends hostile bodies to every write path listed here.
 */
import { reservationContract, voucherContract } from './bookings';
import { invoicingContract } from './invoicing';
import type { ModuleKey } from './moduleTable';
import { officeContract } from './offices';
import { productContract } from './products';
import { promotionContract } from './promotions';
import { refundReviewContract } from './refund/review';
import {
  blacklistContract,
  businessUnitContract,
  countryContract,
  coverageContract,
  currencyContract,
  paxContract,
  productSpertaContract,
  productTypeContract,
  supplierContract,
  tagContract,
  zoneContract,
} from './resources';
import type { ResourceContract } from './resources/fields';
import { groupContract, userContract } from './users';

export const MODULE_CONTRACTS = {
  oficinas: officeContract,
  facturacion: invoicingContract,
  promociones: promotionContract,
  reservas: reservationContract,
  pasajeros: paxContract,
  vouchers: voucherContract,
  producto_sperta: productSpertaContract,
  reintegros: refundReviewContract,
  coberturas: coverageContract,
  zonas: zoneContract,
  paises: countryContract,
  proveedores: supplierContract,
  categorias: productTypeContract,
  tags: tagContract,
  currencies: currencyContract,
  blacklist: blacklistContract,
  productos: productContract,
  unidad_negocio: businessUnitContract,
  usuarios: userContract,
  grupos: groupContract,
} as const satisfies Record<ModuleKey, ResourceContract>;
