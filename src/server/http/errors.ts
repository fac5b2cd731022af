/** Errors that the app's error handler turns into `{detail}` or `{field: [messages]}` answers. */
import type { FieldErrors } from '../../contracts/http';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export class FieldValidationError extends Error {
  constructor(
    readonly fields: FieldErrors,
    readonly statusCode = 400,
  ) {
    super('Validation failed');
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
