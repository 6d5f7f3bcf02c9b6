/**
 * Who sees how much of a profile: the user all of it; members of a group they share name and
 * avatar only (issue 4); everyone else nothing, answered as "Profile not found".
 */
export type ProfileView = "own" | "shared-group" | "none";

export function profileView(viewerId: string, profileUserId: string, shareAGroup: boolean): ProfileView {
  if (viewerId === profileUserId) return "own";
  return shareAGroup ? "shared-group" : "none";
}
