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
