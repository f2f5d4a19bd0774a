import { afterEach, describe, expect, it, vi } from "vitest";
import { warnOfSettings } from "../../app/realm/settings-warnings.ts";

describe("incorrect realm settings", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs signup in a realm without guests once per realm", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    warnOfSettings("r1", "signup", { guestsAllowed: false } as never);
    warnOfSettings("r1", "signup", { guestsAllowed: false } as never);
    warnOfSettings("r2", "signup", { guestsAllowed: true } as never);
    warnOfSettings("r2", "home", { guestsAllowed: false } as never);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(warn.mock.calls[0]![0] as string)).toMatchObject({
      msg: "incorrect realm setting",
      realm: "r1",
    });
  });
});
