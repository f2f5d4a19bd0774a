import { ApiError } from "./errors.ts";

/**
 * The platform cannot tell a VPN from any other address. An edge proxy that can (a CDN or a
 * VPN-detection service in front of it) classifies each viewer request and writes its verdict
 * in a trusted request header, whose name the platform reads from `VPN_HEADER`. The edge must
 * overwrite whatever a client sent in that header.
 *
 * | verdict            | meaning                                                        |
 * | ------------------ | -------------------------------------------------------------- |
 * | absent, `` `none`  | not a VPN as far as the edge knows                             |
 * | `vpn`              | a VPN or anonymising proxy                                     |
 * | `blocked`          | a VPN the edge's policy refuses outright (e.g. a known abuser) |
 */
export type VpnVerdict = "none" | "vpn" | "blocked";

/** What the platform tells the client about the viewer's network, in `X-Vpn-Status`. */
export type VpnStatus = "detected" | "blocked";

const VERDICTS: readonly VpnVerdict[] = ["none", "vpn", "blocked"];

/** The edge's verdict; a value outside the vocabulary is a 400 naming the header. */
export function readVpnVerdict(header: string, value: string | undefined): VpnVerdict {
  const verdict = (value ?? "").trim().toLowerCase() || "none";
  if (!VERDICTS.includes(verdict as VpnVerdict)) {
    throw new ApiError(
      400,
      "INVALID_VPN_HEADER",
      `The ${header} header must be one of ${VERDICTS.join(", ")}, got '${value!.slice(0, 40)}'`,
    );
  }
  return verdict as VpnVerdict;
}

/**
 * The realm's policy applied to the verdict: a realm that allows VPNs (`vpnAllowed` not false)
 * flags nobody. Otherwise a VPN viewer is `detected` (the web app shows vpnErrorMessage with
 * a log-out action) and one the edge refuses is `blocked` (the web app shows only a blocking
 * message).
 */
export function vpnStatus(
  verdict: VpnVerdict,
  settings: { vpnAllowed?: unknown },
): VpnStatus | undefined {
  if (settings.vpnAllowed !== false || verdict === "none") return undefined;
  return verdict === "blocked" ? "blocked" : "detected";
}
