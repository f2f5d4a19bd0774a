// The server renders the dialogs at once (they work without JavaScript); browsers load them
// only for a signed-in account (this module is left out of the browser's bundle).
export { default as AccountDialogsContent } from "./AccountDialogsContent.tsx";
