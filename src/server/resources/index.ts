/** Every master-data module declared on the resource engine (issue 3). */
import { blacklistResource } from './blacklist';
import { businessUnitResource } from './businessUnits';
import { countryNameIdResource, countryResource } from './countries';
import { coverageResource } from './coverages';
import { currencyResource } from './currencies';
import { resource } from './engine';
import { paxResource } from './passengers';
import { productSpertaResource } from './productSperta';
import { productTypeResource } from './productTypes';
import { supplierResource } from './suppliers';
import { tagResource } from './tags';
import { zoneResource } from './zones';

export const masterDataResources = [
  resource(zoneResource),
  resource(countryResource),
  resource(countryNameIdResource),
  resource(currencyResource),
  resource(supplierResource),
  resource(productTypeResource),
  resource(tagResource),
  resource(businessUnitResource),
  resource(coverageResource),
  resource(productSpertaResource),
  resource(paxResource),
  resource(blacklistResource),
];
