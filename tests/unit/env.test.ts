import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../server/env.ts";

describe("environment", () => {
  it("needs nothing: embedded store in ./data on port 3000", () => {
    expect(loadEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      DATABASE_URL: undefined,
      API_BASE_URL: undefined,
      SEED_DEMO: true,
    });
  });

  it("sends email only with SMTP_URL, from MAIL_FROM", () => {
    expect(loadEnv({})).toMatchObject({ SMTP_URL: undefined, MAIL_FROM: "no-reply@localhost" });
    expect(
      loadEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Liga <tv@liga.test>" }),
    ).toMatchObject({
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      MAIL_FROM: "Liga <tv@liga.test>",
    });
  });

  it("uses Redis for cache invalidation only with REDIS_URL", () => {
    expect(loadEnv({}).REDIS_URL).toBeUndefined();
    expect(loadEnv({ REDIS_URL: "redis://cache:6379" }).REDIS_URL).toBe("redis://cache:6379");
  });

  it("reads the edge's VPN header name when given", () => {
    expect(loadEnv({}).VPN_HEADER).toBeUndefined();
    expect(loadEnv({ VPN_HEADER: "X-Edge-Vpn" }).VPN_HEADER).toBe("X-Edge-Vpn");
  });

  it("reads the edge's territory header and the media signing secret when given", () => {
    expect(loadEnv({})).toMatchObject({
      TERRITORY_HEADER: undefined,
      MEDIA_SIGNING_SECRET: undefined,
    });
    const secret = "m".repeat(32);
    expect(
      loadEnv({ TERRITORY_HEADER: "X-Edge-Country", MEDIA_SIGNING_SECRET: secret }),
    ).toMatchObject({ TERRITORY_HEADER: "X-Edge-Country", MEDIA_SIGNING_SECRET: secret });
  });

  it("bounds every wait for PostgreSQL, 5 s by default for connections and statements", () => {
    expect(loadEnv({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 5_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
      DATABASE_IDLE_TIMEOUT_MS: 30_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
    });
    expect(
      loadEnv({
        DATABASE_CONNECT_TIMEOUT_MS: "2000",
        DATABASE_STATEMENT_TIMEOUT_MS: "15000",
        DATABASE_IDLE_TIMEOUT_MS: "60000",
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "10000",
      }),
    ).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 2_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_IDLE_TIMEOUT_MS: 60_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
    });
  });

  it("trusts no proxy unless TRUST_PROXY names how many there are", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it.each([
    [{ PORT: "http" }, /PORT/],
    [{ TRUST_PROXY: "true" }, /TRUST_PROXY must be the number of proxies/],
    [{ TRUST_PROXY: "-1" }, /TRUST_PROXY must be the number of proxies/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "5s" }, /DATABASE_STATEMENT_TIMEOUT_MS must be a whole/],
    [{ DATABASE_CONNECT_TIMEOUT_MS: "0" }, /DATABASE_CONNECT_TIMEOUT_MS must be a whole/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ API_BASE_URL: "not a url" }, /API_BASE_URL/],
    [{ NODE_ENV: "staging" }, /NODE_ENV/],
    [{ SMTP_URL: "mail.example.com" }, /SMTP_URL/],
    [{ MAIL_FROM: "not an address" }, /MAIL_FROM/],
    [{ REDIS_URL: "cache:6379" }, /REDIS_URL must look like redis:\/\//],
    [{ PUBLIC_URL: "https://watch.example.com/path" }, /PUBLIC_URL/],
    [{ TOKEN_SECRET: "short" }, /TOKEN_SECRET must be at least 32/],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET must be at least 32/],
    [{ API_BASE_URL: "http://platform:3000" }, /SESSION_SECRET is required with API_BASE_URL/],
    [{ SEED_DEMO: "maybe" }, /boolean/],
    [{ VPN_HEADER: "X Vpn" }, /VPN_HEADER must be an HTTP header name/],
    [{ VPN_HEADER: "X-Device-Id" }, /VPN_HEADER must not be a header of the platform contract/],
    [{ TERRITORY_HEADER: "X Country" }, /TERRITORY_HEADER must be an HTTP header name/],
    [{ TERRITORY_HEADER: "Realm" }, /TERRITORY_HEADER must not be a header of the platform/],
    [{ MEDIA_SIGNING_SECRET: "short" }, /MEDIA_SIGNING_SECRET must be at least 32/],
  ])("stops on %j with a clear line", (env, message) => {
    expect(() => loadEnv(env)).toThrow(EnvError);
    expect(() => loadEnv(env)).toThrow(message);
  });
});
