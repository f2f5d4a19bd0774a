import { Transform, type TransformCallback } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * React writes the shell's `</body></html>` as soon as the shell is ready and streams what
 * Suspense boundaries resolve to (hidden `<div>`s, `<template>`s and the scripts that move them
 * into place, Remix's deferred data) after it, outside the document. This passes the stream on
 * without the closing tags and writes them once React is done, so everything it streams lands
 * inside `<body>`.
 *
 * It also drops NUL bytes. React 18's Node stream writes its whole 2048-byte buffer when a
 * multi-byte character does not fit at its end, unused zero bytes included (a "Yıld\0ırım" in a
 * title, which the HTML parser reports as U+0000). UTF-8 has no other zero byte than U+0000,
 * which is never valid in a document, so none is lost.
 */
export function holdDocumentEnd(): Transform {
  // Bytes that may be the start of the closing tags split across chunks.
  let pending: Buffer = Buffer.alloc(0);
  let held = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      let data: Buffer = withoutNul(
        Buffer.concat([pending, typeof chunk === "string" ? Buffer.from(chunk) : chunk]),
      );
      pending = Buffer.alloc(0);
      if (!held) {
        const at = data.indexOf(DOCUMENT_END);
        if (at >= 0) {
          held = true;
          data = Buffer.concat([data.subarray(0, at), data.subarray(at + DOCUMENT_END.length)]);
        } else {
          const keep = partialEndLength(data);
          pending = data.subarray(data.length - keep);
          data = data.subarray(0, data.length - keep);
        }
      }
      callback(null, data.length > 0 ? data : undefined);
    },
    flush(callback: TransformCallback) {
      callback(null, held ? Buffer.concat([pending, DOCUMENT_END]) : pending);
    },
  });
}

/** How many bytes at the end of `data` are the beginning of `</body></html>`. */
function partialEndLength(data: Buffer): number {
  for (let length = Math.min(DOCUMENT_END.length - 1, data.length); length > 0; length--) {
    if (data.subarray(data.length - length).equals(DOCUMENT_END.subarray(0, length))) {
      return length;
    }
  }
  return 0;
}

/** `data` without its zero bytes (itself when it has none). */
function withoutNul(data: Buffer): Buffer {
  if (!data.includes(0)) return data;
  return Buffer.from(data.filter((byte) => byte !== 0));
}
