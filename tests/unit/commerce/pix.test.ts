import { describe, expect, it } from "vitest";
import { qrDrawing } from "../../../app/checkout/pix-qr.server.ts";
import { crc16, pixPayload } from "../../../platform/commerce/pix.ts";

describe("Pix BR Code", () => {
  it("seals with CRC-16/CCITT-FALSE (its check value for 123456789 is 29B1)", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16("")).toBe("FFFF");
  });

  it("lays out the EMV fields: key, amount in reais, a plain merchant name, a short txid", () => {
    const payload = pixPayload({
      key: "pix@liga.sandbox",
      merchant: "Liga Play — São Paulo!",
      amount: 1990,
      scale: 2,
      txid: "0c5e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
    });
    expect(payload).toMatch(/^000201010212/);
    expect(payload).toContain("26380014br.gov.bcb.pix0116pix@liga.sandbox");
    expect(payload).toContain("5303986540519.905802BR");
    expect(payload).toContain("5920LIGA PLAY  SAO PAULO");
    // The transaction id keeps letters and digits only, at most 25 of them.
    expect(payload).toContain("62290525");
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });
});

describe("the QR code drawn on the server", () => {
  it("is a square path with a quiet zone, the same for the same payload", () => {
    const drawing = qrDrawing("000201010212");
    // Version 1 is 21 modules; four on each side are the quiet zone.
    expect(drawing.size).toBe(29);
    expect(drawing.path).toMatch(/^M4 4h1v1h-1z/);
    expect(drawing.path.match(/M/g)!.length).toBeGreaterThan(100);
    expect(qrDrawing("000201010212")).toEqual(drawing);
    expect(qrDrawing("000201010212").path).not.toBe(qrDrawing("000201010211").path);
  });
});
