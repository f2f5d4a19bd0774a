import { useLocation, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../feedback/Toasts.tsx";
import { routeHref } from "../realm/routes.ts";

/** What a banner's form asks the realm's `notices` route to remember. */
export type NoticeIntent = "agree-cookies" | "dismiss-smart-banner";

export const noticesActionPath = (basePath: string) => routeHref(basePath, { name: "notices" });

/**
 * A banner's choice as a form: without scripts it posts and comes back to this page; with them
 * the banner goes at once, the choice is posted in the background and the page's data is
 * reloaded (which brings any toast the action left). A failure brings the banner back.
 */
export function useNoticeChoice(basePath: string, intent: NoticeIntent) {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChosen(true);
    try {
      const response = await fetch(noticesActionPath(basePath), {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ intent }),
      });
      if (!response.ok) throw new Error(`notice choice failed with ${response.status}`);
      revalidator.revalidate();
    } catch {
      setChosen(false);
      toast({ level: "error", message: t("errorOccurredPleaseTryAgain") });
    }
  };
  return { chosen, onSubmit };
}

export function ChoiceForm({
  basePath,
  intent,
  onSubmit,
  className,
  children,
}: {
  basePath: string;
  intent: NoticeIntent;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <form
      method="post"
      action={noticesActionPath(basePath)}
      onSubmit={onSubmit}
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {children}
    </form>
  );
}
