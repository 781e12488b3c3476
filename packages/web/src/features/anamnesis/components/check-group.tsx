import type { ReactNode } from 'react';
import { Checkbox } from '../../../ui/index.ts';

export interface CheckGroupProps<T extends string> {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly T[];
  labelOf: (value: T) => string;
  value: readonly T[];
  onChange: (value: T[]) => void;
}

/** A multi-select as a fieldset of checkboxes, in two columns from tablet width. */
export function CheckGroup<T extends string>({
  id,
  legend,
  hint,
  options,
  labelOf,
  value,
  onChange,
}: CheckGroupProps<T>) {
  const hintId = `${id}-hint`;
  return (
    <fieldset id={id} aria-describedby={hint ? hintId : undefined} className="flex flex-col gap-2">
      <legend className="font-medium text-slate-900">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
        {options.map((option) => (
          <Checkbox
            key={option}
            id={`${id}-${option}`}
            label={labelOf(option)}
            checked={value.includes(option)}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? options.filter((o) => o === option || value.includes(o))
                  : value.filter((o) => o !== option),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
