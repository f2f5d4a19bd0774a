import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import * as t from "../store/schema.ts";
import type { Store } from "../store/store.ts";

/** Deliveries tried before an email is left in the outbox for an admin to look at. */
export const MAX_ATTEMPTS = 5;
const BATCH = 20;

export interface OutboxSender {
  /** Sends what is waiting now; resolves with how many were delivered. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox through SMTP (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com`).
 * Several servers on one store never send the same email twice; a failure is counted and
 * retried on the next round, up to MAX_ATTEMPTS.
 */
export function createOutboxSender(
  store: Store,
  {
    smtpUrl,
    from,
    intervalMs = 5_000,
    log = () => {},
  }: {
    smtpUrl: string;
    from: string;
    intervalMs?: number;
    log?: (line: Record<string, unknown>) => void;
  },
): OutboxSender {
  const transport = nodemailer.createTransport(smtpUrl);
  let running: Promise<number> | undefined;
  let stopped = false;

  /**
   * Takes a batch in one short statement (FOR UPDATE SKIP LOCKED: servers sharing the store
   * never take the same rows), then talks SMTP outside any transaction.
   */
  const claim = () =>
    store.db
      .update(t.outbox)
      .set({ claimedUntil: sql`now() + interval '2 minutes'` })
      .where(
        inArray(
          t.outbox.id,
          store.db
            .select({ id: t.outbox.id })
            .from(t.outbox)
            .where(
              and(
                isNull(t.outbox.sentAt),
                lt(t.outbox.attempts, MAX_ATTEMPTS),
                or(isNull(t.outbox.claimedUntil), lt(t.outbox.claimedUntil, sql`now()`)),
              ),
            )
            .orderBy(asc(t.outbox.id))
            .limit(BATCH)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();

  const sendBatch = async (): Promise<number> => {
    let delivered = 0;
    for (const mail of await claim()) {
      try {
        await transport.sendMail({
          from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body,
        });
        await store.db
          .update(t.outbox)
          .set({
            sentAt: new Date(),
            claimedUntil: null,
            attempts: sql`${t.outbox.attempts} + 1`,
            lastError: null,
          })
          .where(eq(t.outbox.id, mail.id));
        delivered += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await store.db
          .update(t.outbox)
          .set({
            claimedUntil: null,
            attempts: sql`${t.outbox.attempts} + 1`,
            lastError: message.slice(0, 500),
          })
          .where(eq(t.outbox.id, mail.id));
        log({ level: "warn", msg: "email not delivered", outboxId: mail.id, error: message });
      }
    }
    return delivered;
  };

  const flush = () => {
    running ??= sendBatch().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) {
      flush().catch((error) =>
        log({ level: "error", msg: "outbox round failed", error: String(error) }),
      );
    }
  }, intervalMs);
  timer.unref();

  return {
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
      transport.close();
    },
  };
}
