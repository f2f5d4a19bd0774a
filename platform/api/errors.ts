import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../contract/errors.ts";
import type { ApiErrorBody } from "../../contract/generated/error.ts";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** JSON pointer of the body field the error is about. */
    readonly pointer?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, "NOT_FOUND", `${what} was not found`);
export const badRequest = (code: ErrorCode, message: string) => new ApiError(400, code, message);

export function errorJson(c: Context, error: ApiError) {
  const body: ApiErrorBody = {
    status: error.status,
    code: error.code,
    message: error.message,
    messages: [error.message],
    ...(error.pointer === undefined ? {} : { pointer: error.pointer }),
    requestId: c.get("requestId" as never),
    ...(error.details ? { details: error.details } : {}),
  };
  return c.json(body, error.status);
}
