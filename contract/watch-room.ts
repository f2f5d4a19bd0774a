/**
 * What a watch-together room accepts, read from its schema (contract/schemas/watch-room.schema.json)
 * so the platform, the web tier and the page check the same thing.
 */
import type {
  WatchRoomCommand,
  WatchRoomCreate,
  WatchRoomReaction,
} from "./generated/watch-room.ts";
import watchRoomSchema from "./schemas/watch-room.schema.json";

export type RoomKind = WatchRoomCreate["kind"];
export type RoomAction = WatchRoomCommand["action"];
export type Reaction = WatchRoomReaction["emoji"];

/** A room's id, as its schema writes it. */
export const ROOM_ID = new RegExp(watchRoomSchema.properties.id.pattern);

/** The fixed reactions a room offers. */
export const REACTIONS = watchRoomSchema.$defs.watchRoomReaction.properties.emoji
  .enum as readonly Reaction[];
export const isReaction = (value: string): value is Reaction =>
  (REACTIONS as readonly string[]).includes(value);

const ACTIONS = watchRoomSchema.$defs.watchRoomCommand.properties.action
  .enum as readonly RoomAction[];
export const isRoomAction = (value: string): value is RoomAction =>
  (ACTIONS as readonly string[]).includes(value);
