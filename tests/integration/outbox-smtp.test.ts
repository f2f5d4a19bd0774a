import { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxSender, MAX_ATTEMPTS } from "../../platform/identity/smtp.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { updateRealm } from "../fixtures/realm-settings.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

/** A real SMTP server on a free port that keeps what it receives, or refuses recipients. */
const received: { to: string[]; data: string }[] = [];
let refuse = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(address, _session, callback) {
    callback(
      refuse ? Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }) : undefined,
    );
  },
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});
let smtpUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

/** The message as its reader sees it (the body travels quoted-printable: accents, long lines). */
const decodeQuotedPrintable = (data: string) =>
  Buffer.from(
    data
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** The Subject header of a raw message, unfolded and its RFC 2047 encoded words decoded. */
function decodeSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]+/g, " ");
  return header
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, words: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(words, "base64").toString("utf8")
        : decodeQuotedPrintable(words.replace(/_/g, " ")),
    )
    .trim();
}

const ask = (email: string) =>
  platform.api.call("liga", "/api/v2/password/request", {
    method: "POST",
    body: JSON.stringify({ email }),
  });

describe("outbox delivery over SMTP", () => {
  it("sends what is waiting, once, and marks it sent", async () => {
    await ask("fan@liga.test");
    const senders = [1, 2].map(() =>
      createOutboxSender(platform.store, {
        smtpUrl,
        from: "Liga <no-reply@liga.test>",
        intervalMs: 60_000,
      }),
    );
    // Two servers on one store at once: each email goes out exactly once.
    const delivered = await Promise.all(senders.map((sender) => sender.flush()));
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(1);
    await Promise.all(senders.map((sender) => sender.stop()));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["fan@liga.test"]);
    const text = decodeQuotedPrintable(received[0]!.data);
    expect(text).toContain("From: Liga <no-reply@liga.test>");
    expect(text).toContain("Alguém pediu para redefinir a senha");
    expect(text).toContain("/realm/liga/login/reset-password?pwrt=");
    const rows = await platform.store.db.select().from(t.outbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it("sends a realm's own wording of an email's labels", async () => {
    const [liga] = await platform.store.db
      .select({ labels: t.realms.labels })
      .from(t.realms)
      .where(eq(t.realms.name, "liga"));
    const labels = {
      ...liga!.labels,
      pt: { ...liga!.labels.pt, mailPinResetSubject: "Seu novo PIN de {{realm}} está a um clique" },
    };
    await updateRealm(platform.store, "liga", { labels });
    try {
      const viewer = await accountWithSession(platform.store, "liga", {
        details: { locale: "pt", contactEmail: "familia@liga.test" },
      });
      const requested = await platform.api.call("liga", "/api/v1/parental-control/pin/reset", {
        method: "POST",
        body: "{}",
        headers: viewer.auth,
      });
      expect(requested.status).toBe(202);
      const sender = createOutboxSender(platform.store, {
        smtpUrl,
        from: "no-reply@liga.test",
        intervalMs: 60_000,
      });
      await sender.flush();
      await sender.stop();
      const mail = received.find((m) => m.to.includes("familia@liga.test"));
      // The overridden subject, while the body keeps the app's own wording.
      expect(decodeSubject(mail!.data)).toBe("Seu novo PIN de Liga Play está a um clique");
      expect(decodeQuotedPrintable(mail!.data)).toContain(
        "Alguém pediu para redefinir o PIN de controle dos pais",
      );
    } finally {
      await updateRealm(platform.store, "liga", { labels: liga!.labels });
    }
  });

  it("keeps a refused email queued with the error, and gives up after the last attempt", async () => {
    refuse = true;
    await ask("viewer@liga.test");
    const sender = createOutboxSender(platform.store, {
      smtpUrl,
      from: "no-reply@liga.test",
      intervalMs: 60_000,
    });
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) expect(await sender.flush()).toBe(0);
    await sender.stop();
    const [row] = await platform.store.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, "viewer@liga.test"));
    expect(row).toMatchObject({ sentAt: null, attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    refuse = false;
  });
});
