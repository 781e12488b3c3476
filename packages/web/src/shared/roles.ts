import { useSession, type User } from './session.tsx';

export type Role = 'signedOut' | 'patient' | 'admin' | 'contentManager';

/** The navigation role of a user (spec §6): any WebRole other than admin/contentManager is a patient. */
export function roleOf(user: User | null): Role {
  if (user === null) return 'signedOut';
  if (user.WebRole === 'admin') return 'admin';
  if (user.WebRole === 'contentManager') return 'contentManager';
  return 'patient';
}

/** Admins and content managers manage content (spec §6: articles, events, news, benefits, rules). */
export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'contentManager';
}

/** The signed-in user's role. */
export function useRole(): Role {
  return roleOf(useSession().user);
}

/**
 * Whether the signed-in user manages content. The server refuses the patients' content calls to
 * staff and the staff calls to patients, so each role gets its own screen on the same route.
 */
export function useIsStaff(): boolean {
  return isStaff(useRole());
}
