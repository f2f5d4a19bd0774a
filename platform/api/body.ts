import { readJson } from "./contract.ts";
import { badRequest } from "./errors.ts";

/** The request's JSON body as an object; anything else is a 400 `INVALID_BODY`. */
export async function readObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("INVALID_BODY", "The body must be a JSON object");
  }
  return body as Record<string, unknown>;
}
