import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useId } from "react";
import type { ConsentPromptField } from "../../contract/generated/consent-prompt.ts";
import type { ParentalControl } from "../../contract/generated/parental-control.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import type { PlaybackChoices } from "./playback-choices.ts";
import { AccountDialog, Field, FormMessage, useAccountForm } from "./ui.tsx";

/** The current page without the `preferences` flag: where closing the dialog goes. */
function useCloseHref() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.delete("preferences");
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

function ParentalControlForm({ state, action }: { state: ParentalControl; action: string }) {
  const t = useT();
  const { fetcher, hidden, busy, answer } = useAccountForm();
  return (
    <fetcher.Form method="post" action={action} className="preferences-form">
      {hidden}
      <input type="hidden" name="intent" value="parental" />
      <div className="account-check">
        <input
          type="checkbox"
          id="parental-restricted"
          name="restricted"
          value="1"
          defaultChecked={state.status === "RESTRICTED"}
        />
        <label htmlFor="parental-restricted">{t("restrictChildProfiles")}</label>
      </div>
      <Field
        name="pin"
        label={state.pinSet ? t("parentalPin") : t("newPin")}
        hint={t("pinFormat")}
        type="password"
        inputMode="numeric"
        pattern="\d{4}"
        maxLength={4}
        autoComplete={state.pinSet ? "current-password" : "new-password"}
        required
        error={answer?.field === "pin" ? t(answer.error ?? "pinRequired") : null}
      />
      <FormMessage
        answer={answer?.field ? undefined : answer}
        success={t("parentalControlSaved")}
      />
      <button type="submit" className="button" disabled={busy}>
        {t("saveParentalControl")}
      </button>
    </fetcher.Form>
  );
}

function ChangePinForm({ action }: { action: string }) {
  const t = useT();
  const { fetcher, hidden, busy, answer } = useAccountForm();
  const reset = useAccountForm();
  return (
    <>
      <fetcher.Form method="post" action={action} className="preferences-form">
        {hidden}
        <input type="hidden" name="intent" value="pin" />
        <Field
          name="currentPin"
          label={t("currentPin")}
          type="password"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          autoComplete="current-password"
          required
          error={answer?.field === "currentPin" ? t(answer.error ?? "wrongPin") : null}
        />
        <Field
          name="pin"
          label={t("newPin")}
          hint={t("pinFormat")}
          type="password"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          autoComplete="new-password"
          required
          error={answer?.field === "pin" ? t(answer.error ?? "pinRequired") : null}
        />
        <FormMessage answer={answer?.field ? undefined : answer} success={t("pinSaved")} />
        <button type="submit" className="button" disabled={busy}>
          {t("savePin")}
        </button>
      </fetcher.Form>
      <reset.fetcher.Form method="post" action={action} className="preferences-form">
        {reset.hidden}
        <input type="hidden" name="intent" value="pin-reset" />
        <button type="submit" className="link-button" disabled={reset.busy}>
          {t("forgotPin")}
        </button>
        <FormMessage answer={reset.answer} success={t("pinResetSent")} />
      </reset.fetcher.Form>
    </>
  );
}

function MarketingForm({ fields, action }: { fields: ConsentPromptField[]; action: string }) {
  const t = useT();
  const { fetcher, hidden, busy, answer } = useAccountForm();
  return (
    <fetcher.Form method="post" action={action} className="preferences-form">
      {hidden}
      <input type="hidden" name="intent" value="marketing" />
      {fields.map((field) => (
        <div key={field.fieldName} className="account-check">
          <input type="hidden" name="field" value={field.fieldName} />
          <input
            type="checkbox"
            id={`marketing-${field.fieldName}`}
            name={`consent.${field.fieldName}`}
            value="true"
            defaultChecked={field.answer === "true"}
          />
          <label htmlFor={`marketing-${field.fieldName}`}>{t(field.label)}</label>
        </div>
      ))}
      <FormMessage answer={answer} success={t("preferencesSaved")} />
      <button type="submit" className="button" disabled={busy}>
        {t("savePreferences")}
      </button>
    </fetcher.Form>
  );
}

