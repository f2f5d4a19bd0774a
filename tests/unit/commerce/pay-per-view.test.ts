import { describe, expect, it } from "vitest";
import type { Licence } from "../../../schemas/generated/licence.ts";
import { licencesOpening, opens, passesFor } from "../../../platform/commerce/pay-per-view.ts";
import { crossReferenceIssues } from "../../../platform/realm-config/cross-references.ts";
import { loadRealmConfigs } from "../../../platform/realm-config/load-realms.ts";
import { demoRealmsDir } from "../../../platform/seed/config.ts";

const price = [{ amount: 499, scale: 2, currency: "EUR", local: false, default: true }];
const subscription: Licence = {
  id: "MONTHLY",
  name: "Monthly",
  kind: "SUBSCRIPTION",
  purchaseStrategy: { subscriptionPeriod: "MONTHLY" },
  grants: ["ALL_ACCESS"],
  amounts: price,
};
const finalPass: Licence = {
  id: "FINAL_PASS",
  name: "Final",
  kind: "PAY_PER_VIEW",
  content: [{ type: "EVENT", key: "final" }],
  amounts: price,
};
const licences = [subscription, finalPass];
const final = { type: "EVENT" as const, key: "final", licence: "ALL_ACCESS" };
const semi = { type: "EVENT" as const, key: "semi", licence: "ALL_ACCESS" };

describe("pay-per-view entitlement", () => {
  it("the pass for event X opens X and nothing else", () => {
    const held = new Set(["FINAL_PASS"]);
    expect(opens(licences, final, held)).toBe(true);
    expect(opens(licences, semi, held)).toBe(false);
    // A video with the same key is another item.
    expect(opens(licences, { ...final, type: "VIDEO" }, held)).toBe(false);
  });

  it("a subscription granting what the item needs opens everything, the pass's event included", () => {
    const held = new Set(["ALL_ACCESS"]);
    expect(opens(licences, final, held)).toBe(true);
    expect(opens(licences, semi, held)).toBe(true);
  });

  it("holding nothing opens only open content", () => {
    expect(opens(licences, final, new Set())).toBe(false);
    expect(opens(licences, { ...semi, licence: null }, new Set())).toBe(true);
    expect(licencesOpening(licences, { ...final, licence: null })).toEqual([]);
  });

  it("only PAY_PER_VIEW licences naming the item are passes for it", () => {
    const named = {
      ...subscription,
      id: "ODD",
      content: [{ type: "EVENT" as const, key: "final" }],
    };
    expect(passesFor([...licences, named], final).map((l) => l.id)).toEqual(["FINAL_PASS"]);
    expect(licencesOpening(licences, final)).toEqual(["ALL_ACCESS", "FINAL_PASS"]);
  });
});

describe("pay-per-view config", async () => {
  const configs = await loadRealmConfigs(demoRealmsDir);
  const liga = configs.find((c) => c.name === "liga")!;
  const withPass = (
    content: NonNullable<Licence["content"]>,
    kind: Licence["kind"] = "PAY_PER_VIEW",
  ) => {
    const licences = (liga.realm.licences ?? []).map((l) =>
      l.id === "LIGA_FINAL_PASS" ? { ...l, kind, content } : l,
    );
    return crossReferenceIssues({ ...liga, realm: { ...liga.realm, licences } }).filter((i) =>
      i.pointer.includes("/content"),
    );
  };
  const passIndex = (liga.realm.licences ?? []).findIndex((l) => l.id === "LIGA_FINAL_PASS");

  it("the demo realms' passes name content they have", () => {
    for (const config of configs) {
      expect(crossReferenceIssues(config).filter((i) => i.pointer.includes("/content"))).toEqual(
        [],
      );
    }
  });

  it("reports content that is not in the realm, another realm's included, and open content", () => {
    expect(
      withPass([
        { type: "EVENT", key: "no-such-final" },
        { type: "EVENT", key: "afc-fight-night-89-main-card" },
        { type: "VIDEO", key: "copa-final-estadio-nacional" },
        { type: "EVENT", key: "r35-porto-real-x-atlantico" },
      ]),
    ).toEqual([
      {
        file: "realm.json",
        pointer: `/licences/${passIndex}/content/0/key`,
        message: "no event of this realm has the key 'no-such-final'",
      },
      {
        file: "realm.json",
        pointer: `/licences/${passIndex}/content/1/key`,
        message: "no event of this realm has the key 'afc-fight-night-89-main-card'",
      },
      {
        file: "realm.json",
        pointer: `/licences/${passIndex}/content/2/key`,
        message: "no video of this realm has the key 'copa-final-estadio-nacional'",
      },
      {
        file: "realm.json",
        pointer: `/licences/${passIndex}/content/3/key`,
        message:
          "the event 'r35-porto-real-x-atlantico' needs no licence, so a pass for it sells nothing",
      },
    ]);
  });

  it("reports content on a licence that is not a pass, and ids written in config", () => {
    expect(
      withPass([{ type: "EVENT", key: "copa-final-estadio-nacional", id: 3 }], "SUBSCRIPTION"),
    ).toEqual([
      {
        file: "realm.json",
        pointer: `/licences/${passIndex}/content`,
        message: "only a PAY_PER_VIEW licence names content",
      },
      {
        file: "realm.json",
        pointer: `/licences/${passIndex}/content/0`,
        message: "id and title are answered by the platform; leave them out",
      },
    ]);
  });
});
