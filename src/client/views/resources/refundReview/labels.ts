/** How the review names what the traveller's submission stores as keys (issue 30 §4). */
import { messages } from '../../../../contracts/messages';

const text = messages.refundDecisions;

/** A multi-cause service row: 'transporte.vuelos' -> 'Transporte: vuelos'; 'otro' with its name. */
export function serviceLabel(service: string, name: string): string {
  if (service === 'otro' && name) return `${text.service.otro}: ${name}`;
  return text.service[service] ?? (name || service);
}
