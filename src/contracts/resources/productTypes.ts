/** Categorías: product types (spec section 3; list columns short_name, long_name, created_at, updated_at). */
import { namedRecordContract } from './namedRecord';

export const productTypeContract = namedRecordContract('/product_type/', 'product_type');
