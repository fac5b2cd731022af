/** Actors reject with an Error whose message is already the Spanish text to show. */
export class UserFacingError extends Error {}

/**
 * A permission refusal (HTTP 403): retrying cannot help, so no 'Reintentar' is offered (issue 18).
 * Errors carry the answer's status when the API client made them.
 */
export function isRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 403;
}

/** A lapsed link (HTTP 410, issue 39): a new one must be asked for; retrying cannot help. */
export function isLapsed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 410;
}

export function messageOf(error: unknown, fallback: string): string {
  return error instanceof UserFacingError && error.message ? error.message : fallback;
}

/** Field errors carried by a rejected save (the server's `{field: [messages]}`). */
export class FieldErrorsError extends UserFacingError {
  constructor(
    readonly fields: Record<string, string[]>,
    message = '',
    /**
     * A message for the whole answer sent beside the field errors (SPEC §7: an office whose
     * sub-record failed answers 'Hubo un error' with the fields that caused it).
     */
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof FieldErrorsError ? error.fields : {};
}

/** The value at a dotted path ('product_coverage.0.limit_amount') inside a field's value. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The field errors left once `field` changed from `before` to `after` (issue 40): the field's own
 * errors go, and so do those of its rows' parts that changed ('product_coverage.0.limit_amount'
 * once that limit is typed again), while the untouched parts keep theirs until the next submit.
 * What was refused is an error only while the machine holds it; views never derive errors.
 */
export function withoutChangedErrors(
  errors: Record<string, string[]>,
  field: string,
  before: unknown,
  after: unknown,
): Record<string, string[]> {
  const prefix = `${field}.`;
  const kept: Record<string, string[]> = {};
  let changed = false;
  for (const [key, messages] of Object.entries(errors)) {
    const stale =
      key === field ||
      (key.startsWith(prefix) &&
        JSON.stringify(valueAt(before, key.slice(prefix.length).split('.'))) !==
          JSON.stringify(valueAt(after, key.slice(prefix.length).split('.'))));
    if (stale) changed = true;
    else kept[key] = messages;
  }
  return changed ? kept : errors;
}
