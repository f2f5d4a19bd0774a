import { isRouteErrorResponse } from "@remix-run/react";
import {
  BadRequest,
  ChunkLoadFailed,
  ConnectionFailed,
  Forbidden,
  GenericError,
  NotFound,
} from "./StatusPage.tsx";

/** Label key of the page an error shows; the boundary and the document title agree on it. */
export function errorTitleKey(
  error: unknown,
):
  | "pageNotFound"
  | "accessDenied"
  | "connectionFailed"
  | "badRequest"
  | "chunkLoadFailed"
  | "anErrorOccured" {
  if (isRouteErrorResponse(error) && error.status === 404) return "pageNotFound";
  if (isRouteErrorResponse(error) && error.status === 400) return "badRequest";
  if (isRouteErrorResponse(error) && error.status === 403) return "accessDenied";
  if (isRouteErrorResponse(error) && error.status === 503) return "connectionFailed";
  if (error instanceof Error && error.name === "ChunkLoadError") return "chunkLoadFailed";
  return "anErrorOccured";
}

/** The status page an error shows, the whole page. */
export function ErrorStatus({ error }: { error: unknown }) {
  const key = errorTitleKey(error);
  if (key === "pageNotFound") return <NotFound />;
  if (key === "accessDenied") return <Forbidden />;
  if (key === "connectionFailed") return <ConnectionFailed />;
  if (key === "badRequest") return <BadRequest />;
  if (key === "chunkLoadFailed") return <ChunkLoadFailed />;
  return <GenericError />;
}
