import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { Field, type FieldBaseProps } from './field.tsx';

/** Why a chosen file was refused. */
export type FileProblem = 'too-large' | 'wrong-type';

/** Bytes in a megabyte as the spec counts them (the coupon image limit is 2 MB = 2 × 1024²). */
export const MEGABYTE = 1024 * 1024;

/**
 * Checks a file against an `accept` list (`.jpg`, `image/png`, `image/*`, comma separated) and a
 * size limit. Returns the problem, or `null` when the file is fine.
 */
export function validateFile(
  file: File,
  { accept, maxBytes }: { accept?: string; maxBytes?: number },
): FileProblem | null {
  if (accept) {
    const name = file.name.toLowerCase();
    const type = file.type.toLowerCase();
    const ok = accept
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean)
      .some((token) => {
        if (token.startsWith('.')) return name.endsWith(token);
        if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
        return type === token;
      });
    if (!ok) return 'wrong-type';
  }
  if (maxBytes !== undefined && file.size > maxBytes) return 'too-large';
  return null;
}

/** A file size for people: `850 kB`, `1.4 MB` (decimal separator of the given locale). */
export function formatFileSize(bytes: number, locale = 'fi'): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < MEGABYTE) return `${number.format(Math.max(bytes / 1024, 0.1))} kB`;
  return `${number.format(bytes / MEGABYTE)} MB`;
}

export interface FileFieldProps
  extends
    FieldBaseProps,
    Omit<ComponentPropsWithRef<'input'>, 'id' | 'required' | 'className' | 'type' | 'onChange'> {
  /** Accepted types, as for the native input (also checked by {@link validateFile}). */
  accept?: string;
  /** Largest allowed size in bytes; a larger file is refused with a translated message. */
  maxBytes?: number;
  /**
   * Called with the chosen file (or `null` when cleared) and its problem, if any. A refused file
   * is still reported so the caller can decide, but the kit shows the problem under the field.
   */
  onFileChange: (file: File | null, problem: FileProblem | null) => void;
}

/** A labelled native file input that shows the chosen file's name and size and checks it. */
export function FileField({
  label,
  required,
  hint,
  error,
  id,
  className,
  accept,
  maxBytes,
  onFileChange,
  ...props
}: FileFieldProps) {
  const { t, i18n } = useTranslation('ui');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const found = chosen ? validateFile(chosen, { accept, maxBytes }) : null;
    setFile(chosen);
    setProblem(found);
    onFileChange(chosen, found);
  };

  const problemText =
    problem === 'too-large'
      ? t('file.tooLarge', { max: formatFileSize(maxBytes ?? 0, i18n.language) })
      : problem === 'wrong-type'
        ? t('file.wrongType', { types: accept ?? '' })
        : null;

  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      error={error ?? problemText ?? undefined}
      id={id}
      className={className}
    >
      {(control) => (
        <>
          <input
            type="file"
            accept={accept}
            onChange={handleChange}
            className={cn(
              // The native file name is hidden (colour transparent): the line below says it in
              // the interface language. Screen readers still hear the input's own value.
              'block min-h-input max-w-full rounded-md text-base text-transparent',
              'file:mr-3 file:min-h-input file:cursor-pointer file:rounded-md file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-50',
              'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              'aria-invalid:file:border-2 aria-invalid:file:border-red-700',
            )}
            {...control}
            {...props}
          />
          <p className="text-sm text-slate-700" aria-live="polite">
            {file
              ? t('file.chosen', {
                  name: file.name,
                  size: formatFileSize(file.size, i18n.language),
                })
              : t('file.none')}
          </p>
        </>
      )}
    </Field>
  );
}
