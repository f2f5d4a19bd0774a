/**
 * The answer of the web app's own JSON routes (the player's, the promo card's): never stored by
 * any cache, with the device cookie when the request just got one. A null body is an empty
 * answer (204).
 */
export function jsonAnswer(body: unknown, status: number, setCookie?: string): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return body === null
    ? new Response(null, { status, headers })
    : Response.json(body, { status, headers });
}
