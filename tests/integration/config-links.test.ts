import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();
const root = path.resolve(import.meta.dirname, "../..");
const refused = /^must be an http:\/\/ or https:\/\/ address, or a path of this site/;
const attacks = ["javascript:alert(1)", "vbscript:x", "JavaScript:alert(1)", "//evil.example"];
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "config-links-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function menuWith(outboundLink: string) {
  const menu = JSON.parse(
    await readFile(path.join(demoRealmsDir, "liga", "menu.json"), "utf8"),
  ) as { items: { data?: Record<string, unknown> }[] };
  menu.items[0] = { ...menu.items[0], type: "OUTBOUND_LINK", data: { outboundLink } } as never;
  return menu;
}

function pageWithSponsor(link: string) {
  return {
    key: "browse",
    title: "Browse",
    layout: "default",
    zones: {
      main: [
        {
          id: "sponsor",
          type: "sponsor",
          name: "Bank",
          imageUrl: "/images/arena/sponsor/northline-bank.webp",
          link,
          displayMode: "SHOW",
        },
      ],
    },
  };
}

async function put(target: string, document: unknown) {
  const { token } = await viewerToken(platform.store, "liga", "ADMIN");
  const res = await platform.api.call("liga", `/api/v2/admin/drafts/${target}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify(document),
  });
  return { status: res.status, body: (await res.json()) as { details: { issues: unknown[] } } };
}

describe("links in config", { timeout: 30_000 }, () => {
  it("a draft with a javascript:, vbscript: or protocol-relative link is refused with a pointer", async () => {
    for (const attack of attacks) {
      const menu = await put("navbar/WEB", await menuWith(attack));
      expect(menu.status, attack).toBe(422);
      expect(menu.body.details.issues).toEqual([
        expect.objectContaining({
          pointer: "/items/0/data/outboundLink",
          message: expect.stringMatching(refused),
        }),
      ]);
      const sponsor = await put("page/browse", pageWithSponsor(attack));
      expect(sponsor.status, attack).toBe(422);
      expect(sponsor.body.details.issues).toEqual([
        expect.objectContaining({
          pointer: "/zones/main/0/link",
          message:
            "zones/main/0 (sponsor 'sponsor'): link must be an http:// or https:// address, or a path of this site starting with / (no other scheme, such as javascript:)",
        }),
      ]);
    }
  });

  it("https:, http: and paths of the site are accepted", async () => {
    for (const link of ["https://bank.example/", "http://bank.example", "/account"]) {
      expect((await put("navbar/WEB", await menuWith(link))).status, link).toBe(200);
      expect((await put("page/browse", pageWithSponsor(link))).status, link).toBe(200);
    }
  });

  it("npm run validate points at the attack in a file", async () => {
    const file = path.join(scratch, "menu.json");
    const text = JSON.stringify(await menuWith("javascript:alert(1)"), null, 2);
    await writeFile(file, text);
    const result = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/validate.ts", file],
      { cwd: root },
    ).then(
      () => ({ code: 0, stdout: "" }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    const before = text.slice(0, text.indexOf('"javascript:')).split("\n");
    expect(result.stdout).toMatch(
      new RegExp(
        `^${file}:${before.length}:${before.at(-1)!.length + 1} /items/0/data/outboundLink must be an http`,
      ),
    );
  });
});
