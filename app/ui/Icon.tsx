const PATHS = {
  previous: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
  pause: "M8 5v14M16 5v14",
  play: "M7 5l12 7-12 7z",
  close: "M6 6l12 12M18 6L6 18",
} as const;

/** A decorative stroke icon; the button around it carries the accessible name. */
export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill={name === "play" ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
