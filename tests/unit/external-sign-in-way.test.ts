import { describe, expect, it } from "vitest";
import { externalSignInWay } from "../../app/identity/external-sign-in-way.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";

const settings = (providers: RealmSettings["authenticationProviders"]) =>
  ({ authenticationProviders: providers }) as RealmSettings;

describe("the sign-in page's way to the realm's external OpenID provider", () => {
  it("is offered only where an OIDC provider names an issuer and a client", () => {
    expect(externalSignInWay("/realm/liga", settings([{ name: "CREDENTIALS" }]))).toBeNull();
    expect(
      externalSignInWay("/realm/liga", settings([{ name: "OIDC", loginUrl: "https://x.test/" }])),
    ).toBeNull();
    // A GIGYA provider's login page comes first: /login/gigya goes there.
    const both = settings([
      { name: "GIGYA", loginUrl: "https://accounts.example.com/" },
      { name: "OIDC", issuer: "https://id.example.com/", clientId: "web" },
    ]);
    expect(externalSignInWay("/realm/liga", both)).toBeNull();
  });

  it("starts at /login/gigya with where the viewer was going, named by the provider", () => {
    const named = settings([
      { name: "PBR" },
      { name: "OIDC", issuer: "https://id.example.com/", clientId: "web", displayName: "Club ID" },
    ]);
    expect(externalSignInWay("/realm/liga", named, "/news")).toEqual({
      href: "/realm/liga/login/gigya?from=%2Fnews",
      provider: "Club ID",
    });
    const unnamed = settings([{ name: "OIDC", issuer: "https://id.example.com/", clientId: "w" }]);
    expect(externalSignInWay("", unnamed)).toEqual({
      href: "/login/gigya",
      provider: "id.example.com",
    });
  });
});
