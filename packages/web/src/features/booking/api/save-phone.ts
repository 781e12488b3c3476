import type { PortalClient } from '@portal/sdk';
import { currentProfile, type ProfileUpdate } from '../../../shared/profile.ts';
import type { User } from '../../../shared/session.tsx';

/** The profile update payload with the user's current values and only the phone changed. */
export function profileWithPhone(user: User, phone: string): ProfileUpdate {
  return { ...currentProfile(user), phone: phone.trim() };
}

/** PUT /api/patients/{id}/profile with only the phone changed; rejects with the ApiError. */
export async function savePhone(client: PortalClient, user: User, phone: string): Promise<void> {
  await client.PUT('/api/patients/{id}/profile', {
    params: { path: { id: user.Id } },
    body: profileWithPhone(user, phone),
  });
}
