import { FAMILY_MAX, type BookingPerson } from '@portal/machines';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui/index.ts';
import type { StepProps } from './wizard-types.ts';

/** "Aino Perhe, 7 v" / "Pekka Perhe (sinä)": a person as the family choice names them. */
function personLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  person: BookingPerson,
): string {
  const name = `${person.firstName} ${person.lastName}`;
  if (person.relation === 'self') return t('self', { name });
  if (person.relation === 'child') return t('child', { name, age: person.age });
  return name;
}

/**
 * The first step's family choice (issue 55), shown to a user who may book for two or more
 * persons: the person the booking is for comes ticked; ticking others books the same service
 * for two to four of them at once. Fetched only for such a user (its own chunk).
 */
export function FamilyChoice({ state, send }: StepProps) {
  const { t } = useTranslation(['family', 'booking']);
  const { family, familyIds, person, fieldErrors } = state.context;
  const ticked = familyIds.length > 0 ? familyIds : person === null ? [] : [person.id];
  const full = ticked.length >= FAMILY_MAX;
  const error = fieldErrors.family;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="family-hint">
      <legend className="mb-1 text-base font-semibold text-slate-900">{t('legend')}</legend>
      <p id="family-hint" className="text-sm text-slate-700">
        {t('hint', { max: FAMILY_MAX })}
      </p>
      {family.map((member) => {
        const checked = ticked.includes(member.id);
        return (
          <Checkbox
            key={member.id}
            id={`family-${member.id}`}
            label={personLabel(t, member)}
            checked={checked}
            disabled={!checked && full}
            onCheckedChange={() => send({ type: 'family.toggle', personId: member.id })}
          />
        );
      })}
      <p role="status" className="text-sm font-medium text-slate-900">
        {ticked.length >= 2 && t('chosen', { count: ticked.length })}
      </p>
      {ticked.length >= 2 && (
        // A voucher or commitment is one person's: a family books as a private customer.
        <p className="text-sm text-slate-700">{t('voucherForOne')}</p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t(`booking:${error}`)}
        </p>
      )}
    </fieldset>
  );
}
