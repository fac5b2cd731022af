/** The master-data module contracts (issue 3), one per module; server and client both read them. */
export * from './blacklist';
export * from './businessUnits';
export * from './countries';
export * from './coverages';
export * from './currencies';
export * from './fields';
export * from './passengers';
export * from './productSperta';
export * from './productTypes';
export * from './suppliers';
export * from './tags';
export * from './zones';

import { blacklistContract } from './blacklist';
import { businessUnitContract } from './businessUnits';
import { countryContract } from './countries';
import { coverageContract } from './coverages';
import { currencyContract } from './currencies';
import { paxContract } from './passengers';
import { productSpertaContract } from './productSperta';
import { productTypeContract } from './productTypes';
import { supplierContract } from './suppliers';
import { tagContract } from './tags';
import { zoneContract } from './zones';

export const resourceContracts = {
  zone: zoneContract,
  country: countryContract,
  currency: currencyContract,
  supplier: supplierContract,
  product_type: productTypeContract,
  tags: tagContract,
  bussines_unit: businessUnitContract,
  coverage: coverageContract,
  product_sperta: productSpertaContract,
  pax: paxContract,
  pax_black_list: blacklistContract,
} as const;
export type ResourceContractKey = keyof typeof resourceContracts;
