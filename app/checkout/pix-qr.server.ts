import qrcode from "qrcode-generator";

/** A QR code as one SVG path over a square of `size` modules (a quiet zone of 4 included). */
export interface QrDrawing {
  size: number;
  path: string;
}

const QUIET_ZONE = 4;

/**
 * The QR code of a Pix payload, drawn on the server: the page carries a small path instead of
 * an image request or a QR library in the client bundle. Error correction M, as banks print.
 */
export function qrDrawing(payload: string): QrDrawing {
  const qr = qrcode(0, "M");
  qr.addData(payload, "Byte");
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: count + QUIET_ZONE * 2, path: parts.join("") };
}
