import { useTranslation } from 'react-i18next';
import { formatHelsinki } from '../../../shared/time.ts';
import { cn } from '../../../ui/index.ts';
import type { ActingPerson } from '../../../shared/acting-person.ts';

/** A person's relation to the user in words: "Omat asiani", "Lapsi, 7 v", "Valtuutus…". */
export function useRelationText(): (person: ActingPerson) => string {
  const { t } = useTranslation('persons');
  return (person) => {
    if (person.relation === 'self') return t('relation.self');
    if (person.relation === 'child') return t('relation.child', { age: person.age });
    return person.validUntil === null
      ? t('relation.mandatorOpen')
      : t('relation.mandator', { date: formatHelsinki(person.validUntil, 'date') });
  };
}

/**
 * The persons to choose from, the user first, each a large button with the name and the
 * relation; the one acted for now is marked (`aria-current`).
 */
export function PersonList({
  persons,
  current,
  onChoose,
}: {
  persons: readonly ActingPerson[];
  /** The person acted for now: null for oneself, undefined before any choice. */
  current?: number | null;
  onChoose: (personId: number | null) => void;
}) {
  const { t } = useTranslation('persons');
  const relationText = useRelationText();
  return (
    <ul className="grid gap-3" aria-label={t('listLabel')}>
      {persons.map((person) => {
        const id = person.relation === 'self' ? null : person.id;
        const chosen = current !== undefined && current === id;
        return (
          <li key={person.id}>
            <button
              type="button"
              aria-current={chosen ? 'true' : undefined}
              onClick={() => onChoose(id)}
              className={cn(
                'flex min-h-16 w-full flex-col items-start justify-center rounded-lg border-2 px-4 py-3 text-left',
                'hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                chosen ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white',
              )}
            >
              <span className="text-lg font-semibold text-slate-900">
                {person.firstName} {person.lastName}
              </span>
              <span className="text-slate-700">
                {relationText(person)}
                {/* Said by aria-current ("current item") to assistive technology. */}
                {chosen && (
                  <span aria-hidden="true" className="font-semibold">
                    {' '}
                    · {t('current')}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
