import type { PromoNotifications } from "../../contract/generated/promo-notifications.ts";
import { safeLinkUrl } from "../ui/links.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { realmPaths } from "../realm/links.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { deviceIdOf } from "./cookies.server.ts";
import type { PromoView } from "./PromoNotification.tsx";
import { readForm } from "../realm/form-body.server.ts";
import { contentId } from "../realm/content-id.ts";

function problem(status: number, code: string, message: string, setCookie?: string) {
  return jsonAnswer({ status, code, messages: [message] }, status, setCookie);
}

/** The platform client for this viewer and device: the viewer's token when signed in. */
async function viewerPlatform(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { realm, viewer, basePath } = await requireRealmRequest(args);
  const device = await deviceIdOf(args.request, args.context);
  return {
    basePath,
    platform: platformClient(args.context, {
      realm,
      deviceId: device.deviceId,
      token: viewer.token,
    }),
    signedIn: viewer.token !== undefined,
    setCookie: device.setCookie,
  };
}

function failure(error: unknown, setCookie?: string): Response {
  if (!(error instanceof PlatformError)) throw error;
  console.error(`promo notification: ${error.message}`);
  const status = error.status >= 400 && error.status < 600 ? error.status : 502;
  return problem(status, error.code, error.messages[0] ?? "The platform failed", setCookie);
}

/**
 * `GET {realm}/promo-notification`: the one promo notification to offer now, or null,
 * as the platform answers for this viewer or device (a device id cookie is made if needed).
 */
export async function promoNotificationLoader(args: LoaderFunctionArgs): Promise<Response> {
  const scope = await viewerPlatform(args);
  try {
    const { promoNotifications } = await scope.platform.call("promoNotifications", {
      query: { maxNotifications: 1 },
    });
    const [first] = promoNotifications;
    return jsonAnswer(
      { promoNotification: first ? toView(first, scope.basePath) : null },
      200,
      scope.setCookie,
    );
  } catch (error) {
    return failure(error, scope.setCookie);
  }
}

/** `POST {realm}/promo-notification` with `id`: the viewer dismissed it. */
export async function dismissPromoAction(args: ActionFunctionArgs): Promise<Response> {
  const { request } = args;
  if (request.method !== "POST") return problem(405, "METHOD_NOT_ALLOWED", "Only POST is allowed");
  let id: FormDataEntryValue | null;
  try {
    id = (await readForm(request)).get("id");
  } catch {
    return problem(400, "INVALID_BODY", "The body must be a form with 'id'");
  }
  if (contentId(id) === null) {
    return problem(400, "INVALID_BODY", "'id' must be a promo notification id");
  }
  const scope = await viewerPlatform(args);
  try {
    await scope.platform.put(`/v2/promo-notification/${id}`, undefined, { auth: scope.signedIn });
    return jsonAnswer({ ok: true }, 200, scope.setCookie);
  } catch (error) {
    return failure(error, scope.setCookie);
  }
}

/** What the card needs: the link made a URL of this realm, or dropped when unsafe. */
function toView(
  notification: PromoNotifications["promoNotifications"][number],
  basePath: string,
): PromoView {
  const { link } = notification;
  return {
    id: notification.id,
    title: notification.title,
    description: notification.description,
    image: notification.image,
    cta: notification.cta,
    href:
      "linkUrl" in link
        ? safeLinkUrl(link.linkUrl)
        : realmPaths(basePath).content({
            type: link.contentLink.type,
            id: link.contentLink.contentId,
          }),
    openInNewTab: notification.openInNewTab,
  };
}
