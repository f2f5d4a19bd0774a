import type { Context } from "hono";
import type { PlatformEnv } from "./context.ts";

/**
 * The viewer's network address, for per-address rate limits. The outer server decides it (the
 * socket's peer, or the address a trusted web tier vouches for) and hands it over as env.
 */
export function clientAddress(c: Context<PlatformEnv>): string {
  return (c.env as { clientAddress?: string } | undefined)?.clientAddress ?? "unknown";
}
