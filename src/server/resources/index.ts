/**
 * Every module's server declaration, keyed by the module table (src/contracts/moduleTable.ts):
 * the type requires one for every row, and that its contract is the row's contract
 * (src/contracts/moduleContracts.ts). Master data is mounted from here (routes/masterData.ts);
 * the other modules call `registerResource` in their area's route file, named in `mount`.
 * tests/server/moduleRegistry.test.ts checks every row is registered on the app at its path.
 */
import type { MODULE_CONTRACTS } from '../../contracts/moduleContracts';
import { MODULE_KEYS, type ModuleKey } from '../../contracts/moduleTable';
import { blacklistResource } from './blacklist';
import { reservationResource, voucherResource } from './bookings';
import { businessUnitResource } from './businessUnits';
import { countryNameIdResource, countryResource } from './countries';
import { coverageResource } from './coverages';
import { currencyResource } from './currencies';
import { type ResourceRegistration, resource } from './engine';
import { groupResource } from './groups';
import { invoicingResource } from './invoicing';
import { officeResource } from './offices';
import { paxResource } from './passengers';
import { productSpertaResource } from './productSperta';
import { productResource } from './products';
import { productTypeResource } from './productTypes';
import { promotionResource } from './promotions';
import { refundReviewResource } from './refundReview';
import { supplierResource } from './suppliers';
import { tagResource } from './tags';
import { userResource } from './users';
import { zoneResource } from './zones';

/** A module's declaration and how it is mounted: here (master data) or by its area's route file. */
interface ModuleDeclaration<K extends ModuleKey> {
  declaration: { contract: (typeof MODULE_CONTRACTS)[K] };
  mount: ResourceRegistration | `routes/${string}.ts`;
}

export const MODULE_DECLARATIONS = {
  oficinas: { declaration: officeResource, mount: 'routes/offices.ts' },
  facturacion: { declaration: invoicingResource, mount: 'routes/invoicing.ts' },
  promociones: { declaration: promotionResource, mount: 'routes/promotions.ts' },
  reservas: { declaration: reservationResource, mount: 'routes/bookings.ts' },
  pasajeros: { declaration: paxResource, mount: resource(paxResource) },
  vouchers: { declaration: voucherResource, mount: 'routes/bookings.ts' },
  producto_sperta: { declaration: productSpertaResource, mount: resource(productSpertaResource) },
  reintegros: { declaration: refundReviewResource, mount: 'routes/refundReview.ts' },
  coberturas: { declaration: coverageResource, mount: resource(coverageResource) },
  zonas: { declaration: zoneResource, mount: resource(zoneResource) },
  paises: { declaration: countryResource, mount: resource(countryResource) },
  proveedores: { declaration: supplierResource, mount: resource(supplierResource) },
  categorias: { declaration: productTypeResource, mount: resource(productTypeResource) },
  tags: { declaration: tagResource, mount: resource(tagResource) },
  currencies: { declaration: currencyResource, mount: resource(currencyResource) },
  blacklist: { declaration: blacklistResource, mount: resource(blacklistResource) },
  productos: { declaration: productResource, mount: 'routes/products.ts' },
  unidad_negocio: { declaration: businessUnitResource, mount: resource(businessUnitResource) },
  usuarios: { declaration: userResource, mount: 'routes/profile.ts' },
  grupos: { declaration: groupResource, mount: 'routes/groups.ts' },
} satisfies { [K in ModuleKey]: ModuleDeclaration<K> };

/** Mounted by routes/masterData.ts: the rows mounted here, and the countries' name/id list. */
export const masterDataResources: ResourceRegistration[] = [
  ...MODULE_KEYS.flatMap((key) => {
    const { mount } = MODULE_DECLARATIONS[key];
    return typeof mount === 'function' ? [mount] : [];
  }),
  resource(countryNameIdResource),
];
