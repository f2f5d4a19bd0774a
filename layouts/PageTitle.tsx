/** The page's one h1; none when the page sits under a heading of its own (the not-found page). */
export function PageTitle({ title, hidden }: { title?: string; hidden?: boolean }) {
  if (title === undefined) return null;
  return <h1 className={hidden ? "page-title visually-hidden" : "page-title"}>{title}</h1>;
}
