/** The field a script-enhanced form adds, so its action answers JSON instead of redirecting. */
export const VIA_SCRIPT = "viaScript";

/** What an account form's action says back (script submissions read it as JSON). */
export interface FormAnswer {
  ok: boolean;
  /** Label key of what went wrong. */
  error?: string;
  /** A message the platform wrote for the viewer, shown instead of `error`. */
  message?: string;
  /** Field the error belongs to, if one. */
  field?: string;
}
