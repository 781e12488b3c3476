import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../shared/api.tsx';
import { useActingChoice } from '../../../shared/acting-for.ts';
import { usePersons, useSwitchPerson, type ActingPerson } from '../../../shared/acting-person.ts';
import { useSession } from '../../../shared/session.tsx';
import { formatHelsinki } from '../../../shared/time.ts';
import { Button, Card, Spinner } from '../../../ui/index.ts';

/** How many of a person's upcoming visits the overview names. */
const SHOWN = 3;

/** One person's upcoming visits, read for them (`X-Acting-For`), and the switch to them. */
function PersonVisits({ person }: { person: ActingPerson }) {
  const { t } = useTranslation('reservations');
  const { $api } = useApi();
  const switchPerson = useSwitchPerson();
  const nameId = useId();
  const visits = useQuery(
    $api.queryOptions('get', '/api/reservations', {
      params: { query: { group: 'future' }, header: { 'X-Acting-For': person.id } },
    }),
  );
  const upcoming = visits.data ?? [];
  return (
    <li>
      <Card className="flex flex-col gap-2">
        <h3 id={nameId} className="text-lg font-semibold text-slate-900">
          {person.firstName} {person.lastName}
        </h3>
        {visits.isPending ? (
          <Spinner label={t('family.loading')} />
        ) : visits.isError ? (
          <p>{t('family.loadFailed')}</p>
        ) : upcoming.length === 0 ? (
          <p className="text-slate-700">{t('family.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {upcoming.slice(0, SHOWN).map((visit) => (
              <li key={visit.id}>
                {t('family.visit', {
                  reason: visit.reason.name,
                  when: t('card.dateTime', {
                    date: formatHelsinki(visit.startTime, 'date'),
                    time: formatHelsinki(visit.startTime, 'time'),
                  }),
                  branch: visit.branch.name,
                })}
              </li>
            ))}
            {upcoming.length > SHOWN && (
              <li className="text-slate-700">
                {t('family.more', { count: upcoming.length - SHOWN })}
              </li>
            )}
          </ul>
        )}
        <div>
          <Button
            variant="secondary"
            aria-describedby={nameId}
            onClick={() => switchPerson(person.id)}
          >
            {t('family.manage')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/**
 * Below the user's own appointments, while they handle their own matters (issue 55): each person
 * they may act for and see, with their upcoming visits (a visit a minor has hidden is not among
 * them) and "Hoida varauksia", which switches to that person. Not shown to a user who acts for
 * nobody else, nor while acting for someone (the page is theirs then).
 */
export function FamilyVisits() {
  const { t } = useTranslation('reservations');
  const { user } = useSession();
  const choice = useActingChoice(user?.Id ?? null);
  const persons = usePersons();
  const headingId = useId();
  const others = (persons.data ?? []).filter(
    (person) => person.relation !== 'self' && person.rights.includes('view'),
  );
  if ((choice?.personId ?? null) !== null || others.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-slate-900">
        {t('family.title')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {others.map((person) => (
          <PersonVisits key={person.id} person={person} />
        ))}
      </ul>
    </section>
  );
}
