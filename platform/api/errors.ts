import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../contract/errors.ts";

/** The contract's error body: an HTTP status, a machine code and human-readable messages. */
export interface ApiErrorBody {
  status: number;
  code: string;
  messages: string[];
  requestId?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, "NOT_FOUND", `${what} was not found`);
export const badRequest = (code: ErrorCode, message: string) => new ApiError(400, code, message);

export function errorJson(c: Context, error: ApiError) {
  const body: ApiErrorBody & { details?: Record<string, unknown> } = {
    status: error.status,
    code: error.code,
    messages: [error.message],
    requestId: c.get("requestId" as never),
    ...(error.details ? { details: error.details } : {}),
  };
  return c.json(body, error.status);
}
