import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Profile, ProfileList } from "../../contract/generated/profiles.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useHydrated } from "../ui/client-state.tsx";
import type { FormAnswer } from "./form-protocol.ts";
import { AccountDialog, Field, FormMessage, useAccountForm } from "./ui.tsx";

/** The hashes that open the picker (spec section 2); sign-in leads to the second one. */
export const PROFILE_HASHES = ["#profiles", "#profilesFromLogin"];

/** One profile: a button that switches to it, asking for the PIN when the platform wants it. */
function ProfileChoice({
  profile,
  active,
  basePath,
  onSwitched,
}: {
  profile: Profile;
  active: boolean;
  basePath: string;
  onSwitched: () => void;
}) {
  const t = useT();
  const { fetcher, hidden, busy, answer } = useAccountForm();
  const needsPin = answer?.field === "pin";
  const handled = useRef<FormAnswer | undefined>(undefined);
  useEffect(() => {
    if (answer?.ok && handled.current !== answer) {
      handled.current = answer;
      onSwitched();
    }
  }, [answer, onSwitched]);
  return (
    <li className="profile-choice">
      <fetcher.Form method="post" action={routeHref(basePath, { name: "profileChange" })}>
        {hidden}
        <input type="hidden" name="intent" value="switch" />
        <input type="hidden" name="profileId" value={profile.id} />
        <button
          type="submit"
          className="profile-button"
          aria-current={active ? "true" : undefined}
          disabled={busy}
        >
          <span className="profile-avatar" aria-hidden="true">
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="profile-name">{profile.name}</span>
          {profile.type === "CHILD" ? (
            <span className="profile-badge">{t("profileKids")}</span>
          ) : null}
          {active ? <span className="profile-badge">{t("profileCurrent")}</span> : null}
          <span className="visually-hidden">, {t("switchToProfile", { name: profile.name })}</span>
        </button>
        {needsPin ? (
          <div className="profile-pin">
            <Field
              name="pin"
              label={t("parentalPin")}
              hint={t("enterPinToSwitch")}
              type="password"
              inputMode="numeric"
              pattern="\d{4}"
              maxLength={4}
              autoComplete="off"
              required
              // The field appears because the viewer asked to switch: it is where they type next.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            />
            <button type="submit" className="button" disabled={busy}>
              {t("switchToProfile", { name: profile.name })}
            </button>
          </div>
        ) : null}
        <FormMessage answer={answer && !answer.ok ? answer : undefined} />
      </fetcher.Form>
    </li>
  );
}

function AddProfile({ basePath }: { basePath: string }) {
  const t = useT();
  const { fetcher, hidden, busy, answer } = useAccountForm();
  return (
    <details className="profile-add">
      <summary>{t("addProfile")}</summary>
      <fetcher.Form method="post" action={routeHref(basePath, { name: "profileChange" })}>
        {hidden}
        <input type="hidden" name="intent" value="create" />
        <Field name="name" label={t("profileName")} maxLength={40} required />
        <div className="account-check">
          <input type="checkbox" id="profile-add-child" name="child" value="1" />
          <label htmlFor="profile-add-child">{t("profileIsChild")}</label>
        </div>
        <FormMessage answer={answer} success={t("profileAdded")} />
        <button type="submit" className="button" disabled={busy}>
          {t("createProfile")}
        </button>
      </fetcher.Form>
    </details>
  );
}

/**
 * The profile picker (spec sections 2 and 4), opened by `#profiles` or `#profilesFromLogin`:
 * choosing a profile switches the session to it and reloads the page's data (realm settings,
 * menu, child font scale). Adults may add profiles up to the realm's limit.
 */
export function ProfilesDialog({
  profiles,
  basePath,
  child,
}: {
  profiles: ProfileList;
  basePath: string;
  child: boolean;
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Closed for this visit of the hash: following a link to it again opens it again.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  if (!hydrated || closedAt === location.key || !PROFILE_HASHES.includes(location.hash)) {
    return null;
  }
  const close = () => {
    setClosedAt(location.key);
    navigate(`${location.pathname}${location.search}`, {
      replace: true,
      preventScrollReset: true,
    });
  };
  // After a switch the page has just reloaded its data (with the toast saying so): only the
  // address loses its hash, as another navigation would load the page, and drop the toast, again.
  const closeSwitched = () => {
    setClosedAt(location.key);
    window.history.replaceState(window.history.state, "", `${location.pathname}${location.search}`);
  };
  return (
    <AccountDialog
      title={t("profilesTitle")}
      dismiss={{ onClose: close }}
      className="profiles-dialog"
    >
      <ul className="profile-list">
        {profiles.profiles.map((profile) => (
          <ProfileChoice
            key={profile.id}
            profile={profile}
            active={profile.id === profiles.activeProfileId}
            basePath={basePath}
            onSwitched={closeSwitched}
          />
        ))}
      </ul>
      {!child && profiles.profiles.length < profiles.maxProfiles ? (
        <AddProfile basePath={basePath} />
      ) : null}
    </AccountDialog>
  );
}
