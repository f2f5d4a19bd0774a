import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

const NAME = /^[a-z0-9][a-z0-9-]{1,79}$/;

/** Legacy `/competicao/{id}` links go to the section of that name (a fixed path of the spec). */
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  // Only a well-formed name becomes part of the target path, so the redirect stays on this site.
  if (!NAME.test(id)) throw new Response(null, { status: 404 });
  return redirect(`/realm/${params.realm}/section/${id}`, 301);
}
