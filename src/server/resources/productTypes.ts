/** Categorías (product types) on the resource engine (/product_type/). */
import { productTypeContract } from '../../contracts/resources';
import { productTypes } from '../db/schema';
import { namedRecordResource } from './namedRecord';

export const productTypeResource = namedRecordResource(productTypeContract, productTypes);
