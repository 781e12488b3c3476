import { familyTimes, type BookingPerson, type FamilyTime } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { EmptyState, cn } from '../../../ui/index.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

/** "Aino 9.00, Eetu 9.30": each person's first name and time. */
function whoWhen(time: FamilyTime, members: readonly BookingPerson[]): string {
  return time.slots
    .map(
      (slot, index) =>
        `${members[index]?.firstName ?? ''} ${formatHelsinki(slot.startTime, 'time')}`,
    )
    .join(', ');
}

/**
 * The times step of a family booking (issue 55): the day's free times as the family can take
 * them, back to back with one practitioner or at the same time with several. One tap chooses a
 * family's times and goes on (the line above the list says so).
 */
export function FamilyTimes({
  slots,
  members,
  chosen,
  professionOf,
  onChoose,
}: {
  slots: readonly Schemas['Slot'][];
  members: readonly BookingPerson[];
  /** The family's times chosen now (their keys), to show pressed. */
  chosen: readonly string[];
  /** "hammaslääkäri": a practitioner's profession, or '' while they load. */
  professionOf: (employeeId: number) => string;
  onChoose: (slots: Schemas['Slot'][]) => void;
}) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const times = familyTimes(slots, members.length);
  if (times.length === 0)
    return (
      <EmptyState
        headingLevel={4}
        title={t('familyTimes.none')}
        text={t('familyTimes.noneText', { count: members.length })}
      />
    );
  const practitioner = (slot: Schemas['Slot']) =>
    [slot.employeeName, professionOf(slot.employeeId)].filter((part) => part !== '').join(', ');
  return (
    <>
      <p id="family-times-continues" className="text-sm text-slate-700">
        {t('familyTimes.continues')}
      </p>
      <ul aria-label={t('familyTimes.label')} className="flex flex-col gap-2">
        {times.map((time) => {
          const first = time.slots[0] as Schemas['Slot'];
          const last = time.slots[time.slots.length - 1] as Schemas['Slot'];
          const range = `${formatHelsinki(first.startTime, 'time')}–${formatHelsinki(last.endTime, 'time')}`;
          const how =
            time.kind === 'backToBack'
              ? t('familyTimes.backToBack', { practitioner: practitioner(first) })
              : t('familyTimes.sameTime', {
                  practitioners: time.slots.map((slot) => slot.employeeName).join(', '),
                });
          const who = whoWhen(time, members);
          const pressed =
            chosen.length === time.slots.length &&
            time.slots.every((slot, index) => slot.key === chosen[index]);
          return (
            <li key={time.slots.map((slot) => slot.key).join('|')}>
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={`${range}, ${how}: ${who}`}
                aria-describedby="family-times-continues"
                onClick={() => onChoose(time.slots)}
                className={cn(
                  'flex min-h-12 w-full flex-col items-start rounded-md border px-3 py-2 text-left',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  pressed
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-400 bg-white text-slate-900 hover:bg-brand-50',
                )}
              >
                <span className="font-semibold">{range}</span>
                <span className="text-sm">{how}</span>
                <span className="text-sm">{who}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
