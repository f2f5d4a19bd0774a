/**
 * Environment, validated once at start-up: a bad value stops the process with one clear line.
 * Nothing here reaches the browser.
 */
import { ERROR_TRACING } from "../contract/error-tracing.ts";
import { DEFAULT_TIMEOUTS } from "../platform/store/timeouts.ts";

export interface Env {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
  /** PostgreSQL connections per process. */
  DATABASE_POOL_SIZE: number;
  /** Longest wait for a PostgreSQL connection (opening one, or a free one in the pool). */
  DATABASE_CONNECT_TIMEOUT_MS: number;
  /** Longest PostgreSQL statement; a query unanswered a second past it fails (503) and its connection is dropped. */
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  /** An unused pooled PostgreSQL connection is closed after this long. */
  DATABASE_IDLE_TIMEOUT_MS: number;
  /** PostgreSQL ends a session left idle inside a transaction for this long. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  /**
   * Redis whose pub/sub tells every web server that cached answers are out of date; unset:
   * PostgreSQL's LISTEN/NOTIFY does (with DATABASE_URL), or nothing needs to (embedded store).
   */
  REDIS_URL?: string;
  /** When set, the web app calls this platform over HTTP instead of the embedded one. */
  API_BASE_URL?: string;
  NODE_ENV: "production" | "development" | "test";
  /** Seed the demo realms into an empty store at start-up (default true). */
  SEED_DEMO: boolean;
  LOG_REQUESTS: boolean;
  /** Signs access tokens; when unset, one is generated and kept in the store. */
  TOKEN_SECRET?: string;
  /** Signs session cookies; when unset, one is generated and kept in the store. */
  SESSION_SECRET?: string;
  /**
   * Proxies of our own in front of this server: the viewer's address is the one the outermost
   * wrote into X-Forwarded-For. 0 (default): the socket's peer, X-Forwarded-For is ignored.
   */
  TRUST_PROXY: number;
  /** Trusted request header in which an edge proxy says whether the viewer is on a VPN. */
  VPN_HEADER?: string;
  /** Trusted request header in which an edge proxy gives the viewer's territory (geo-blocking). */
  TERRITORY_HEADER?: string;
  /** Signs media URLs; when unset, one is generated and kept in the store. */
  MEDIA_SIGNING_SECRET?: string;
  /** Origin of links in emails; the request's own origin when unset. */
  PUBLIC_URL?: string;
  /** Where the outbox is delivered (`smtp://` or `smtps://`); unset: email stays in the outbox. */
  SMTP_URL?: string;
  /** Sender address of outgoing email. */
  MAIL_FROM: string;
  /** Share of page views (0 to 1) whose browser errors are reported; default 0.1. */
  ERROR_TRACING_SAMPLE_RATE: number;
}

