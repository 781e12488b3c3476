/** User-facing texts of staff patient administration, merged into core/messages.ts. */
export const patientsMessages = {
  'patient.cannotDeleteSelf': {
    fi: 'Et voi poistaa omaa käyttäjätiliäsi ylläpidon kautta.',
    sv: 'Du kan inte radera ditt eget användarkonto via administrationen.',
    en: 'You cannot delete your own account in patient administration.',
  },
  'patient.cannotChangeOwnRole': {
    fi: 'Et voi muuttaa omaa rooliasi.',
    sv: 'Du kan inte ändra din egen roll.',
    en: 'You cannot change your own role.',
  },
};
