import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { ServerProcess } from "./server-process.ts";

/** A request sent as raw HTTP: the path exactly as given, any `Host`, redirects not followed. */
export interface RawRequest {
  method: "GET" | "POST";
  /** Host name the request names (`liga.localhost`, say); it always goes to the test server. */
  host: string;
  path: string;
  /** The `__session` cookie's value. */
  session?: string;
  /** A form body, sent with this host as `Origin` (a same-site form post). */
  form?: Record<string, string>;
}

export function sendRaw(
  server: ServerProcess,
  probe: RawRequest,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const authority = `${probe.host}:${server.port}`;
  const body = probe.form ? new URLSearchParams(probe.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        method: probe.method,
        path: probe.path,
        setHost: false,
        headers: {
          Host: authority,
          Accept: "text/html",
          ...(probe.session ? { Cookie: `__session=${probe.session}` } : {}),
          ...(body
            ? {
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": Buffer.byteLength(body),
                Origin: `http://${authority}`,
              }
            : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
