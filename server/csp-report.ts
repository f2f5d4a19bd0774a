import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CSP_REPORT_PATH } from "./security-headers.ts";

/** A browser sends one report a request, a few KiB at most; anything larger is not a browser's. */
const MAX_REPORT_BYTES = 64 * 1024;
/** Characters kept of each value. */
const MAX_VALUE_CHARS = 300;

/** What is logged of one Content-Security-Policy violation. */
export interface CspViolation {
  document: string;
  directive: string;
  blocked: string;
  source?: string;
  line?: number;
  sample?: string;
}

/**
 * The endpoint the page policy names (`report-uri`): each violation a browser reports becomes
 * one warning in the log. Bodies are capped while they stream; anything that is not a report
 * is a 400.
 */
export function cspReports(log: (line: Record<string, unknown>) => void) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  const problem = (status: 400 | 413, message: string) =>
    Response.json({ status, code: "INVALID_REPORT", messages: [message] }, { status });
  app.post(
    CSP_REPORT_PATH,
    bodyLimit({
      maxSize: MAX_REPORT_BYTES,
      onError: () => problem(413, `A report must not be larger than ${MAX_REPORT_BYTES} bytes`),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return problem(400, "A report must be JSON");
      }
      const violation = cspViolation(body);
      if (!violation) return problem(400, "No Content-Security-Policy report found");
      log({ level: "warn", msg: "csp violation", requestId: c.get("requestId"), ...violation });
      return c.body(null, 204);
    },
  );
  return app;
}

/** The violation in a `report-uri` body, `{"csp-report": {...}}`; undefined when there is none. */
export function cspViolation(body: unknown): CspViolation | undefined {
  if (!isObject(body) || !isObject(body["csp-report"])) return undefined;
  const r = body["csp-report"];
  const directive = text(r["effective-directive"]) || text(r["violated-directive"]);
  if (!directive) return undefined;
  const source = text(r["source-file"]);
  const sample = text(r["script-sample"]);
  return {
    document: text(r["document-uri"]) ?? "",
    directive,
    blocked: text(r["blocked-uri"]) ?? "",
    ...(source ? { source } : {}),
    ...(Number.isInteger(r["line-number"]) ? { line: r["line-number"] as number } : {}),
    ...(sample ? { sample } : {}),
  };
}

const text = (value: unknown) =>
  typeof value === "string" ? value.slice(0, MAX_VALUE_CHARS) : undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
