import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const call = (
  path: string,
  headers: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) =>
  platform.api.call("liga", `/api/v2${path}`, {
    method: init.method ?? "GET",
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    headers,
  });

describe("GET /api/v2/consent-prompt", () => {
  it("lists the realm's consent fields for the asked purposes, unanswered", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await call(
      "/consent-prompt?functionalPurposes=TERMS_AND_CONDITIONS,EMAIL_MARKETING_ALLOWED",
      viewer.auth,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validateBody("consentPrompt", body).ok).toBe(true);
    expect(body.fields).toEqual([
      {
        fieldName: "termsAndConditions",
        functionalPurpose: "TERMS_AND_CONDITIONS",
        required: true,
        label: "consentTermsAndConditions",
        linkUrl: "https://www.ligaplay.example/termos",
        answer: null,
      },
      {
        fieldName: "emailMarketing",
        functionalPurpose: "EMAIL_MARKETING_ALLOWED",
        required: false,
        label: "consentEmailMarketing",
        linkUrl: null,
        answer: null,
      },
    ]);
    const all = await (await call("/consent-prompt", viewer.auth)).json();
    expect(all.fields).toHaveLength(3);
  });

  it("refuses an unknown purpose and callers without an account", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await call("/consent-prompt?functionalPurposes=EVERYTHING", viewer.auth);
    expect(res.status).toBe(400);
    expect((await call("/consent-prompt", {})).status).toBe(401);
  });
});

describe("PUT /api/v2/consent-prompt and the answers", () => {
  it("stores answers with their time and lists them, as JSON text", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const before = Date.now();
    const res = await call("/consent-prompt", viewer.auth, {
      method: "PUT",
      body: [
        { promptField: "termsAndConditions", answer: true },
        { promptField: "emailMarketing", answer: "false" },
      ],
    });
    expect(res.status).toBe(200);
    const stored = await res.json();
    expect(validateBody("consentAnswers", stored).ok).toBe(true);
    expect(stored.answers).toEqual([
      {
        consentField: {
          fieldName: "termsAndConditions",
          required: true,
          functionalPurpose: "TERMS_AND_CONDITIONS",
        },
        answer: "true",
        answeredAt: expect.any(String),
      },
      {
        consentField: {
          fieldName: "emailMarketing",
          required: false,
          functionalPurpose: "EMAIL_MARKETING_ALLOWED",
        },
        answer: "false",
        answeredAt: expect.any(String),
      },
    ]);
    expect(Date.parse(stored.answers[0].answeredAt)).toBeGreaterThanOrEqual(before - 1000);

    const terms = await (
      await call("/consent-prompt/answers?functionalPurposes=TERMS_AND_CONDITIONS", viewer.auth)
    ).json();
    expect(terms.answers.map((a: { answer: string }) => a.answer)).toEqual(["true"]);
    const prompt = await (await call("/consent-prompt", viewer.auth)).json();
    expect(prompt.fields.map((f: { answer: string | null }) => f.answer)).toEqual([
      "true",
      "false",
      null,
    ]);
  });

  it("replaces an earlier answer, moving its timestamp", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const answer = (value: boolean) =>
      call("/consent-prompt/answers", viewer.auth, {
        method: "PUT",
        body: { answers: [{ promptField: "partnerOffers", answer: value }] },
      });
    await answer(true);
    const where = and(
      eq(t.consentAnswers.userId, viewer.user.id),
      eq(t.consentAnswers.fieldName, "partnerOffers"),
    );
    const [first] = await platform.store.db.select().from(t.consentAnswers).where(where);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await answer(false);
    const rows = await platform.store.db.select().from(t.consentAnswers).where(where);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answer).toBe("false");
    expect(rows[0]!.answeredAt.getTime()).toBeGreaterThan(first!.answeredAt.getTime());
  });

  it("refuses declining a required field, unknown fields and answers that are not booleans", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    for (const [body, code] of [
      [[{ promptField: "termsAndConditions", answer: false }], "CONSENT_REQUIRED"],
      [[{ promptField: "somethingElse", answer: true }], "UNKNOWN_FIELD"],
      [[{ promptField: "emailMarketing", answer: "maybe" }], "INVALID_ANSWER"],
      [[], "INVALID_BODY"],
    ] as const) {
      const res = await call("/consent-prompt", viewer.auth, { method: "PUT", body });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(code);
    }
    const rows = await platform.store.db
      .select()
      .from(t.consentAnswers)
      .where(eq(t.consentAnswers.userId, viewer.user.id));
    expect(rows).toEqual([]);
  });
});

describe("marketing preferences", () => {
  it("are the realm's marketing questions, changed with PUT", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const before = await (await call("/user/preferences/marketing", viewer.auth)).json();
    expect(before.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual([
      "emailMarketing",
      "partnerOffers",
    ]);
    const res = await call("/user/preferences/marketing", viewer.auth, {
      method: "PUT",
      body: [{ promptField: "emailMarketing", answer: true }],
    });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(validateBody("consentPrompt", after).ok).toBe(true);
    expect(after.fields.map((f: { answer: string | null }) => f.answer)).toEqual(["true", null]);
    // The terms are not a marketing preference.
    const terms = await call("/user/preferences/marketing", viewer.auth, {
      method: "PUT",
      body: [{ promptField: "termsAndConditions", answer: true }],
    });
    expect((await terms.json()).code).toBe("UNKNOWN_FIELD");
  });
});

describe("demo accounts", () => {
  it("have agreed to the terms, except fan@, who is asked", async () => {
    const answered = async (local: string) => {
      const [user] = await platform.store.db
        .select({ id: t.users.id })
        .from(t.users)
        .where(and(eq(t.users.realm, "liga"), eq(t.users.email, `${local}@liga.test`)));
      return platform.store.db
        .select({ fieldName: t.consentAnswers.fieldName, answer: t.consentAnswers.answer })
        .from(t.consentAnswers)
        .where(eq(t.consentAnswers.userId, user!.id));
    };
    expect(await answered("viewer")).toEqual([{ fieldName: "termsAndConditions", answer: "true" }]);
    expect(await answered("fan")).toEqual([]);
    expect(await answered("newcomer")).toEqual([
      { fieldName: "termsAndConditions", answer: "true" },
    ]);
  });

  it("have the details liga requires, except fan@ and newcomer@ (no tax number)", async () => {
    const [newcomer] = await platform.store.db
      .select({ taxNumber: t.users.taxNumber, fullName: t.users.fullName })
      .from(t.users)
      .where(and(eq(t.users.realm, "liga"), eq(t.users.email, "newcomer@liga.test")));
    expect(newcomer).toEqual({ taxNumber: null, fullName: null });
    const [viewer] = await platform.store.db
      .select({ taxNumber: t.users.taxNumber })
      .from(t.users)
      .where(and(eq(t.users.realm, "liga"), eq(t.users.email, "viewer@liga.test")));
    expect(viewer!.taxNumber).not.toBeNull();
  });
});
