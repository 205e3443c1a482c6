/**
 * Typed calls of the user's dashboard and self-service profile (issue 15; docs/users.md "Dashboard",
 * "Profile"; SPEC §7 `POST /auth/user/load`). Every call acts on the signed-in user only. Reject with
 * the client's ApiError; the code dialog's calls show their message in the form (no toast).
 */
import { ProfilePaths, type ContactType, type MySessionRow, type Paged, type SaveProfileBody, type SignInHistoryRow, type UserProfile } from '@mp/protocol';
import { post } from './client';

const quiet = { noToast: true } as const;

/** `user/load`: my profile. */
export async function loadProfile(): Promise<UserProfile> {
  return (await post<{ row: UserProfile }>(ProfilePaths.userload, {})).row;
}

/** A page of my sign-in events (90 days, newest first). */
export function signInHistory(page: number, pageSize: number): Promise<Paged<SignInHistoryRow>> {
  return post<Paged<SignInHistoryRow>>(ProfilePaths.signinhistory, { page, pageSize });
}

/** My sessions (the current one marked). */
export async function mySessions(): Promise<MySessionRow[]> {
  return (await post<{ rows: MySessionRow[] }>(ProfilePaths.mysessions, {})).rows;
}

/** Ends one of my other sessions → how many ended. */
export async function endMySession(id: string): Promise<number> {
  return (await post<{ count: number }>(ProfilePaths.endmysession, { id })).count;
}

/** Ends all my other sessions → how many ended. */
export async function endOtherSessions(): Promise<number> {
  return (await post<{ count: number }>(ProfilePaths.endothersessions, {})).count;
}

/** Saves avatar and/or work signature → the new profile. */
export async function saveProfile(body: SaveProfileBody): Promise<UserProfile> {
  return (await post<{ row: UserProfile }>(ProfilePaths.saveprofile, body)).row;
}

/** Sends a code to a new mobile or e-mail. */
export async function sendContactCode(type: ContactType, address: string): Promise<void> {
  await post<unknown>(ProfilePaths.sendcontactcode, { type, address }, quiet);
}

/** Confirms the code: the address becomes mine → the new profile. */
export async function confirmContact(type: ContactType, address: string, code: string): Promise<UserProfile> {
  return (await post<{ row: UserProfile }>(ProfilePaths.confirmcontact, { type, address, code }, quiet)).row;
}
