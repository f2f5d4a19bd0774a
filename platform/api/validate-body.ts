import { createMiddleware } from "hono/factory";
import { findEndpoint } from "../../contract/endpoints.ts";
import type { LabelKey } from "../../contract/labels.ts";
import { bodyProblem, type BodyProblem } from "../../contract/validator.ts";
import { label } from "../i18n/labels.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson, refuseNonJson } from "./contract.ts";
import { ApiError } from "./errors.ts";

const PROBLEM_LABELS: Record<string, LabelKey> = {
  required: "bodyFieldMissing",
  type: "bodyFieldType",
  additionalProperties: "bodyFieldUnknown",
};

/** A sentence in the caller's language saying what is wrong where. */
function describe(problem: BodyProblem, locale: string | undefined): string {
  return label(locale, PROBLEM_LABELS[problem.keyword] ?? "bodyFieldInvalid", {
    field: problem.pointer || label(locale, "requestBody"),
    type: problem.expected ?? "",
  });
}

/**
 * Every request body is checked against its endpoint's schema (contract/endpoints.ts) before
 * a handler runs: one that does not fit is a 400 `INVALID_BODY` whose `pointer` names the
 * offending field, so handlers read bodies of the shape they expect.
 */
export const validateRequestBody = createMiddleware<PlatformEnv>(async (c, next) => {
  const endpoint = findEndpoint(c.req.method, c.req.path.replace(/^\/api(?=\/)/, ""));
  if (!endpoint?.request) return next();
  refuseNonJson(c.req.raw);
  // Parsed once: the handler's readJson answers from the same parse.
  const body = await readJson(c.req.raw);
  const problem = bodyProblem(endpoint.request, body);
  if (problem) {
    const locale = c.get("locale") ?? c.req.header("Accept-Language")?.split(",")[0];
    throw new ApiError(400, "INVALID_BODY", describe(problem, locale), undefined, problem.pointer);
  }
  await next();
});
