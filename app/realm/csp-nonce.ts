import { createContext, useContext } from "react";

/**
 * The nonce of this page's inline scripts (server/security-headers.ts): set by the server
 * render; in the browser it is undefined, as browsers hide nonces from the document.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);
