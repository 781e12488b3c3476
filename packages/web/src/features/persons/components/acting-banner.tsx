import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { forgetActingChoice, useActingChoice } from '../../../shared/acting-for.ts';
import { useSession } from '../../../shared/session.tsx';
import { Button, Modal } from '../../../ui/index.ts';
import { usePersons } from '../../../shared/acting-person.ts';
import { useSwitchPerson } from '../api/persons.ts';
import { PersonList } from './person-list.tsx';

/**
 * On every page of a user who may act for someone else (issue 55): whom they act for now, named
 * ("Asioit henkilön Aino Perhe (7 v) puolesta", in amber), or that they handle their own matters,
 * and "Vaihda henkilöä", which opens the choice in a dialog. A person no longer on the user's
 * list (a mandate that ended, an 18th birthday) is not acted for a moment longer: the choice is
 * asked again.
 */
export function ActingBanner() {
  const { t } = useTranslation('persons');
  const { user } = useSession();
  const persons = usePersons();
  const choice = useActingChoice(user?.Id ?? null);
  const switchPerson = useSwitchPerson();
  const [open, setOpen] = useState(false);
  const list = persons.data ?? [];
  const personId = choice?.personId ?? null;
  const acting = personId === null ? undefined : list.find((person) => person.id === personId);
  const gone = persons.data !== undefined && personId !== null && acting === undefined;
  useEffect(() => {
    if (gone) forgetActingChoice();
  }, [gone]);
  if (list.length < 2 || choice === null || gone) return null;
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
        <p className="min-w-0">
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
        </p>
        <Modal
          open={open}
          onOpenChange={setOpen}
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
              switchPerson(id);
              setOpen(false);
            }}
          />
        </Modal>
      </div>
    </div>
  );
}
