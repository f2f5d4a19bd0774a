import { sendsEmailIdentity, type EmailIdentity } from "../../contract/analytics-events.ts";

/** Who the analytics events are from (spec section 4, "Analytics user"). */
export interface AnalyticsUserInput {
  id: string;
  /** Guests and anonymous viewers are never identified. */
  kind: "customer" | "guest" | "anonymous";
  email?: string;
  /** The account's main profile is the acting one (always so without profiles). */
  mainProfile: boolean;
}

export interface AnalyticsIdentity {
  login(user: { id: string; email?: string }): void | Promise<void>;
  logout(): void | Promise<void>;
}

/**
 * Keeps the analytics identity in step with the viewer: guests and anonymous viewers are
 * ignored; a changed identifier logs the old identity out and the new one in; an unset viewer
 * (`null`) logs out. The e-mail goes along only when the realm configures the e-mail identity
 * and either it covers all profiles or the main profile is acting. A failing login or logout
 * is logged and swallowed: analytics never breaks a page.
 */
export class AnalyticsUser {
  private current: string | null = null;

  constructor(
    private readonly identity: AnalyticsIdentity,
    private readonly emailIdentity: EmailIdentity,
    private readonly log: (message: string, error: unknown) => void = (message, error) =>
      console.warn(message, error),
  ) {}

  get id(): string | null {
    return this.current;
  }

  async update(user: AnalyticsUserInput | null): Promise<void> {
    if (user === null) {
      if (this.current !== null) await this.logout();
      return;
    }
    if (user.kind !== "customer" || user.id === this.current) return;
    if (this.current !== null) await this.logout();
    const sendEmail =
      user.email !== undefined && sendsEmailIdentity(this.emailIdentity, user.mainProfile);
    this.current = user.id;
    try {
      await this.identity.login(sendEmail ? { id: user.id, email: user.email } : { id: user.id });
    } catch (error) {
      this.log("analytics login failed", error);
    }
  }

  private async logout(): Promise<void> {
    this.current = null;
    try {
      await this.identity.logout();
    } catch (error) {
      this.log("analytics logout failed", error);
    }
  }
}
