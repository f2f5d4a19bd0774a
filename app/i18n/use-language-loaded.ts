import { useEffect, useState } from "react";
import { hasLanguage, loadLanguage } from "./i18n.ts";

/**
 * Renders again once the texts of `locale` are here. The page's first language loads before
 * hydration; another one can arrive with a navigation (a viewer who picks a language or signs in
 * to an account that has one), and shows in the fallback language until its chunk has loaded.
 */
export function useLanguageLoaded(locale: string) {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (hasLanguage(locale)) return;
    let current = true;
    void loadLanguage(locale).then(() => {
      if (current) setLoaded((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [locale]);
}
