/**
 * Promociones (issue 14; SPEC §2 columns long_name, description, reservation_date_from,
 * reservation_date_to, travel_date_from, travel_date_to, total_days, promotion_type; contains
 * filters on long_name, description and promotion_type; §3 'Promotion'; §7 /promotion/). The list
 * and the form are the generic ones; Mostrar is the promotion with its products and offices
 * (views/promotions), at /dashboard/promociones/show/{id}.
 */
import { messages } from '../../../contracts/messages';
import { promotionContract } from '../../../contracts/promotions';
import { defineDescriptor } from '../descriptor';

const text = messages.promotions;
const typeOptions = [
  { value: 'venta', label: text.types.venta },
  { value: 'proveedor', label: text.types.proveedor },
];

export const promocionesDescriptor = defineDescriptor({
  routing: 'promociones',
  contract: promotionContract,
  columns: [
    { key: 'long_name', header: text.fields.long_name },
    { key: 'description', optional: true, header: text.fields.description },
    { key: 'reservation_date_from', header: text.fields.reservation_date_from },
    { key: 'reservation_date_to', header: text.fields.reservation_date_to },
    { key: 'travel_date_from', header: text.fields.travel_date_from },
    { key: 'travel_date_to', header: text.fields.travel_date_to },
    { key: 'total_days', optional: true, header: text.fields.total_days },
    {
      key: 'promotion_type',
      header: text.fields.promotion_type,
      render: (row) => (row.promotion_type === 'venta' ? text.types.venta : text.types.proveedor),
    },
  ],
  filters: [
    { param: 'long_name', label: text.fields.long_name },
    { param: 'description', label: text.fields.description },
    { param: 'promotion_type', label: text.fields.promotion_type },
  ],
  fields: [
    { name: 'short_name', label: text.fields.short_name, span: 4, maxLength: 50 },
    { name: 'long_name', label: text.fields.long_name, span: 8, maxLength: 255 },
    { name: 'description', label: text.fields.description, type: 'textarea', span: 12, maxLength: 2000 },
    { name: 'reservation_date_from', label: text.fields.reservation_date_from, type: 'date', span: 3 },
    { name: 'reservation_date_to', label: text.fields.reservation_date_to, type: 'date', span: 3 },
    { name: 'travel_date_from', label: text.fields.travel_date_from, type: 'date', span: 3 },
    { name: 'travel_date_to', label: text.fields.travel_date_to, type: 'date', span: 3 },
    { name: 'total_days', label: text.fields.total_days, type: 'integer', span: 6 },
    {
      name: 'promotion_type',
      label: text.fields.promotion_type,
      type: 'select',
      span: 6,
      options: typeOptions,
      numeric: false,
      default: 'venta',
    },
  ],
  recordName: (row) => String(row.long_name ?? ''),
});
