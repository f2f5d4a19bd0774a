import { createContext } from "react";

/**
 * On in admin previews only: each rendered block is wrapped in an element that names it
 * (`data-block-id`, `data-block-type`), so the workbench can find, highlight and pick it in
 * the preview. Off on viewers' pages, which get no extra markup.
 */
export const BlockMarkers = createContext(false);
