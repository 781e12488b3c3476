import { roleOf, useSession } from '../../../lib/session.tsx';

/**
 * Whether the signed-in user manages content (spec §6: admin and contentManager). The server
 * refuses the patients' news calls to staff and the staff calls to patients, so each role gets
 * its own screen on the same route.
 */
export function useIsStaff(): boolean {
  const role = roleOf(useSession().user);
  return role === 'admin' || role === 'contentManager';
}
