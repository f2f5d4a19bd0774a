import { SESSION_COOKIE } from "../app/session/session.server.ts";

const PRIVATE = "private, no-store";
const SESSION = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/**
 * Marks a web answer `private, no-store` unless it is a page deliberately shared: an answer to
 * a request carrying the session cookie, or one that sets a cookie, is this viewer's alone
 * (signed stream URLs, reset links, CSRF and challenge state), and an answer that says nothing
 * about caching is treated as personal too. Only pages for anonymous viewers that declare
 * themselves cacheable (server/page-cache.ts) keep their own Cache-Control.
 */
export function keepPersonalAnswerPrivate(
  request: Request,
  response: Response,
  { sharedAs }: { sharedAs?: string } = {},
): void {
  const personal =
    // A guest's session that the host vouched for as shared (decision 019) leaves the page's
    // own header for the in-process cache to read; the answer is marked private on its way out.
    (sharedAs === undefined && SESSION.test(request.headers.get("Cookie") ?? "")) ||
    response.headers.has("Set-Cookie") ||
    !response.headers.has("Cache-Control");
  if (personal) response.headers.set("Cache-Control", PRIVATE);
}

/**
 * An answer shared by the host's own cache among viewers of one class (decision 019), on its
 * way to one of them: for the browser and anything between, it carries a session.
 */
export function privateOnTheWayOut(response: Response): Response {
  try {
    response.headers.set("Cache-Control", PRIVATE);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", PRIVATE);
    return copy;
  }
}
