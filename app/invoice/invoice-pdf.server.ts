import PDFDocument from "pdfkit";
import type { Invoice } from "./invoice.ts";

/**
 * The PDF's built-in font (Helvetica) writes Windows-1252: the few characters Intl uses beyond
 * it become their nearest equivalents there (a minus sign, narrow spaces).
 */
const toWinAnsi = (text: string) =>
  text.replace(/\u2212/g, "-").replace(/[\u202f\u2009\u2007]/g, " ");

/** Labels of the PDF, in the viewer's language. */
export interface InvoiceWording {
  title: string;
  number: string;
  date: string;
  seller: string;
  buyer: string;
  description: string;
  price: string;
  amount: string;
  paidWith: string;
}

/** An invoice as an A4 PDF, generated on the server with PDFKit. */
export function invoicePdf(invoice: Invoice, wording: InvoiceWording): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `${wording.title} ${invoice.number}`, Author: invoice.seller },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const text = (value: string) => toWinAnsi(value);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font("Helvetica-Bold").fontSize(20).text(text(invoice.seller));
  doc.moveDown(0.5).fontSize(14).text(text(wording.title));
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  doc.text(text(`${wording.number}: ${invoice.number}`));
  doc.text(text(`${wording.date}: ${invoice.date}`));
  doc.moveDown();
  doc.font("Helvetica-Bold").text(text(wording.seller));
  doc.font("Helvetica").text(text(invoice.seller));
  doc.moveDown(0.5);
  doc.font("Helvetica-Bold").text(text(wording.buyer));
  doc.font("Helvetica");
  if (invoice.buyer.name) doc.text(text(invoice.buyer.name));
  doc.text(text(invoice.buyer.email));
  for (const line of invoice.buyer.address) doc.text(text(line));
  doc.moveDown();

  const columns = [width * 0.6, width * 0.2, width * 0.2];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(text(cell), x, y, { width: columns[i]!, align: i === 0 ? "left" : "right" });
      x += columns[i]!;
    });
    doc.x = left;
    doc.moveDown(0.4);
  };
  row([wording.description, wording.price, wording.amount], true);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(0.4);
  for (const line of invoice.lines) row([line.description, line.price, line.total]);
  doc.moveDown(0.5);
  for (const total of invoice.totals) row([total.label, "", total.amount], total.grand);
  if (invoice.paidWith) {
    doc.moveDown();
    doc.font("Helvetica").text(text(`${wording.paidWith}: ${invoice.paidWith}`), left);
  }
  doc.end();
  return done;
}
