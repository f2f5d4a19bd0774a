import { decimalString } from "./money.ts";

/** One EMV field: its two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as the BR Code's field 63 needs. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Upper-case ASCII letters, digits and spaces, at most `max` long (what banking apps show). */
function plain(text: string, max: number): string {
  return (
    text
      .normalize("NFD")
      .replace(/[^A-Za-z0-9 ]/g, "")
      .toUpperCase()
      .trim()
      .slice(0, max) || "MERCHANT"
  );
}

/**
 * A one-time Pix charge as a BR Code (the Banco Central do Brasil's EMV QR profile): the
 * receiver's key, the amount in reais, the merchant and a transaction id, sealed by a CRC.
 */
export function pixPayload(charge: {
  key: string;
  merchant: string;
  amount: number;
  scale: number;
  txid: string;
}): string {
  const body =
    field("00", "01") +
    field("01", "12") +
    field("26", field("00", "br.gov.bcb.pix") + field("01", charge.key)) +
    field("52", "0000") +
    field("53", "986") +
    field("54", decimalString({ amount: charge.amount, scale: charge.scale })) +
    field("58", "BR") +
    field("59", plain(charge.merchant, 25)) +
    field("60", "SAO PAULO") +
    field("62", field("05", charge.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25))) +
    "6304";
  return body + crc16(body);
}
