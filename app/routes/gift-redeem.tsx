import type { HeadersFunction } from "@remix-run/node";
import { redeemGiftAction, redeemGiftLoader } from "../gifts/gifts.server.ts";
import { RedeemGiftScreen } from "../gifts/RedeemGiftScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import giftStyles from "../styles/gifts.css?url";

/** `/gifts/redeem?code=`: checking and redeeming a gift code (spec section 2). */
export const loader = redeemGiftLoader;
export const action = redeemGiftAction;
export const meta = identityMeta("giftRedeemTitle");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: giftStyles }];
export default RedeemGiftScreen;
