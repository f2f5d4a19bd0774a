/** Request and answer headers of the platform contract (spec section 7), for both sides. */
export const HEADERS = {
  apiKey: "X-Api-Key",
  app: "App",
  appVersion: "X-App-Version",
  /** base64url JSON answer to a proof-of-work challenge (contract/challenge.ts). */
  challengeInput: "X-Challenge-Input",
  /**
   * The viewer's address as a web tier vouches for it: `{address} {unix seconds} {signature}`
   * (server/client-address.ts). Trusted only when signed with the shared session secret.
   */
  clientAddress: "X-Client-Address",
  deviceId: "X-Device-Id",
  /**
   * From a page's answer to the web server only (removed before it leaves): the https origin the
   * page frames (an external page), which the answer's Content-Security-Policy then allows.
   */
  frameSource: "X-Frame-Source",
  realm: "Realm",
  replacementAuthorisation: "Replacementauthorisation",
  requestId: "X-Request-Id",
  /** The platform's verdict on the viewer's connection, on every realm-scoped answer. */
  vpnStatus: "X-Vpn-Status",
} as const;
