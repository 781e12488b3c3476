import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseActingFor } from '../../../shared/acting-for.ts';
import { usePersons, useSwitchPerson } from '../../../shared/acting-person.ts';
import { useSession } from '../../../shared/session.tsx';
import { Modal } from '../../../ui/index.ts';

import { focusBannerText } from './banner-focus.ts';
import { PersonList } from './person-list.tsx';

/**
 * The person choice after a login (issue 55, FINLAND.md: the user chooses explicitly; a login
 * never lands in another person's data): "Kenen asioita hoidat?" as a dialog over whatever page
 * the login led to, which stays as it is (a booking under way keeps its held time). Closing the
 * dialog is the user's own matters. A user who may act for nobody else has nothing to choose:
 * themself, at once, without a word; so too when the persons cannot be read.
 */
export function PersonChoiceDialog() {
  const { t } = useTranslation('persons');
  const { user } = useSession();
  const persons = usePersons();
  const switchPerson = useSwitchPerson();
  const onlySelf = persons.isError || (persons.data !== undefined && persons.data.length < 2);
  useEffect(() => {
    if (onlySelf && user !== null) chooseActingFor(user.Id, null);
  }, [onlySelf, user]);
  if (onlySelf || persons.data === undefined) return null;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) switchPerson(null);
      }}
      title={t('choose.title')}
      description={t('choose.intro')}
    >
      <PersonList
        persons={persons.data}
        onChoose={(personId) => {
          switchPerson(personId);
          // The dialog goes with the choice: the banner, drawn with it, takes the focus and is
          // read out (whom the pages are for now).
          focusBannerText();
        }}
      />
    </Modal>
  );
}
