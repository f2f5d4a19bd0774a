import type { Context } from "hono";
import { HEADERS } from "../contract/headers.ts";

// Hop-by-hop and transport headers describe one connection, not the message.
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  "content-encoding",
];

/**
 * Forwards a request to the platform at `baseUrl` unchanged (method, path, query, headers and
 * body), so a web server without a store can still serve `/api`, `/images` and `/media`. The
 * caller's own X-Client-Address is replaced by this server's signed word on the viewer's.
 */
export async function forwardToPlatform(
  c: Context,
  baseUrl: string,
  requestId: string,
  vouchedClientAddress: string | undefined,
): Promise<Response> {
  const incoming = new URL(c.req.url);
  const target = new URL(`${incoming.pathname}${incoming.search}`, baseUrl);
  const headers = new Headers(c.req.raw.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  headers.set(HEADERS.requestId, requestId);
  headers.delete(HEADERS.clientAddress);
  if (vouchedClientAddress) headers.set(HEADERS.clientAddress, vouchedClientAddress);
  const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: c.req.method,
      headers,
      body: hasBody ? c.req.raw.body : undefined,
      redirect: "manual",
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch {
    return c.json(
      {
        status: 502,
        code: "PLATFORM_UNREACHABLE",
        messages: ["The platform could not be reached; try again shortly"],
        requestId,
      },
      502,
    );
  }
  const responseHeaders = new Headers(upstream.headers);
  for (const name of HOP_BY_HOP) responseHeaders.delete(name);
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}
