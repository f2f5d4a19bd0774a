import { useViewerTimeZone } from "./client-state.tsx";
import { dateTimeFormat } from "./intl.ts";

/**
 * A date in the viewer's time zone. The server renders UTC (it cannot know the zone) and the
 * browser re-renders after hydration, so both passes agree on the first markup.
 */
export function LocalTime({
  iso,
  locale,
  options,
  className,
}: {
  iso: string;
  locale: string;
  options: Intl.DateTimeFormatOptions;
  className?: string;
}) {
  const timeZone = useViewerTimeZone();
  return (
    <time dateTime={iso} className={className}>
      {formatDate(iso, locale, { ...options, timeZone })}
    </time>
  );
}

export function formatDate(iso: string, locale: string, options: Intl.DateTimeFormatOptions) {
  return dateTimeFormat(locale, options).format(new Date(iso));
}
