import type { TFunction } from 'i18next';
import type { Schemas } from '@portal/sdk';

export type AdminPatientRole = Schemas['AdminPatientRole'];

export const ROLES: readonly AdminPatientRole[] = ['Admin', 'Content manager', 'Patient'];

/** The translated name of a role (the contract's values are English labels). */
export function roleLabel(t: TFunction<'patients'>, role: AdminPatientRole): string {
  switch (role) {
    case 'Admin':
      return t('role.admin');
    case 'Content manager':
      return t('role.contentManager');
    case 'Patient':
      return t('role.patient');
  }
}
