import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useActingChoice } from '../../../shared/acting-for.ts';
import { useSession } from '../../../shared/session.tsx';
import { Button, Modal } from '../../../ui/index.ts';
import { usePersons, useSwitchPerson } from '../../../shared/acting-person.ts';

import { BANNER_TEXT_ID, focusBannerText } from './banner-focus.ts';
import { PersonList } from './person-list.tsx';

/**
 * On every page of a user who may act for someone else (issue 55): whom they act for now, named
 * ("Asioit henkilön Aino Perhe (7 v) puolesta", in amber), or that they handle their own matters,
 * and "Vaihda henkilöä", which opens the choice in a dialog. On a page of the user's own data
 * (`ownPage`: the profile, the settings, the chat…) it adds that the page is their own. A person
 * no longer on the user's list (a mandate that ended, an 18th birthday) is not acted for a moment
 * longer: what was shown of them goes, and the choice is asked again.
 */
export function ActingBanner({ ownPage = false }: { ownPage?: boolean }) {
  const { t } = useTranslation('persons');
  const { user } = useSession();
  const persons = usePersons();
  const choice = useActingChoice(user?.Id ?? null);
  const switchPerson = useSwitchPerson();
  const [open, setOpen] = useState(false);
  /** The person chosen in the dialog, switched to as it closes (undefined: none chosen). */
  const chosen = useRef<number | null | undefined>(undefined);
  const list = persons.data ?? [];
  const personId = choice?.personId ?? null;
  const acting = personId === null ? undefined : list.find((person) => person.id === personId);
  const gone = persons.data !== undefined && personId !== null && acting === undefined;
  useEffect(() => {
    if (gone) switchPerson(null, { ask: true });
  }, [gone, switchPerson]);
  // Drawn as soon as the persons are known, before the choice too (the user's own matters until
  // then): its sentence is a live region that is already there when a choice changes it, so a
  // screen reader reads whom the pages are for now.
  if (list.length < 2 || gone) return null;
  const name = acting ? `${acting.firstName} ${acting.lastName}` : '';
  return (
    <div
      role="region"
      aria-label={t('banner.label')}
      className={
        acting
          ? 'border-b border-amber-300 bg-amber-50 text-amber-950'
          : 'border-b border-slate-200 bg-slate-50 text-slate-800'
      }
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 sm:px-4">
        <p id={BANNER_TEXT_ID} role="status" tabIndex={-1} className="min-w-0 focus:outline-none">
          {acting === undefined ? (
            t('banner.self')
          ) : acting.relation === 'child' ? (
            <Trans
              t={t}
              i18nKey="banner.child"
              values={{ name, age: acting.age }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Trans
              t={t}
              i18nKey="banner.mandator"
              values={{ name }}
              components={{ strong: <strong /> }}
            />
          )}
          {acting !== undefined && ownPage && <> {t('banner.ownPage')}</>}
        </p>
        <Modal
          open={open}
          onOpenChange={setOpen}
          // A choice takes effect once the dialog has closed, when the page is no longer hidden
          // from assistive technology: the banner's live sentence is then read (whom the pages
          // are for now) and takes the focus. Closed without one, the focus goes back to the switch.
          onCloseAutoFocus={(event) => {
            const personId = chosen.current;
            if (personId === undefined) return;
            chosen.current = undefined;
            event.preventDefault();
            requestAnimationFrame(() => {
              switchPerson(personId);
              focusBannerText();
            });
          }}
          title={t('choose.title')}
          description={t('choose.switchIntro')}
          trigger={
            <Button variant="secondary" size="sm">
              {t('banner.switch')}
            </Button>
          }
        >
          <PersonList
            persons={list}
            current={personId}
            onChoose={(id) => {
              chosen.current = id;
              setOpen(false);
            }}
          />
        </Modal>
      </div>
    </div>
  );
}
