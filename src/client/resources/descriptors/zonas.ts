/** Zonas (SPEC §2: columns short_name, long_name; §7 /zone/). */
import { messages } from '../../../contracts/messages';
import { zoneContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';

export const zonasDescriptor = defineDescriptor({
  routing: 'zonas',
  contract: zoneContract,
  columns: ['short_name', 'long_name'],
  filters: ['short_name', 'long_name'],
  fields: [
    { name: 'short_name', span: 4, maxLength: 50 },
    { name: 'long_name', span: 8, maxLength: 255 },
  ],
  // The engine's bulk delete (POST /zone/bulk/remove/ {ids}, src/contracts/engine.ts).
  bulkActions: [{ action: 'remove', label: messages.resourceScreens.bulkRemove }],
});
