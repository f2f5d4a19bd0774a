import type { HeadersFunction } from "@remix-run/node";
import { giftsAction, giftsLoader } from "../gifts/gifts.server.ts";
import { GiftsScreen } from "../gifts/GiftsScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import giftStyles from "../styles/gifts.css?url";

/** `/gifts`: buying a gift (spec section 2; realms whose `gifting` is ENABLED). */
export const loader = giftsLoader;
export const action = giftsAction;
export const meta = identityMeta("giftsTitle");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: giftStyles }];
export default GiftsScreen;
