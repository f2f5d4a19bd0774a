/**
 * Browser error tracing (spec section 9, "Error-tracing"): what the web app captures and sends,
 * shared by the browser module that sends and the servers that take the reports.
 */
export const ERROR_TRACING = {
  /** Share of page views whose errors are reported, unless the server configures another. */
  defaultSampleRate: 0.1,
  /** Reports wait this long after the last error, so a burst goes as one batch. */
  idleTimeoutMs: 3000,
  /** Context objects are kept to this depth; deeper values become "[…]". */
  depth: 3,
} as const;

/** The largest batch a browser sends and a server reads, in bytes. */
export const CLIENT_ERROR_BATCH_BYTES = 102_400;
