export function PageTitle({ title, hidden }: { title: string; hidden?: boolean }) {
  return <h1 className={hidden ? "page-title visually-hidden" : "page-title"}>{title}</h1>;
}
