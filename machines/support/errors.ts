/** Actors reject with an Error whose message is already the Spanish text to show. */
export class UserFacingError extends Error {}

export function messageOf(error: unknown, fallback: string): string {
  return error instanceof UserFacingError && error.message ? error.message : fallback;
}

/** Field errors carried by a rejected save (the server's `{field: [messages]}`). */
export class FieldErrorsError extends UserFacingError {
  constructor(
    readonly fields: Record<string, string[]>,
    message = '',
  ) {
    super(message);
  }
}

export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof FieldErrorsError ? error.fields : {};
}