export class EnvError extends Error {
  override name = "EnvError";
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const port = Number(source.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EnvError(`PORT must be a whole number from 0 to 65535, got '${source.PORT}'`);
  }
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new EnvError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  const poolSize = Number(source.DATABASE_POOL_SIZE ?? 10);
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 500) {
    throw new EnvError(
      `DATABASE_POOL_SIZE must be a whole number from 1 to 500, got '${source.DATABASE_POOL_SIZE}'`,
    );
  }
  const timeout = (name: string, fallback: number) =>
    milliseconds(source, name, fallback, { min: 100, max: 3_600_000 });
  const trustProxy = Number(source.TRUST_PROXY || 0);
  if (!Number.isInteger(trustProxy) || trustProxy < 0 || trustProxy > 10) {
    throw new EnvError(
      `TRUST_PROXY must be the number of proxies in front of the server, 0 to 10, got '${source.TRUST_PROXY}'`,
    );
  }
  const redisUrl = source.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    throw new EnvError("REDIS_URL must look like redis://host:6379 or rediss://user:pass@host");
  }
  const apiBaseUrl = source.API_BASE_URL || undefined;
  if (apiBaseUrl && !URL.canParse(apiBaseUrl)) {
    throw new EnvError(`API_BASE_URL must be an absolute URL, got '${apiBaseUrl}'`);
  }
  const nodeEnv = source.NODE_ENV ?? "production";
  if (nodeEnv !== "production" && nodeEnv !== "development" && nodeEnv !== "test") {
    throw new EnvError(`NODE_ENV must be production, development or test, got '${nodeEnv}'`);
  }
  const tokenSecret = secret(source, "TOKEN_SECRET");
  const sessionSecret = secret(source, "SESSION_SECRET");
  if (apiBaseUrl && !sessionSecret) {
    // A web tier has no store to keep a generated one in, and every web server must agree.
    throw new EnvError("SESSION_SECRET is required with API_BASE_URL (at least 32 characters)");
  }
  const vpnHeader = source.VPN_HEADER || undefined;
  if (vpnHeader && !HEADER_NAME.test(vpnHeader)) {
    throw new EnvError(`VPN_HEADER must be an HTTP header name such as X-Vpn, got '${vpnHeader}'`);
  }
  if (vpnHeader && CONTRACT_HEADERS.includes(vpnHeader.toLowerCase())) {
    throw new EnvError(`VPN_HEADER must not be a header of the platform contract: '${vpnHeader}'`);
  }
  const territoryHeader = trustedHeader(source, "TERRITORY_HEADER");
  const publicUrl = source.PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+\/?$/.test(publicUrl)) {
    throw new EnvError(
      `PUBLIC_URL must be an origin such as https://watch.example.com, got '${publicUrl}'`,
    );
  }
  const smtpUrl = source.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) {
    throw new EnvError("SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465");
  }
  const mailFrom = source.MAIL_FROM || "no-reply@localhost";
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom) && !/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom)) {
    throw new EnvError(`MAIL_FROM must be an email address, got '${mailFrom}'`);
  }
  const sampleRate = Number(source.ERROR_TRACING_SAMPLE_RATE ?? ERROR_TRACING.defaultSampleRate);
  if (!Number.isFinite(sampleRate) || sampleRate < 0 || sampleRate > 1) {
    throw new EnvError(
      `ERROR_TRACING_SAMPLE_RATE must be a number from 0 to 1, got '${source.ERROR_TRACING_SAMPLE_RATE}'`,
    );
  }
  return {
    PORT: port,
    HOST: source.HOST || "0.0.0.0",
    DATA_DIR: source.DATA_DIR || "./data",
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: poolSize,
    DATABASE_CONNECT_TIMEOUT_MS: timeout("DATABASE_CONNECT_TIMEOUT_MS", DEFAULT_TIMEOUTS.connectMs),
    DATABASE_STATEMENT_TIMEOUT_MS: timeout(
      "DATABASE_STATEMENT_TIMEOUT_MS",
      DEFAULT_TIMEOUTS.statementMs,
    ),
    DATABASE_IDLE_TIMEOUT_MS: timeout("DATABASE_IDLE_TIMEOUT_MS", DEFAULT_TIMEOUTS.idleMs),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeout(
      "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS",
      DEFAULT_TIMEOUTS.idleInTransactionMs,
    ),
    REDIS_URL: redisUrl,
    API_BASE_URL: apiBaseUrl,
    NODE_ENV: nodeEnv,
    SEED_DEMO: flag(source.SEED_DEMO, true),
    LOG_REQUESTS: flag(source.LOG_REQUESTS, true),
    TOKEN_SECRET: tokenSecret,
    SESSION_SECRET: sessionSecret,
    TRUST_PROXY: trustProxy,
    VPN_HEADER: vpnHeader,
    TERRITORY_HEADER: territoryHeader,
    MEDIA_SIGNING_SECRET: secret(source, "MEDIA_SIGNING_SECRET"),
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtpUrl,
    MAIL_FROM: mailFrom,
    ERROR_TRACING_SAMPLE_RATE: sampleRate,
  };
}

// RFC 9110 token characters.
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
// Clients send these themselves; a verdict must come in a header the edge alone writes.
const CONTRACT_HEADERS = [
  "accept",
  "accept-language",
  "app",
  "authorization",
  "content-type",
  "cookie",
  "host",
  "realm",
  "user-agent",
  "x-api-key",
  "x-app-version",
  "x-client-address",
  "x-device-id",
  "x-request-id",
];

/** A header only the edge in front writes (a client must not choose its own verdict). */
function trustedHeader(source: Record<string, string | undefined>, name: string) {
  const value = source[name] || undefined;
  if (value && !HEADER_NAME.test(value)) {
    throw new EnvError(
      `${name} must be an HTTP header name such as X-Edge-Country, got '${value}'`,
    );
  }
  if (value && CONTRACT_HEADERS.includes(value.toLowerCase())) {
    throw new EnvError(`${name} must not be a header of the platform contract: '${value}'`);
  }
  return value;
}

function secret(source: Record<string, string | undefined>, name: string): string | undefined {
  const value = source[name] || undefined;
  if (value !== undefined && value.length < 32) {
    throw new EnvError(`${name} must be at least 32 characters long`);
  }
  return value;
}

function milliseconds(
  source: Record<string, string | undefined>,
  name: string,
  fallback: number,
  { min, max }: { min: number; max: number },
): number {
  const raw = source[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new EnvError(
      `${name} must be a whole number of milliseconds from ${min} to ${max}, got '${raw}'`,
    );
  }
  return value;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new EnvError(`expected a boolean (true/false), got '${value}'`);
}
