/**
 * Who sees a profile: its user all of it; members of a group they share its name and
 * avatar; everyone else nothing, answered exactly like a profile that does not exist.
 */
export function maySeeProfile(viewerId: string, profileUserId: string, shareAGroup: boolean): boolean {
  return viewerId === profileUserId || shareAGroup;
}
