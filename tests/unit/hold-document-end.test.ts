import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { holdDocumentEnd } from "../../app/document/hold-document-end.server.ts";

/** What comes out of the transform for the given chunks. */
async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(holdDocumentEnd()));
}

describe("holdDocumentEnd", () => {
  it("moves what React streams after the shell inside <body>", async () => {
    const out = await through([
      "<!DOCTYPE html><html><head></head><body><div>shell</div></body></html>",
      '<div hidden id="S:0"><p>late</p></div>',
      "<script>$RC()</script>",
    ]);
    expect(out).toBe(
      '<!DOCTYPE html><html><head></head><body><div>shell</div><div hidden id="S:0"><p>late</p></div><script>$RC()</script></body></html>',
    );
  });

  it("finds the closing tags split across chunks", async () => {
    const out = await through(["<html><body>á</bo", "dy></ht", "ml>", "<template></template>"]);
    expect(out).toBe("<html><body>á<template></template></body></html>");
  });

  it("passes a chunk that only looks like the start of the closing tags", async () => {
    const out = await through(["<body><p>a</", "p></body></html>"]);
    expect(out).toBe("<body><p>a</p></body></html>");
  });

  it("leaves a document without the closing tags as it is", async () => {
    expect(await through(["<p>partial</", "p>"])).toBe("<p>partial</p>");
  });

  it("drops the zero bytes React 18 leaves where a multi-byte character did not fit", async () => {
    const title = Buffer.from("Yıldırım");
    const out = await text(
      Readable.from([
        Buffer.from("<body><p>"),
        Buffer.concat([title.subarray(0, 4), Buffer.from([0])]),
        Buffer.concat([title.subarray(4), Buffer.from("</p></body></html>")]),
      ]).pipe(holdDocumentEnd()),
    );
    expect(out).toBe("<body><p>Yıldırım</p></body></html>");
  });
});
