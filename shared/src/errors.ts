export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  /** A password someone else set must be changed first (PUT /api/auth/password). */
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'IN_USE'
  | 'DUPLICATE'
  | 'TOO_LARGE'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

/** Every error answer of the API: `{ error: ApiErrorBody }`. `message` is pt-BR and is what a toast shows. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  /** Facts of the refusal a screen may act on (the stale ids, the refused assets, the limit), when an answer has them. */
  details?: Record<string, unknown>;
}
export interface ApiErrorResponse {
  error: ApiErrorBody;
}
