import { HEADERS } from "../../contract/headers.ts";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import { PlatformError } from "../api-client/client.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { platformClient } from "../api-client/platform.server.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { readChoices } from "./cookies.server.ts";
import { noticesFor, type Notices, type VpnStatus } from "./notices.ts";
import { isAndroid, isOutdatedBrowser } from "./user-agent.ts";

/**
 * The notices of a request, for the root loader: the realm's settings (from its shell), the
 * visitor's remembered choices, the browser, the viewer's role and, when the edge gave a
 * verdict on the viewer's network, what the platform makes of it.
 */
export async function loadNotices(
  request: Request,
  context: PlatformLoadContext,
  found: Pick<RealmRequest, "realm" | "shell" | "viewer"> | null,
): Promise<Notices> {
  const userAgent = request.headers.get("User-Agent");
  if (!found) return noticesFor({ userAgent });
  const [vpn, choices] = await Promise.all([
    vpnStatus(context, found.realm),
    readChoices(request, context, found.realm.realm),
  ]);
  return noticesFor({
    userAgent,
    realm: { settings: found.shell.settings, choices, vpn, role: found.viewer.role },
  });
}

/**
 * What the platform says of the viewer's network. Only a request that carries the edge's
 * verdict asks (passing the verdict on); the answer is in the `X-Vpn-Status` header.
 */
async function vpnStatus(
  context: PlatformLoadContext,
  realm: RealmLookup,
): Promise<VpnStatus | null> {
  const edgeHeaders = context.edgeHeaders ?? {};
  if (Object.keys(edgeHeaders).length === 0) return null;
  let status: VpnStatus | null = null;
  try {
    await platformClient(context, { realm }).get("/v1/realm", {
      headers: edgeHeaders,
      onHeaders(headers) {
        const value = headers.get(HEADERS.vpnStatus);
        status = value === "detected" || value === "blocked" ? value : null;
      },
    });
  } catch (error) {
    // A verdict the platform cannot read is the edge's misconfiguration, not the viewer's
    // fault: it is logged, and the page is served without a VPN notice.
    if (!(error instanceof PlatformError) || error.code !== "INVALID_VPN_HEADER") throw error;
    console.error(
      JSON.stringify({ level: "error", msg: "VPN verdict refused", error: error.message }),
    );
  }
  return status;
}

/**
 * Whether a response's notices depend on more than its cookies and language: the browser (the
 * Android banner, the out-of-date browser prompt) or the edge's verdict. Such pages must not
 * be kept by a shared cache, which would serve them to everyone.
 */
export function noticesDependOnRequest(
  request: Request,
  context: Pick<PlatformLoadContext, "edgeHeaders">,
): boolean {
  const userAgent = request.headers.get("User-Agent");
  return (
    isAndroid(userAgent) ||
    isOutdatedBrowser(userAgent) ||
    Object.keys(context.edgeHeaders ?? {}).length > 0
  );
}
