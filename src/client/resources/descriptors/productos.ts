/**
 * Gestión de Productos (SPEC §2: columns id, short_name (category), long_name, supplier,
 * is_enabled; sub-routes create, clone, show, edit, delete; §7 GET /product/, DELETE
 * /product/{id}/). The list is the generic one; create, edit and clone open the product wizard and
 * Mostrar the product's detail with its rates (views/products). A delete refused because the
 * product is in use offers 'Deshabilitar' instead (the engine's 'disable' action).
 */
import { messages } from '../../../contracts/messages';
import { productContract } from '../../../contracts/products';
import { defineDescriptor } from '../descriptor';

const text = messages.products;

export const productosDescriptor = defineDescriptor({
  routing: 'productos',
  contract: productContract,
  columns: [
    { key: 'id', header: text.columns.id },
    { key: 'short_name', header: text.columns.short_name },
    { key: 'long_name', header: text.columns.long_name },
    { key: 'product_type_name', header: text.columns.product_type_name },
    { key: 'supplier_name', header: text.columns.supplier_name },
    { key: 'is_enabled', header: text.columns.is_enabled },
  ],
  filters: [
    'long_name',
    { param: 'supplier', label: text.filterSupplier },
    { param: 'product_type', label: text.filterCategory },
    'is_enabled',
  ],
  fields: [],
  actions: { clone: true },
  rowActions: [{ action: 'disable', label: text.disable }],
  deleteFallback: 'disable',
});
