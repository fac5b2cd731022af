/** The DRF field-error shape `{field: [messages]}`, without zod (the login route imports it). */
export type FieldErrors = Record<string, string[]>;

/** Field errors as the server answers them: every key maps to a list of messages. */
export function isFieldErrors(value: unknown): value is FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(([, messages]) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}
