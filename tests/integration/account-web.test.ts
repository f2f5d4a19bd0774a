import { describe, expect, it } from "vitest";
import { checkoutAction } from "../../app/checkout/checkout.server.ts";
import { accountLoader } from "../../app/account/page/account-page.server.ts";
import type { AccountView } from "../../app/account/page/view.ts";
import { providersLoader, type ProvidersView } from "../../app/identity/providers.server.ts";
import {
  invoiceLoader,
  invoicePdfLoader,
  type InvoiceView,
} from "../../app/invoice/invoice.server.ts";
import { accountWithSession, type AccountOptions } from "../fixtures/accounts.ts";
import { pdfText } from "../fixtures/pdf-text.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import {
  loaderArgs,
  sessionCookieFor,
  thrownResponse,
  thrownStatus,
  webContext,
} from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

async function signedIn(options: AccountOptions = {}) {
  const account = await accountWithSession(platform.store, "liga", {
    details: { fullName: "Ana Torcedora", partition: "brasil" },
    ...options,
  });
  const cookie = await sessionCookieFor("liga", {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
  return { ...account, cookie };
}

/** Buys liga's final pass by card: `ok` pays, anything else is declined. */
async function buy(auth: Record<string, string>, ok = true) {
  const res = await platform.api.call("liga", "/api/v4/basket/pay", {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      licence: "LIGA_FINAL_PASS",
      country: "BR",
      provider: "Cardstream",
      idempotencyKey: crypto.randomUUID(),
      card: {
        number: ok ? "4242 4242 4242 4242" : "4000 0000 0000 0002",
        expiry: "12/34",
        cvc: "123",
        holder: "Ana",
      },
      returnUrl: "/realm/liga/payment/authorization?return=%2Fhome",
    }),
  });
  return ((await res.json()) as { orderId: string }).orderId;
}

const invoiceArgs = (id: string, cookie?: string, suffix = "") => {
  const args = loaderArgs(
    webContext(platform.api),
    `/realm/liga/payment/invoice/${id}${suffix}`,
    cookie ? { Cookie: cookie } : {},
  );
  return { ...args, params: { ...args.params, id } };
};

describe("invoices on the web", () => {
  it("show the buyer their completed order, also as a PDF download", async () => {
    const buyer = await signedIn();
    const id = await buy(buyer.auth);
    const answer = (await invoiceLoader(invoiceArgs(id, buyer.cookie))) as unknown as {
      data: InvoiceView;
      init: ResponseInit;
    };
    expect(answer.init.headers).toEqual({ "Cache-Control": "private, no-store" });
    expect(answer.data.invoice).toMatchObject({
      number: id,
      seller: "Liga Play",
      buyer: { name: "Ana Torcedora" },
      lines: [{ description: "Passe da Final" }],
    });
    expect(answer.data.pdf).toBe(`/realm/liga/payment/invoice/${id}/pdf`);

    const pdf = await invoicePdfLoader(invoiceArgs(id, buyer.cookie, "/pdf"));
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="invoice-${id}.pdf"`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Passe da Final");
    expect(text).toContain(id);
  });

  it("are not found for anyone else, nor for a payment that failed; visitors sign in first", async () => {
    const buyer = await signedIn();
    const paid = await buy(buyer.auth);
    const declined = await buy(buyer.auth, false);
    const stranger = await signedIn();
    expect(await thrownStatus(() => invoiceLoader(invoiceArgs(paid, stranger.cookie)))).toBe(404);
    expect(
      await thrownStatus(() => invoicePdfLoader(invoiceArgs(paid, stranger.cookie, "/pdf"))),
    ).toBe(404);
    expect(await thrownStatus(() => invoiceLoader(invoiceArgs(declined, buyer.cookie)))).toBe(404);
    expect(
      await thrownStatus(() => invoiceLoader(invoiceArgs("no-such-order", buyer.cookie))),
    ).toBe(404);
    const visitor = await thrownResponse(() => invoiceLoader(invoiceArgs(paid)));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(
      `/realm/liga/login?from=${encodeURIComponent(`/payment/invoice/${paid}`)}`,
    );
  });

  it("carry the billing address the checkout's address step took, on the page and in the PDF", async () => {
    const buyer = await signedIn();
    const path =
      "/realm/liga/purchase?licence=LIGA_FINAL_PASS&step=4&country=BR&postalCode=01310-100&provider=Cardstream";
    const form = new URLSearchParams({
      idempotencyKey: `key-${crypto.randomUUID()}`,
      holder: "Ana Torcedora",
      number: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
    const args = loaderArgs(webContext(platform.api), path);
    const request = new Request(args.request.url, {
      method: "POST",
      headers: { Cookie: buyer.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const answer = await checkoutAction({ ...args, request });
    expect(answer).toBeInstanceOf(Response);
    const confirmation = new URL((answer as Response).headers.get("Location")!, "http://x");
    const id = confirmation.searchParams.get("order")!;
    const view = (await invoiceLoader(invoiceArgs(id, buyer.cookie))) as unknown as {
      data: InvoiceView;
    };
    expect(view.data.invoice.buyer.address).toEqual(["01310-100", "Brasil"]);
    const pdf = await invoicePdfLoader(invoiceArgs(id, buyer.cookie, "/pdf"));
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("01310-100");
  });
});

describe("the account page's loader", () => {
  const account = (cookie: string, query = "") =>
    accountLoader(
      loaderArgs(webContext(platform.api), `/realm/arena/account${query}`, { Cookie: cookie }),
    );

  it("opens a section by its query, the first for anything else, and pages the payments", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const cookie = await sessionCookieFor("arena", {
      accessToken: viewer.authorisationToken,
      refreshToken: viewer.refreshToken,
    });
    const view = (await account(cookie, "?section=nonsense")) as unknown as { data: AccountView };
    expect(view.data.section).toBe("subscriptions");
    expect(view.data.tabs.map((tab) => tab.href)).toEqual([
      "/realm/arena/account?section=subscriptions",
      "/realm/arena/account?section=accountdetails",
      "/realm/arena/account?section=paymentdetails",
      "/realm/arena/account?section=preferences",
      "/realm/arena/account?section=accountsecurity",
    ]);
    const payments = (await account(cookie, "?section=paymentdetails&page=3")) as unknown as {
      data: AccountView;
    };
    expect(payments.data.content).toMatchObject({
      section: "paymentdetails",
      history: { items: [], page: 3, pages: 0 },
      next: null,
    });
  });

  it("sends a child profile home", async () => {
    const child = await accountWithSession(platform.store, "arena", {
      profiles: [{ name: "Kid", type: "CHILD" }],
    });
    const cookie = await sessionCookieFor("arena", {
      accessToken: child.authorisationToken,
      refreshToken: child.refreshToken,
    });
    const sent = await thrownResponse(() => account(cookie));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/realm/arena");
  });
});

describe("the ways to sign in", () => {
  it("follow each realm's providers and settings", async () => {
    const view = async (realm: "arena" | "liga") =>
      (
        (await providersLoader(
          loaderArgs(webContext(platform.api), `/realm/${realm}/providers`),
        )) as unknown as {
          data: ProvidersView;
        }
      ).data;
    expect(await view("arena")).toEqual({
      ways: [
        { kind: "password", signIn: "/realm/arena/login", signUp: "/realm/arena/signup" },
        { kind: "tv", href: "/realm/arena/tv" },
      ],
      security: null,
    });
    expect((await view("liga")).ways.map((way) => way.kind)).toEqual(["password", "magicLink"]);
  });
});
