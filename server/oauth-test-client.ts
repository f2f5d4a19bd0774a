import { Hono } from "hono";
import { html } from "hono/html";
import { DEMO_CALLBACK_PATH, DEMO_SIGNED_OUT_PATH } from "../platform/seed/demo-oauth-clients.ts";

/**
 * The demo OAuth app's redirect target (README, "OAuth"). It stands for another party's app,
 * not for a page of this product, so it is plain and in English: it shows the code and state
 * the browser arrived with, for a person or a test to exchange at the token endpoint.
 */
export const oauthTestClient = new Hono();

oauthTestClient.get(DEMO_CALLBACK_PATH, (c) => {
  const code = c.req.query("code") ?? "";
  const state = c.req.query("state") ?? "";
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="robots" content="noindex" />
          <title>Demo TV app</title>
        </head>
        <body>
          <main>
            <h1>Demo TV app</h1>
            <dl>
              <dt>code</dt>
              <dd data-testid="code">${code}</dd>
              <dt>state</dt>
              <dd data-testid="state">${state}</dd>
            </dl>
          </main>
        </body>
      </html>`,
  );
});

/** Where the demo app is sent back after an OpenID Connect sign-out, with its `state`. */
oauthTestClient.get(DEMO_SIGNED_OUT_PATH, (c) => {
  const state = c.req.query("state") ?? "";
  c.header("Cache-Control", "no-store");
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="robots" content="noindex" />
          <title>Demo TV app</title>
        </head>
        <body>
          <main>
            <h1>Signed out</h1>
            <p data-testid="state">${state}</p>
          </main>
        </body>
      </html>`,
  );
});
