import type { Message } from '@portal/machines';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../ui/index.ts';
import { useMessageText } from './profile-sections.tsx';

/** A field of a profile form that the summary links to: its control's id is `${idPrefix}-${field}`. */
export interface ProfileSummaryField {
  field: string;
  label: string;
}

/**
 * A profile form's error summary (issue 36: one error pattern): each refusal of the profile
 * machine (terms not accepted, server field errors, a failed save) is summarised at the top of
 * the form and takes the focus; the fields the form shows are links to them, and a server error on
 * a field the form does not show (e.g. the stored phone number in the survey) is listed as text,
 * so that no refusal goes unexplained.
 */
export function ProfileErrorSummary({
  idPrefix,
  fields,
  fieldErrors,
  saveFailed,
}: {
  idPrefix: string;
  fields: readonly ProfileSummaryField[];
  fieldErrors: Record<string, Message>;
  saveFailed: boolean;
}) {
  const { t } = useTranslation('profile');
  const text = useMessageText();
  // The machine assigns new errors on each refusal (and clears them when saving): each new set,
  // or a failed save, is a refusal that brings the focus back to the summary. Counted while
  // rendering (React's pattern for state that follows a prop), not in an effect.
  const [seen, setSeen] = useState({ fieldErrors, saveFailed, refusals: 0 });
  if (seen.fieldErrors !== fieldErrors || seen.saveFailed !== saveFailed) {
    const refused = saveFailed || Object.keys(fieldErrors).length > 0;
    setSeen({ fieldErrors, saveFailed, refusals: seen.refusals + (refused ? 1 : 0) });
  }

  const shown = new Set(fields.map(({ field }) => field));
  const items = fields.flatMap(({ field, label }) => {
    const message = text(fieldErrors[field]);
    return message === undefined ? [] : [{ target: `${idPrefix}-${field}`, label, message }];
  });
  const unplaced = Object.entries(fieldErrors).filter(([field]) => !shown.has(field));
  return (
    <ErrorSummary items={items} focusKey={seen.refusals}>
      {(unplaced.length > 0 || saveFailed) && (
        <ul className="flex flex-col gap-1">
          {unplaced.map(([field, message]) => (
            <li key={field}>{text(message)}</li>
          ))}
          {saveFailed && <li>{t('profile.saveFailed')}</li>}
        </ul>
      )}
    </ErrorSummary>
  );
}
