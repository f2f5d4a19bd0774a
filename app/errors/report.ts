import type { ErrorKind, ErrorTracer } from "./error-tracing.ts";

let tracer: ErrorTracer | undefined;

/** The page view's tracer, once error tracing has started. */
export function setTracer(active: ErrorTracer): void {
  tracer = active;
}

export const tracerStarted = () => tracer !== undefined;

/** Reports an error the app caught itself (an error boundary); nothing before tracing starts. */
export function reportClientError(
  thrown: unknown,
  kind: ErrorKind,
  context?: Record<string, unknown>,
): void {
  tracer?.capture(thrown, kind, context);
}
