import { createServer, request, Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS, keepIdleConnections } from "../../server/keep-alive.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("idle keep-alive connections", () => {
  it("stay open past Node's 5 s default, longer than the 60 s proxies keep theirs", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    keepIdleConnections(server);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    close = () => {
      agent.destroy();
      server.close();
    };
    const port = (server.address() as AddressInfo).port;
    const get = () =>
      new Promise<{ socket: unknown; keepAlive: string | undefined }>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, agent }, (res) => {
          res.resume();
          res.on("end", () =>
            resolve({ socket: req.socket, keepAlive: String(res.headers["keep-alive"]) }),
          );
        });
        req.on("error", reject);
        req.end();
      });
    const first = await get();
    // The hint clients read (those that do) names the same minute and more.
    expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    // Idle past Node's default: the same socket is reused, not reset.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const second = await get();
    expect(second.socket).toBe(first.socket);
  }, 15_000);
});
