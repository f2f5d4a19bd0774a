/** A key of the shared translation files; every language has the same keys as English. */
export type LabelKey = keyof typeof import("./locales/en.json");
