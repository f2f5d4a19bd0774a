import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { deviceIdOf } from "../notices/cookies.server.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { playbackErrorCase, type PlaybackRefusal } from "./playback-errors.ts";
import { readForm } from "../realm/form-body.server.ts";
import { contentId } from "../realm/content-id.ts";

export type PlaybackKind = PlaybackGrant["kind"];

const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;

export function playbackKind(value: string | undefined): PlaybackKind | null {
  return value === "vod" || value === "live" ? value : null;
}

/**
 * Native HLS players (iPhone, iPad) hold a long live window poorly; they get the short DVR
 * window the spec gives some browsers. Everyone else seeks through the realm's whole window.
 */
export function wantsShortDvrWindow(userAgent: string | null): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent ?? "");
}

/** The platform as this viewer on this device, with the edge's territory for geo-blocking. */
export async function viewerPlayback(
  args: LoaderFunctionArgs | ActionFunctionArgs,
  realmRequest?: RealmRequest,
) {
  const { realm, viewer } = realmRequest ?? (await requireRealmRequest(args));
  const device = await deviceIdOf(args.request, args.context);
  const platform = platformClient(args.context, {
    realm,
    deviceId: device.deviceId,
    token: viewer.token,
  });
  const headers = args.context.territoryHeaders ?? {};
  return {
    setCookie: device.setCookie,
    signedIn: viewer.token !== undefined,
    /** A playback grant, or the modal case the platform's refusal calls for. */
    async grant(
      kind: PlaybackKind,
      id: number,
      /** A tile of this multi-view session: its tiles count as one stream together. */
      multiviewId?: string,
    ): Promise<PlaybackGrant | Refused> {
      if (!viewer.token) return SIGN_IN_FIRST;
      try {
        return await platform.call("playback", {
          params: { kind, id },
          headers,
          query: {
            window: wantsShortDvrWindow(args.request.headers.get("User-Agent"))
              ? "short"
              : undefined,
            multiview: multiviewId,
          },
        });
      } catch (error) {
        return refusal(error);
      }
    },
    async heartbeat(sessionId: string, position: number): Promise<Refused | null> {
      if (!viewer.token) return SIGN_IN_FIRST;
      try {
        await platform.post("/v2/playback/heartbeat", { sessionId, position });
        return null;
      } catch (error) {
        return refusal(error);
      }
    },
    async end(sessionId: string): Promise<void> {
      if (!viewer.token) return;
      try {
        await platform.delete(`/v2/playback/session/${encodeURIComponent(sessionId)}`);
      } catch (error) {
        // A session that already lapsed has nothing left to free.
        if (!(error instanceof PlatformError) || error.status >= 500) throw error;
      }
    },
  };
}

/** A refusal, with the platform's status: a request it refused is no failure of ours. */
type Refused = PlaybackRefusal & { platformStatus: number };

const SIGN_IN_FIRST: Refused = {
  error: "authentication",
  code: "AUTHENTICATION_REQUIRED",
  platformStatus: 401,
};

function refusal(error: unknown): Refused {
  if (!(error instanceof PlatformError)) throw error;
  if (error.status >= 500) console.error(`playback: ${error.message}`);
  return { error: playbackErrorCase(error.code), code: error.code, platformStatus: error.status };
}

/** The answer to a refusal: its case and code, with 502 only when the platform failed. */
function refusalAnswer({ platformStatus, ...refusal }: Refused, setCookie?: string): Response {
  const status =
    refusal.error === "authentication"
      ? 401
      : refusal.error !== "video"
        ? 403
        : platformStatus < 500
          ? platformStatus
          : 502;
  return jsonAnswer(refusal, refusal.code === "OTHER_DEVICE" ? 409 : status, setCookie);
}

/**
 * `GET {realm}/playback/{vod|live}/{id}`: a fresh grant for the player (a retry, a renewal
 * after the signature lapsed), or `{error, code}` naming the modal case.
 */
export async function playbackGrantLoader(args: LoaderFunctionArgs): Promise<Response> {
  const kind = playbackKind(args.params.kind);
  const id = contentId(args.params.id);
  if (!kind || !id) return jsonAnswer({ error: "video", code: "NOT_FOUND" }, 404);
  const playback = await viewerPlayback(args);
  const grant = await playback.grant(kind, id);
  if ("error" in grant) return refusalAnswer(grant, playback.setCookie);
  return jsonAnswer({ grant }, 200, playback.setCookie);
}

/** `sessionId` and, if sent, `position` (seconds, a finite number from 0); null when either is bad. */
async function readSessionForm(request: Request) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    return null;
  }
  const sessionId = form.get("sessionId");
  if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return null;
  const sent = form.get("position");
  if (sent === null || sent === "") return { sessionId, position: null };
  const position = typeof sent === "string" ? Number(sent) : NaN;
  return Number.isFinite(position) && position >= 0 ? { sessionId, position } : null;
}

/** `POST {realm}/playback/heartbeat` with `sessionId` and `position`: the player is playing. */
export async function heartbeatAction(args: ActionFunctionArgs): Promise<Response> {
  if (args.request.method !== "POST")
    return jsonAnswer({ error: "video", code: "METHOD_NOT_ALLOWED" }, 405);
  const body = await readSessionForm(args.request);
  if (!body) return jsonAnswer({ error: "video", code: "INVALID_BODY" }, 400);
  const playback = await viewerPlayback(args);
  const refused = await playback.heartbeat(body.sessionId, body.position ?? 0);
  if (refused) return refusalAnswer(refused);
  return jsonAnswer(null, 204);
}

/**
 * `POST {realm}/playback/end` with `sessionId` and `position` (a beacon as the page goes): the
 * position is kept and the session frees its place for another device at once.
 */
export async function endAction(args: ActionFunctionArgs): Promise<Response> {
  if (args.request.method !== "POST")
    return jsonAnswer({ error: "video", code: "METHOD_NOT_ALLOWED" }, 405);
  const body = await readSessionForm(args.request);
  if (!body) return jsonAnswer({ error: "video", code: "INVALID_BODY" }, 400);
  const playback = await viewerPlayback(args);
  if (body.position !== null) await playback.heartbeat(body.sessionId, body.position);
  await playback.end(body.sessionId);
  return jsonAnswer(null, 204);
}
