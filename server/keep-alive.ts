import type { Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open: longer than the proxies and load
 * balancers in front of us keep theirs (60 s is the common default), so the server is never
 * the side that closes a socket a client is about to reuse. Node's own 5 s loses that race
 * (the client sends on a socket being closed and gets ECONNRESET): HTTP clients that ignore
 * the `Keep-Alive: timeout` hint, Playwright's among them, hit it after a few quiet seconds.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the header deadline to outlast the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
