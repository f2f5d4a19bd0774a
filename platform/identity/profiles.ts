import { and, asc, eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { ProfileRow, UserRow } from "./sessions.ts";

export type ProfileType = "ADULT" | "CHILD";

export async function listProfiles(db: Db, userId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(t.profiles)
    .where(eq(t.profiles.userId, userId))
    .orderBy(asc(t.profiles.createdAt), asc(t.profiles.id));
}

export async function findProfile(
  db: Db,
  userId: number,
  profileId: number,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(t.profiles)
    .where(and(eq(t.profiles.userId, userId), eq(t.profiles.id, profileId)));
  return row;
}

/** The profile a new session acts as: the account's first adult profile. */
export async function mainProfile(db: Db, userId: number) {
  const [profile] = await db
    .select()
    .from(t.profiles)
    .where(and(eq(t.profiles.userId, userId), eq(t.profiles.type, "ADULT")))
    .orderBy(asc(t.profiles.id))
    .limit(1);
  return profile ?? null;
}

/** The name an account's first profile gets: what the viewer is called, else their email's name. */
export function mainProfileName(user: UserRow): string {
  const name = user.preferredName ?? user.fullName ?? user.email.split("@")[0] ?? user.email;
  return name.trim().slice(0, 40) || "1";
}

/**
 * The account's profiles, giving it its adult main profile first when it has none: in a realm
 * with profiles every account has at least one adult profile to act as.
 */
export async function profilesWithMain(db: Db, user: UserRow): Promise<ProfileRow[]> {
  const existing = await listProfiles(db, user.id);
  if (existing.length > 0) return existing;
  await db
    .insert(t.profiles)
    .values({ userId: user.id, name: mainProfileName(user), type: "ADULT" })
    // Two first visits at once: the second finds the profile the first made.
    .onConflictDoNothing();
  return listProfiles(db, user.id);
}

/** Whether another profile of the account already has `name` (names compare case-blind). */
export function nameTaken(profiles: ProfileRow[], name: string, exceptId?: number): boolean {
  const wanted = name.toLocaleLowerCase();
  return profiles.some((p) => p.id !== exceptId && p.name.toLocaleLowerCase() === wanted);
}
