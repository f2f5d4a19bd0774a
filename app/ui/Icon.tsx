const PATHS = {
  previous: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
  pause: "M8 5v14M16 5v14",
  play: "M7 5l12 7-12 7z",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6L6 18",
  search: "M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM20 20l-4.8-4.8",
  account: "M12 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7zM5 20c1.2-3.6 3.8-5.5 7-5.5s5.8 1.9 7 5.5",
  chevronDown: "M7 10l5 5 5-5",
  globe:
    "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3 12h18M12 3c2.5 2.7 3.7 5.7 3.7 9s-1.2 6.3-3.7 9M12 3c-2.5 2.7-3.7 5.7-3.7 9s1.2 6.3 3.7 9",
  check: "M5 12.5l4.5 4.5L19 7.5",
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z",
  "eye-off":
    "M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2",
  volume: "M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12",
  muted: "M4 9h4l5-4v14l-5-4H4zM16 9.5l5 5M21 9.5l-5 5",
  fullscreen: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  exitFullscreen: "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5",
  pictureInPicture: "M3 5h18v14H3zM12 12h7v5h-7z",
  captions: "M3 5h18v14H3zM10 10.5a2.5 2.5 0 1 0 0 3M17 10.5a2.5 2.5 0 1 0 0 3",
  settings:
    "M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1",
  audio: "M9 18V6l10-2v12M9 18a3 3 0 1 1-6 0a3 3 0 1 1 6 0zM19 16a3 3 0 1 1-6 0a3 3 0 1 1 6 0z",
  back: "M11 7l-5 5 5 5M18 7l-5 5 5 5",
  forward: "M13 7l5 5-5 5M6 7l5 5-5 5",
  plus: "M12 5v14M5 12h14",
  more: "M6 12h.01M12 12h.01M18 12h.01",
} as const;

/**
 * A decorative stroke icon; the button around it carries the accessible name. Its size and
 * stroke come from the stylesheet (`.icon` in app/styles/ui.css): a page has one per card, and
 * the same six presentation attributes on each were a sixth of a home page's HTML.
 */
export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      className={name === "play" ? "icon icon-filled" : "icon"}
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
