import { data } from "@remix-run/node";

// A browser's form, or the FormData of a beacon (multipart).
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The fields of a form post. Anything else (JSON, text, a multipart body without its boundary,
 * no body at all) or a field holding a NUL character is the sender's mistake: a 400 (the page
 * says the request could not be read), never a crash.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = FORM_TYPE.test(request.headers.get("Content-Type") ?? "")
    ? await request.formData().catch(() => null)
    : null;
  if (!form || holdsNul(form)) throw data(null, { status: 400 });
  return form;
}

function holdsNul(form: FormData): boolean {
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return true;
  }
  return false;
}
