import { ConsentDialog } from "./ConsentDialog.tsx";
import { MissingInformationDialog } from "./MissingInformationDialog.tsx";
import { PreferencesDialog } from "./PreferencesDialog.tsx";
import { ProfilesDialog } from "./ProfilesDialog.tsx";
import { useRootData } from "../realm/use-root-data.ts";

/**
 * The signed-in account's dialogs over the realm's pages, one at a time: what must be answered
 * first (consent, then missing details), else the profile picker or the preferences the URL
 * opens.
 */
export function AccountDialogs() {
  const root = useRootData();
  const account = root?.account;
  if (!account || !root?.shell) return null;
  const basePath = root.basePath ?? "";
  if (account.consent) {
    return (
      <ConsentDialog
        fields={account.consent}
        basePath={basePath}
        realmName={root.shell.realm.fullName}
      />
    );
  }
  if (account.missingInformation) {
    return <MissingInformationDialog fields={account.missingInformation} basePath={basePath} />;
  }
  return (
    <>
      {account.profiles?.status === "CONFIGURED" ? (
        <ProfilesDialog
          profiles={account.profiles}
          basePath={basePath}
          child={root.viewer?.child ?? false}
        />
      ) : null}
      {account.preferences ? (
        <PreferencesDialog
          parental={account.preferences.parental}
          marketing={account.preferences.marketing}
          playback={account.preferences.playback}
          basePath={basePath}
        />
      ) : null}
    </>
  );
}
