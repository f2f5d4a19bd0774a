import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CSP_REPORT_PATH } from "./security-headers.ts";

/** A browser sends one report, or a batch of a few; anything larger is not a browser's. */
const MAX_REPORT_BYTES = 64 * 1024;
/** Reports logged from one request at most, and characters kept of each value. */
const MAX_LOGGED = 20;
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
 * The endpoint the page policy names (`report-uri` and `report-to`): each violation a browser
 * reports becomes one warning in the log. Bodies are capped while they stream; anything that
 * is not a report is a 400.
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
      const violations = cspViolations(body);
      if (violations.length === 0) return problem(400, "No Content-Security-Policy report found");
      for (const violation of violations.slice(0, MAX_LOGGED)) {
        log({ level: "warn", msg: "csp violation", requestId: c.get("requestId"), ...violation });
      }
      return c.body(null, 204);
    },
  );
  return app;
}

/**
 * The violations in a report body: `report-uri` sends `{"csp-report": {...}}`, the Reporting
 * API (`report-to`) a list of `{type: "csp-violation", body: {...}}`.
 */
export function cspViolations(body: unknown): CspViolation[] {
  if (Array.isArray(body)) {
    return body.flatMap((report: unknown) => {
      if (!isObject(report) || report.type !== "csp-violation" || !isObject(report.body)) return [];
      const r = report.body;
      return violation(
        r.documentURL,
        r.effectiveDirective,
        r.blockedURL,
        r.sourceFile,
        r.lineNumber,
        r.sample,
      );
    });
  }
  if (!isObject(body) || !isObject(body["csp-report"])) return [];
  const r = body["csp-report"];
  return violation(
    r["document-uri"],
    r["effective-directive"] ?? r["violated-directive"],
    r["blocked-uri"],
    r["source-file"],
    r["line-number"],
    r["script-sample"],
  );
}

function violation(
  document: unknown,
  directive: unknown,
  blocked: unknown,
  source: unknown,
  line: unknown,
  sample: unknown,
): CspViolation[] {
  if (typeof directive !== "string" || directive === "") return [];
  return [
    {
      document: text(document) ?? "",
      directive: text(directive)!,
      blocked: text(blocked) ?? "",
      ...(text(source) ? { source: text(source) } : {}),
      ...(Number.isInteger(line) ? { line: line as number } : {}),
      ...(text(sample) ? { sample: text(sample) } : {}),
    },
  ];
}

const text = (value: unknown) =>
  typeof value === "string" ? value.slice(0, MAX_VALUE_CHARS) : undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