/** A language select of the playback form: "none" first, then the realm's languages. */
function LanguageSelect({
  name,
  label,
  none,
  value,
  languages,
}: {
  name: string;
  label: string;
  none: string;
  value: string | null;
  languages: string[];
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{none}</option>
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languageName_${code.split(/[-_]/)[0]!.toLowerCase()}`, { defaultValue: code })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled checkbox sending `true` when ticked (and nothing, so false, when not). */
function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  const id = useId();
  return (
    <div className="account-check">
      <input type="checkbox" id={id} name={name} value="true" defaultChecked={checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * Subtitle and audio language (the realm's `audioSubtitleLanguages`), auto-advance and
 * background video autoplay: saved to the account (the profile, where the realm has them) and
 * read by the player wherever the viewer signs in.
 */
function PlaybackForm({ playback, action }: { playback: PlaybackChoices; action: string }) {
  const t = useT();
  const { fetcher, hidden, busy, answer } = useAccountForm();
  const { values, languages } = playback;
  return (
    <fetcher.Form method="post" action={action} className="preferences-form">
      {hidden}
      <input type="hidden" name="intent" value="playback" />
      <LanguageSelect
        name="subTitleLanguage"
        label={t("subtitleLanguage")}
        none={t("subtitlesOff")}
        value={values.subTitleLanguage}
        languages={languages}
      />
      <LanguageSelect
        name="audioLanguage"
        label={t("audioLanguage")}
        none={t("audioLanguageDefault")}
        value={values.audioLanguage}
        languages={languages}
      />
      <Check name="autoAdvance" label={t("autoAdvance")} checked={values.autoAdvance} />
      <Check
        name="videoBackgroundAutoPlay"
        label={t("videoBackgroundAutoPlay")}
        checked={values.videoBackgroundAutoPlay}
      />
      <FormMessage answer={answer} success={t("playbackPreferencesSaved")} />
      <button type="submit" className="button" disabled={busy}>
        {t("savePlaybackPreferences")}
      </button>
    </fetcher.Form>
  );
}

/**
 * The viewer's preferences over the current page (`?preferences`, where the realm's menu sends
 * them when it has profiles): parental control (restriction and PIN, with a reset email for a
 * forgotten PIN) and marketing preferences. Rendered by the server, so it works without scripts.
 */
export function PreferencesDialog({
  parental,
  marketing,
  playback,
  basePath,
}: {
  parental: ParentalControl;
  marketing: ConsentPromptField[];
  playback: PlaybackChoices;
  basePath: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const closeHref = useCloseHref();
  const action = routeHref(basePath, { name: "preferencesChange" });
  return (
    <AccountDialog
      inline
      title={t("preferencesTitle")}
      className="preferences-dialog"
      dismiss={{
        onClose: () => navigate(closeHref, { replace: true, preventScrollReset: true }),
        closeLink: (
          <Link to={closeHref} replace preventScrollReset className="account-dialog-close">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("closeDialog")}</span>
          </Link>
        ),
      }}
    >
      <PreferencesForms
        parental={parental}
        marketing={marketing}
        playback={playback}
        action={action}
      />
    </AccountDialog>
  );
}

/**
 * Playback preferences, parental control (restriction and PIN, with a reset email for a
 * forgotten PIN) and marketing preferences: the preferences dialog's body and the account
 * page's preferences section.
 */
export function PreferencesForms({
  parental,
  marketing,
  playback,
  action,
}: {
  parental: ParentalControl;
  marketing: ConsentPromptField[];
  playback: PlaybackChoices;
  action: string;
}) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="preferences-playback" className="preferences-section">
        <h3 id="preferences-playback">{t("playbackPreferencesTitle")}</h3>
        <p>{t("playbackPreferencesText")}</p>
        <PlaybackForm playback={playback} action={action} />
      </section>
      <section aria-labelledby="preferences-parental" className="preferences-section">
        <h3 id="preferences-parental">{t("parentalControlTitle")}</h3>
        <p>{t("parentalControlText")}</p>
        <ParentalControlForm state={parental} action={action} />
        {parental.pinSet ? (
          <>
            <h4>{t("changePin")}</h4>
            <ChangePinForm action={action} />
          </>
        ) : null}
      </section>
      {marketing.length > 0 ? (
        <section aria-labelledby="preferences-marketing" className="preferences-section">
          <h3 id="preferences-marketing">{t("marketingPreferencesTitle")}</h3>
          <MarketingForm fields={marketing} action={action} />
        </section>
      ) : null}
    </>
  );
}
