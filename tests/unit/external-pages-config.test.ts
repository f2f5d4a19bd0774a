import { describe, expect, it } from "vitest";
import path from "node:path";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { readFolder } from "../../platform/realm-config/read-files.ts";
import { validateRealmFolder } from "../../platform/realm-config/realm-folder.ts";

/** Liga's folder with its realm settings and menu changed as `change` says. */
async function ligaWith(change: (realm: Json, menu: Json) => void) {
  const files = await readFolder(path.join(demoRealmsDir, "liga"));
  const realm = JSON.parse(files.get("realm.json") as string) as Json;
  const menu = JSON.parse(files.get("menu.json") as string) as Json;
  change(realm, menu);
  files.set("realm.json", JSON.stringify(realm, null, 2));
  files.set("menu.json", JSON.stringify(menu, null, 2));
  return validateRealmFolder({ name: "liga", files });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- config documents, edited freely
type Json = Record<string, any>;

const pages = (realm: Json) => realm.settings.externalPages as Json;
const issuesOf = (report: Awaited<ReturnType<typeof ligaWith>>) =>
  report.issues.map(({ file, pointer, message, severity }) => ({
    file,
    pointer,
    message,
    severity,
  }));

describe("external pages in realm config", () => {
  it("the demo realms name external pages their menus open, with nothing to say", async () => {
    const report = await ligaWith(() => {});
    expect(report.issues).toEqual([]);
    expect(report.config?.realm.settings.externalPages?.regulamento?.display).toBe("FRAME");
  });

  it("a menu item naming a page the realm does not have is an error at its pointer", async () => {
    const report = await ligaWith((_realm, menu) => {
      const more = (menu.items as Json[]).find((item) => item.type === "FOLDER")!;
      const rules = (more.items as Json[]).find((item) => item.data?.view === "external")!;
      rules.data.externalPage = "regras";
    });
    expect(issuesOf(report)).toContainEqual(
      expect.objectContaining({
        file: "menu.json",
        pointer: expect.stringMatching(/^\/items\/\d+\/items\/\d+\/data\/externalPage$/),
        message: "no external page is named 'regras' in settings.externalPages (regulamento)",
      }),
    );
    expect(report.config).toBeUndefined();
  });

  it("a title lacking a realm language is a warning; a language the realm lacks an error", async () => {
    const lacking = await ligaWith((realm) => {
      delete pages(realm).regulamento.title.es;
    });
    expect(issuesOf(lacking)).toEqual([
      expect.objectContaining({
        file: "realm.json",
        pointer: "/settings/externalPages/regulamento/title",
        severity: "warning",
      }),
    ]);
    const foreign = await ligaWith((realm) => {
      pages(realm).regulamento.description.fr = "Les règles";
    });
    expect(issuesOf(foreign)).toContainEqual(
      expect.objectContaining({
        pointer: "/settings/externalPages/regulamento/description/fr",
        message: "'fr' is not one of settings.realmLanguages (pt, es, en)",
      }),
    );
  });

  it("refuses an address that is not https or a path of this site, and a name that is no path segment", async () => {
    for (const url of ["http://rules.example.com", "javascript:alert(1)", "//evil.test/x"]) {
      const report = await ligaWith((realm) => {
        pages(realm).regulamento.url = url;
      });
      expect(issuesOf(report), url).toContainEqual(
        expect.objectContaining({
          pointer: "/settings/externalPages/regulamento/url",
          message: expect.stringContaining("must be an https:// address or a path of this site"),
        }),
      );
    }
    const badName = await ligaWith((realm) => {
      pages(realm)["Regras/../x"] = pages(realm).regulamento;
    });
    expect(badName.config).toBeUndefined();
  });
});
