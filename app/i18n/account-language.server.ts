import type { ActionFunctionArgs } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";

/**
 * A signed-in viewer's account keeps the choice too, so their other devices and the mails they
 * get follow it. The cookie already holds it for this browser: a platform that cannot save it
 * now loses nothing the viewer sees here.
 */
export async function saveLanguageToAccount(
  args: ActionFunctionArgs,
  found: RealmRequest,
  language: string,
) {
  if (!hasAccount(found.viewer)) return;
  try {
    await viewerPlatform(args, found).call("changeLanguage", { body: { language } });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.warn(`language for the account: ${error.message}`);
  }
}
