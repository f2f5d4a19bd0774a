import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isBusy, useDelayedFlag } from "./pending.ts";

/**
 * A slim bar across the top of the window while a navigation, a form submission, a fetcher or
 * a revalidation is under way for longer than a moment.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const busy = isBusy({
    navigation: navigation.state,
    fetchers,
    revalidation: revalidator.state,
  });
  const shown = useDelayedFlag(busy);
  if (!shown) return null;
  // Indeterminate: no value, only a name for assistive technology.
  return (
    <div className="nav-progress" role="progressbar" aria-label={t("loading")}>
      <div className="nav-progress-bar" />
    </div>
  );
}
