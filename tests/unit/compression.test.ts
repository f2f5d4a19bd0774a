import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers, negotiateEncoding } from "../../server/compression.ts";

const PAGE = `<!doctype html><html><body>${"<p>Live tonight: the main card</p>".repeat(200)}</body></html>`;

function app() {
  const hono = new Hono();
  hono.use(compressAnswers());
  hono.get("/page", (c) => c.html(PAGE));
  hono.get("/json", (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i })) }));
  // An answer of known length: a streamed one of unknown length is compressed either way.
  hono.get("/tiny", (c) =>
    c.body('{"ok":true}', 200, { "Content-Type": "application/json", "Content-Length": "11" }),
  );
  hono.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
  hono.get("/no-transform", (c) => {
    c.header("Cache-Control", "no-transform");
    return c.html(PAGE);
  });
  hono.get("/tagged", (c) => {
    c.header("ETag", '"abc"');
    c.header("Vary", "Cookie");
    return c.html(PAGE);
  });
  hono.get("/stream", () => {
    let pull = 0;
    let release!: () => void;
    const rest = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pull += 1;
        if (pull === 1) controller.enqueue(new TextEncoder().encode("<html><body>shell"));
        else {
          await rest;
          controller.enqueue(new TextEncoder().encode("deferred</body></html>"));
          controller.close();
        }
      },
    });
    streamRelease = release;
    return new Response(body, { headers: { "Content-Type": "text/html; charset=UTF-8" } });
  });
  return hono;
}
let streamRelease: () => void = () => {};

async function bytes(answer: Response) {
  return Buffer.from(await answer.arrayBuffer());
}

describe("negotiateEncoding", () => {
  it("prefers Brotli, falls back to gzip, and honours q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.2, gzip;q=0.8")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0")).toBeUndefined();
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("")).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding("br;q=abc, gzip")).toBe("gzip");
  });
});

describe("compressAnswers", () => {
  it("sends a page as Brotli to a browser that takes it, smaller and byte-identical", async () => {
    const answer = await app().request("/page", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    expect(answer.headers.get("Content-Length")).toBeNull();
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    const body = await bytes(answer);
    expect(body.length).toBeLessThan(PAGE.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(PAGE);
  });

  it("sends JSON as gzip where Brotli is not accepted", async () => {
    const answer = await app().request("/json", { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.headers.get("Content-Encoding")).toBe("gzip");
    const parsed = JSON.parse(gunzipSync(await bytes(answer)).toString()) as { items: unknown[] };
    expect(parsed.items).toHaveLength(200);
  });

  it("leaves an answer as it is for a client that asked for no encoding, and says it varies", async () => {
    const answer = await app().request("/page");
    expect(answer.headers.get("Content-Encoding")).toBeNull();
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await answer.text()).toBe(PAGE);
  });

  it("leaves tiny answers, images, HEAD and no-transform answers uncompressed", async () => {
    const accept = { headers: { "Accept-Encoding": "br" } };
    for (const path of ["/tiny", "/image", "/no-transform"]) {
      const answer = await app().request(path, accept);
      expect(answer.headers.get("Content-Encoding"), path).toBeNull();
    }
    const head = await app().request("/page", { method: "HEAD", ...accept });
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });

  it("keeps other Vary names and weakens a strong ETag", async () => {
    const answer = await app().request("/tagged", { headers: { "Accept-Encoding": "br" } });
    expect(answer.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(answer.headers.get("ETag")).toBe('W/"abc"');
  });

  it("flushes a streamed page's shell before the rest of the page exists", async () => {
    const answer = await app().request("/stream", { headers: { "Accept-Encoding": "gzip" } });
    const reader = answer.body!.getReader();
    const { value } = await reader.read();
    // Only the shell has been written: it must already decode on its own.
    expect(gunzipSync(Buffer.from(value!), { finishFlush: 2 }).toString()).toBe(
      "<html><body>shell",
    );
    streamRelease();
    const chunks: Uint8Array[] = [value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
    }
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(
      "<html><body>shelldeferred</body></html>",
    );
  });
});
