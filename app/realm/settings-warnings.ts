import type { RouteSettings } from "./routes.ts";

const warned = new Set<string>();

/** Realm settings that contradict each other, logged once per realm when a route meets them. */
export function warnOfSettings(realm: string, route: string, settings: RouteSettings) {
  if (route === "signup" && !settings.guestsAllowed && !warned.has(`${realm}|signup`)) {
    warned.add(`${realm}|signup`);
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
