import type { ReactNode } from 'react';
import { Checkbox } from '../../../ui/index.ts';

export interface CheckboxGroupItem {
  id: string;
  label: string;
  checked: boolean;
}

/** A fieldset of checkboxes with a legend (areas of interest, marketing consents). */
export function CheckboxGroup({
  legend,
  description,
  items,
  onChange,
}: {
  legend: string;
  description?: ReactNode;
  items: CheckboxGroupItem[];
  onChange: (id: string, checked: boolean) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-lg font-semibold text-slate-900">{legend}</legend>
      {description && <p className="-mt-1 text-sm text-slate-700">{description}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        {items.map((item) => (
          <Checkbox
            key={item.id}
            label={item.label}
            checked={item.checked}
            onCheckedChange={(checked) => onChange(item.id, checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
