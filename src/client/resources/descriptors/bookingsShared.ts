/** What the Reservas and Vouchers descriptors share (issue 15): the status options and sending only the contract's write fields. */
import type { FormOption } from '../../../../machines/resourceForm';
import { reservationStatuses } from '../../../contracts/static/statuses';
import type { ResourceDescriptor } from '../descriptor';

export const statusOptions: readonly FormOption[] = reservationStatuses.map((status) => ({
  value: String(status.id),
  label: status.name,
}));

/** The descriptor whose body carries only `keys`, the write schema's fields (the rest of the form is shown, never sent). */
export function sendingOnly(descriptor: ResourceDescriptor, keys: readonly string[]): ResourceDescriptor {
  return {
    ...descriptor,
    // What is never sent is never offered for editing either (issue 32: 'ID' and 'Precio total'
    // looked editable, were dropped, and the toast said the changes were saved).
    fields: descriptor.fields.map((field) =>
      keys.includes(field.name) ? field : { ...field, readOnly: true },
    ),
    toBody: (values, mode) =>
      Object.fromEntries(
        Object.entries(descriptor.toBody(values, mode)).filter(([key]) => keys.includes(key)),
      ),
  };
}
