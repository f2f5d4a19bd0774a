import { createCache } from "../../contract/lru-cache.ts";
import type { RouteSettings } from "./routes.ts";

// Bounded, so a process meeting many realms forgets the oldest and may warn of them again.
const warned = createCache<string, true>({ max: 1_000 });

/** Realm settings that contradict each other, logged once per realm when a route meets them. */
export function warnOfSettings(realm: string, route: string, settings: RouteSettings) {
  if (route === "signup" && !settings.guestsAllowed && !warned.has(`${realm}|signup`)) {
    warned.set(`${realm}|signup`, true);
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "incorrect realm setting",
        realm,
        detail: "signup is used while guestsAllowed is false",
      }),
    );
  }
}
