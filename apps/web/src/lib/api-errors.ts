// The four ways a request can fail (spec §8): the network, the clock, an unreadable answer, or an HTTP
// status with the server's error body. Screens branch on these classes, never on raw responses.
import { isErrorResponse, type ErrorResponse } from '@datafeeds/domain';

class ApiRequestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The request never got an answer (offline, DNS, refused connection, CORS). */
export class FetchError extends ApiRequestError {}

/** The server did not answer in time. */
export class TimeoutError extends ApiRequestError {}

/** The server answered but the body was not the JSON it should have been. */
export class ParseError extends ApiRequestError {}

/** The server answered with a non-2xx status. `data` is its `{ error, message, details? }` body when it sent one. */
export class HttpError extends ApiRequestError {
  readonly status: number;
  readonly data: ErrorResponse | null;
  /** Seconds to wait, from Retry-After on a 429. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, retryAfterSeconds: number | null = null) {
    const data = isErrorResponse(body) ? body : null;
    super(data?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.data = data;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get code(): string | undefined {
    return this.data?.error;
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}
