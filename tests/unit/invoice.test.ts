import { describe, expect, it } from "vitest";
import type { Order } from "../../contract/generated/order.ts";
import { invoicePdf } from "../../app/invoice/invoice-pdf.server.ts";
import { invoiceOf } from "../../app/invoice/invoice.ts";
import { i18nFor } from "../../app/i18n/i18n.ts";
import { pdfText } from "../fixtures/pdf-text.ts";

const ORDER: Order & { completedAt: string } = {
  orderId: "3f2c9a4e-1b7d-4c55-9e0a-7d1f2b3c4d5e",
  status: "COMPLETED",
  licenceId: "LIGA_MENSAL",
  provider: "Cardstream",
  basket: {
    basketItems: [
      {
        licenceId: "LIGA_MENSAL",
        name: "Liga Play Mensal",
        description: "Todos os jogos",
        catalogPrice: 2990,
        currency: "BRL",
        scale: 2,
        tax: 478,
        total: 2392,
      },
    ],
    availablePaymentProviders: [],
    currency: "BRL",
    scale: 2,
    tax: 478,
    totalDiscount: 598,
    total: 2392,
    totalExcTax: 1914,
    taxRateEstimated: false,
    taxInclusive: true,
  },
  entitlements: [],
  completedAt: "2026-11-02T10:00:00.000Z",
  paymentMethod: { brand: "Visa", last4: "4242", expiry: "12/34" },
  billingAddress: { countryCode: "BR", postalCode: "01310-100" },
};
const BUYER = {
  email: "ana@liga.test",
  contactEmail: null,
  name: { fullName: "Ana Torcedora", preferredName: null },
  birthDate: null,
  taxNumber: null,
  phoneNumber: null,
};

function ptInvoice() {
  const t = i18nFor("pt").t;
  return invoiceOf(ORDER, BUYER, "Liga Play", "pt", (key, values) => t(key, values));
}

describe("invoices", () => {
  it("word every figure in the viewer's language, from minor units", () => {
    const invoice = ptInvoice();
    expect(invoice).toMatchObject({
      number: ORDER.orderId,
      date: "2 de novembro de 2026",
      seller: "Liga Play",
      buyer: {
        name: "Ana Torcedora",
        email: "ana@liga.test",
        address: ["01310-100", "Brasil"],
      },
      paidWith: "Visa •••• 4242",
    });
    // Intl writes a no-break space between the currency and the number.
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(
      invoice.lines.map((l) => ({ ...l, price: spaced(l.price), total: spaced(l.total) })),
    ).toEqual([{ description: "Liga Play Mensal", price: "R$ 29,90", total: "R$ 23,92" }]);
    expect(invoice.totals.map((l) => [l.label, spaced(l.amount)])).toEqual([
      ["Subtotal", "R$ 29,90"],
      ["Desconto", "−R$ 5,98"],
      ["Impostos incluídos", "R$ 4,78"],
      ["Total", "R$ 23,92"],
    ]);
  });

  it("without a billing address, the buyer is the account holder alone", () => {
    const t = i18nFor("pt").t;
    const { billingAddress: _left, ...order } = ORDER;
    const invoice = invoiceOf(order, BUYER, "Liga Play", "pt", (key, values) => t(key, values));
    expect(invoice.buyer.address).toEqual([]);
  });

  it("come as a PDF whose text a reader finds: seller, buyer, number, lines and totals", async () => {
    const invoice = ptInvoice();
    const pdf = await invoicePdf(invoice, {
      title: "Fatura",
      number: "Número da fatura",
      date: "Data",
      seller: "Vendedor",
      buyer: "Faturado para",
      description: "Descrição",
      price: "Preço",
      amount: "Valor",
      paidWith: "Pago com",
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfText(new Uint8Array(pdf))).replace(/\s+/g, " ");
    for (const expected of [
      "Liga Play",
      "Fatura",
      `Número da fatura: ${ORDER.orderId}`,
      "Data: 2 de novembro de 2026",
      "Ana Torcedora",
      "ana@liga.test",
      "01310-100",
      "Brasil",
      "Liga Play Mensal",
      "R$ 29,90",
      "-R$ 5,98",
      "R$ 23,92",
      "Pago com: Visa •••• 4242",
    ]) {
      expect(text).toContain(expected);
    }
  });
});
