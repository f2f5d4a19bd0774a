import { describe, expect, it } from "vitest";
import {
  ANALYTICS_MESSAGES,
  analyticsEventProblem,
  analyticsEventsOf,
} from "../../../contract/analytics-events.ts";

const play = { name: "play", type: "MEDIA", route: "VOD 7", at: 1 };

describe("analytics event validation (spec section 8's messages)", () => {
  it("accepts a well-formed event", () => {
    expect(analyticsEventProblem(play)).toBeNull();
    expect(
      analyticsEventProblem({
        ...play,
        attributes: { contentId: "7" },
        position: { latitude: 1.5, longitude: -3 },
        integrationId: 12,
      }),
    ).toBeNull();
  });

  it.each([
    [{ ...play, name: 7 }, ANALYTICS_MESSAGES.name],
    [{ ...play, name: undefined }, ANALYTICS_MESSAGES.name],
    [{ ...play, name: "teleport" }, ANALYTICS_MESSAGES.type],
    [{ ...play, type: "SEARCH" }, ANALYTICS_MESSAGES.type],
    [{ ...play, position: { latitude: 1 } }, ANALYTICS_MESSAGES.position],
    [{ ...play, position: { latitude: "1", longitude: 2 } }, ANALYTICS_MESSAGES.position],
    [{ ...play, integrationId: "12" }, ANALYTICS_MESSAGES.integrationId],
    [{ ...play, attributes: { contentId: 7 } }, ANALYTICS_MESSAGES.attributes],
    [{ ...play, attributes: ["a"] }, ANALYTICS_MESSAGES.attributes],
    [{ ...play, name: "purchaseStarted", type: "TRANSACTION" }, ANALYTICS_MESSAGES.purchase],
    [
      { ...play, name: "purchaseCompleted", type: "TRANSACTION", attributes: { sku: "m" } },
      ANALYTICS_MESSAGES.purchase,
    ],
  ])("refuses %j with its message", (event, message) => {
    expect(analyticsEventProblem(event as Record<string, unknown>)).toBe(message);
  });

  it("words the messages as the spec does", () => {
    expect(Object.values(ANALYTICS_MESSAGES)).toEqual([
      "Event name must be a string",
      "Invalid event type",
      "Position latitude and longitude must both be numbers",
      "integrationId must be a number",
      "Keys and attribute values must be strings",
      "BadLogPurchase",
      "Invalid configuration",
    ]);
  });

  it("takes the realm's configured events, and calls anything else an invalid configuration", () => {
    const ok = analyticsEventsOf(["play", "navigation"]);
    expect("events" in ok && [...ok.events]).toEqual(["play", "navigation"]);
    for (const bad of [undefined, "play", ["play", "teleport"], [1]]) {
      expect(analyticsEventsOf(bad)).toEqual({ problem: ANALYTICS_MESSAGES.configuration });
    }
  });
});
