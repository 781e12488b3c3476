import { useId, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { SanitizedHtml } from './sanitized-html.tsx';
import { TextArea, type TextAreaProps } from './text-area.tsx';

export interface HtmlFieldProps extends Omit<TextAreaProps, 'value' | 'onChange'> {
  /** The HTML source as typed. */
  value: string;
  onChange: (value: string) => void;
  /** The visible heading of the preview, e.g. "Preview (as patients will see it)". */
  previewLabel: ReactNode;
  /** Shown in the preview while the source is empty. */
  emptyPreview?: ReactNode;
}

/**
 * An HTML body editor: a monospace textarea for the source and, beside it on wide screens (below
 * on phones), a clearly labelled live preview rendered through {@link SanitizedHtml}, so the
 * editor sees exactly what readers will get (scripts and handlers already removed).
 */
export function HtmlField({
  value,
  onChange,
  previewLabel,
  emptyPreview,
  className,
  inputClassName,
  rows = 12,
  ...props
}: HtmlFieldProps) {
  const previewId = useId();
  return (
    <div className={cn('grid gap-4 lg:grid-cols-2', className)}>
      <TextArea
        {...props}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputClassName={cn('font-mono text-sm', inputClassName)}
        spellCheck={false}
      />
      <div role="group" aria-labelledby={previewId} className="flex min-w-0 flex-col gap-1">
        <p id={previewId} className="font-medium text-slate-900">
          {previewLabel}
        </p>
        <div className="min-h-24 rounded-md border border-dashed border-slate-500 bg-white p-3">
          {value.trim() === '' ? (
            <p className="text-slate-700">{emptyPreview}</p>
          ) : (
            <SanitizedHtml html={value} />
          )}
        </div>
      </div>
    </div>
  );
}
