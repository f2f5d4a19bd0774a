/** The performance mark entry.client.tsx sets as hydration starts (after the first paint). */
export const HYDRATION_MARK = "hydration-start";
