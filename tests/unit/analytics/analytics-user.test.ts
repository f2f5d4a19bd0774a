import { describe, expect, it } from "vitest";
import type { EmailIdentity } from "../../../contract/analytics-events.ts";
import { AnalyticsUser } from "../../../app/analytics/analytics-user.ts";

function harness(emailIdentity: EmailIdentity = "NONE", fail = false) {
  const calls: string[] = [];
  const logged: string[] = [];
  const user = new AnalyticsUser(
    {
      login: ({ id, email }) => {
        calls.push(`login ${id}${email ? ` ${email}` : ""}`);
        if (fail) throw new Error("down");
      },
      logout: () => {
        calls.push("logout");
        if (fail) return Promise.reject(new Error("down"));
      },
    },
    emailIdentity,
    (message) => logged.push(message),
  );
  return { user, calls, logged };
}

const customer = (id: string, extra: { email?: string; mainProfile?: boolean } = {}) => ({
  id,
  kind: "customer" as const,
  mainProfile: extra.mainProfile ?? true,
  email: extra.email,
});

describe("analytics user (spec section 4)", () => {
  it("ignores guests and anonymous viewers", async () => {
    const { user, calls } = harness();
    await user.update({ id: "g", kind: "guest", mainProfile: true });
    await user.update({ id: "a", kind: "anonymous", mainProfile: true });
    expect(calls).toEqual([]);
    expect(user.id).toBeNull();
  });

  it("logs a customer in once, the old identity out and the new in on a change, and out when unset", async () => {
    const { user, calls } = harness();
    await user.update(customer("1"));
    await user.update(customer("1"));
    await user.update(customer("2"));
    await user.update(null);
    await user.update(null);
    expect(calls).toEqual(["login 1", "logout", "login 2", "logout"]);
  });

  it("sends the e-mail only when configured, for all profiles or from the main profile", async () => {
    const cases: [EmailIdentity, boolean, string][] = [
      ["NONE", true, "login 1"],
      ["MAIN_PROFILE", true, "login 1 a@b.c"],
      ["MAIN_PROFILE", false, "login 1"],
      ["ALL_PROFILES", false, "login 1 a@b.c"],
    ];
    for (const [setting, mainProfile, expected] of cases) {
      const { user, calls } = harness(setting);
      await user.update(customer("1", { email: "a@b.c", mainProfile }));
      expect(calls, `${setting} ${mainProfile}`).toEqual([expected]);
    }
  });

  it("logs and swallows failing logins and logouts", async () => {
    const { user, calls, logged } = harness("NONE", true);
    await expect(user.update(customer("1"))).resolves.toBeUndefined();
    await expect(user.update(null)).resolves.toBeUndefined();
    expect(calls).toEqual(["login 1", "logout"]);
    expect(logged).toEqual(["analytics login failed", "analytics logout failed"]);
  });
});
