import { eq } from "drizzle-orm";
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { previewAction, type PreviewData } from "../../app/preview/preview.server.ts";
import type { Audience } from "../../app/preview/audience.ts";
import type { MyListData } from "../../blocks/my-list/index.tsx";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { sessionCookieFor, thrownStatus, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

async function signedIn(role: "ADMIN" | "CUSTOMER") {
  const account = await accountWithSession(platform.store, "arena", { role });
  const cookie = await sessionCookieFor("arena", {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
  return { ...account, cookie };
}

/** A section with the admin's own list and a row of videos. */
const SECTION = `${JSON.stringify(
  {
    name: "audience-probe",
    title: "Audience probe",
    layout: "default",
    zones: {
      main: [
        { id: "mine", type: "myList" },
        { id: "latest", type: "rail", title: "Latest", source: { kind: "videos" } },
      ],
    },
  },
  null,
  2,
)}\n`;

const MENU = `${JSON.stringify(
  {
    layout: "TOP_LEFT",
    items: [
      { type: "VIEW", title: "Home", data: { view: "home" } },
      { type: "VIEW", title: "Account", data: { view: "account" } },
    ],
  },
  null,
  2,
)}\n`;

/**
 * The live preview's post of `text` as `audience`, with every platform call's path and whether
 * it carried a token.
 */
async function preview(
  cookie: string,
  target: string,
  key: string,
  text: string,
  audience?: Audience,
) {
  const calls: string[] = [];
  const context = webContext(platform.api, {
    intercept: (request) => {
      const url = new URL(request.url);
      calls.push(`${request.headers.has("Authorization") ? "token" : "none"} ${url.pathname}`);
      return undefined;
    },
  });
  const query = `?live=1${audience ? `&as=${audience}` : ""}`;
  const path = `/realm/arena/preview/${target}/${key}${query}`;
  const args: ActionFunctionArgs = {
    request: new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ text }),
    }),
    params: { realm: "arena", target, "*": key },
    context: context as ActionFunctionArgs["context"],
  };
  return { run: () => previewAction(args), calls };
}

async function rendered(cookie: string, text: string, audience?: Audience) {
  const { run, calls } = await preview(cookie, "section", "audience-probe", text, audience);
  const answer = await run();
  const data = answer.data as PreviewData;
  expect(data.view.type).toBe(data.view.type === "menu" ? "menu" : "page");
  const myList =
    data.view.type === "page"
      ? (data.view.zones.main?.find((b) => b.config.id === "mine") as
          { status: "ok"; data: MyListData } | undefined)
      : undefined;
  return { data, myList: myList?.data, calls };
}

describe("the workbench's live preview as each audience", () => {
  it("renders the unsaved page as the admin, a signed-out visitor, a guest, a customer and a child", async () => {
    const admin = await signedIn("ADMIN");
    const [video] = await platform.store.db
      .select({ id: t.videos.id })
      .from(t.videos)
      .where(eq(t.videos.realm, "arena"))
      .limit(1);
    const added = await platform.api.call(
      "arena",
      `/api/v2/lists/my-list/items/VOD_VIDEO/${video!.id}`,
      { method: "PUT", headers: admin.auth },
    );
    expect(added.ok).toBe(true);
    const draft = await platform.api.call("arena", "/api/v2/admin/drafts/section/audience-probe", {
      method: "PUT",
      headers: { ...admin.auth, "Content-Type": "application/json" },
      body: SECTION,
    });
    expect(draft.ok).toBe(true);

    // As today: the admin's own list.
    const own = await rendered(admin.cookie, SECTION);
    expect(own.data.audience).toMatchObject({ name: "admin", role: "ADMIN", child: false });
    expect(own.myList).toMatchObject({ signedIn: true, list: { kind: "MY_LIST" } });
    expect(own.myList?.signedIn ? own.myList.list?.items.map((card) => card.id) : null).toEqual([
      video!.id,
    ]);

    // Nobody's list for those without an account: the block invites them to sign in.
    for (const audience of ["signedOut", "guest"] as const) {
      const shown = await rendered(admin.cookie, SECTION, audience);
      expect(shown.data.audience.name).toBe(audience);
      expect(shown.data.audience.role).toBe(audience === "guest" ? "GUEST" : "UNAUTHENTICATED");
      expect(shown.myList).toEqual({ signedIn: false });
      // Content is read as pages read it, without the admin's token.
      const content = shown.calls.filter((call) => /\/v2\/(vods|cards)/.test(call));
      expect(content.length).toBeGreaterThan(0);
      expect(content.every((call) => call.startsWith("none "))).toBe(true);
    }

    // A customer and a child profile: signed in, with a list of their own, not the admin's.
    for (const audience of ["customer", "child"] as const) {
      const shown = await rendered(admin.cookie, SECTION, audience);
      expect(shown.data.audience).toMatchObject({
        name: audience,
        role: "CUSTOMER",
        child: audience === "child",
      });
      expect(shown.myList).toEqual({ signedIn: true, list: { kind: "MY_LIST", items: [] } });
      expect(shown.calls.some((call) => call.includes("/v2/lists"))).toBe(false);
    }
  });

  it("gives a menu the role and profile of the audience chosen", async () => {
    const admin = await signedIn("ADMIN");
    const { run } = await preview(admin.cookie, "navbar", "WEB", MENU, "child");
    const data = (await run()).data as PreviewData;
    expect(data.view.type).toBe("menu");
    expect(data.audience).toMatchObject({ name: "child", role: "CUSTOMER", child: true });
    const signedOut = (
      await (await preview(admin.cookie, "navbar", "WEB", MENU, "signedOut")).run()
    ).data as PreviewData;
    expect(signedOut.audience).toMatchObject({ role: "UNAUTHENTICATED", child: false });
  });

  it("stays the admin's: a customer asking for any audience gets 403", async () => {
    const customer = await signedIn("CUSTOMER");
    for (const audience of [undefined, "customer", "guest"] as const) {
      const { run } = await preview(
        customer.cookie,
        "section",
        "audience-probe",
        SECTION,
        audience,
      );
      expect(await thrownStatus(run)).toBe(403);
    }
  });
});
