import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../ui/index.ts';

/** Typing waits this long before searching (the spec's search delay, §9). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PatientSearchProps {
  /** The search in the URL. */
  value: string;
  /** Called with the typed text once typing pauses. */
  onSearch: (search: string) => void;
}

/** The search box: debounced, and following the URL when it changes (back, reload). */
export function PatientSearch({ value, onSearch }: PatientSearchProps) {
  const { t } = useTranslation('patients');
  const id = useId();
  const [text, setText] = useState(value);
  const [urlValue, setUrlValue] = useState(value);
  const search = useEffectEvent((query: string) => onSearch(query));

  // Back/forward changes the URL: show its search (unless the box already says the same).
  if (value !== urlValue) {
    setUrlValue(value);
    if (text.trim() !== value.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="font-medium text-slate-900">
        {t('search.label')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('search.hint')}
      </p>
      <input
        id={id}
        type="search"
        aria-describedby={`${id}-hint`}
        className={`${inputClasses} md:max-w-md`}
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
