import { useId, useState } from 'react';
import { Button, ConfirmDialog, toast } from '../ui/index.ts';
import { ActionError } from './error-views.tsx';

export interface DeleteSectionProps {
  /** The section's heading and what deleting means. */
  title: string;
  description: string;
  /** The button, and the confirmation it asks for. */
  buttonLabel: string;
  confirmTitle: string;
  confirmText: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The toast after a delete, and the title of the notice after a failed one. */
  doneMessage: string;
  failedTitle: string;
  /** Deletes; rejects on failure (the server's UserMessage is shown under the title). */
  onDelete: () => Promise<unknown>;
  /** After a delete (and its toast): usually back to the list. */
  onDeleted: () => void;
}

/**
 * A danger zone at the end of a staff editor: a delete button that asks for confirmation, deletes,
 * says so and moves on, or shows why it failed and leaves everything as it was.
 */
export function DeleteSection({
  title,
  description,
  buttonLabel,
  confirmTitle,
  confirmText,
  confirmLabel,
  cancelLabel,
  doneMessage,
  failedTitle,
  onDelete,
  onDeleted,
}: DeleteSectionProps) {
  const headingId = useId();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  return (
    <section aria-labelledby={headingId} className="mt-10 border-t border-slate-300 pt-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{description}</p>
      {failure !== null && (
        <ActionError title={failedTitle} error={failure.error} className="mb-4" />
      )}
      <ConfirmDialog
        variant="danger"
        trigger={<Button variant="danger">{buttonLabel}</Button>}
        title={confirmTitle}
        description={confirmText}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        onConfirm={async () => {
          setFailure(null);
          try {
            await onDelete();
            toast.success(doneMessage);
            onDeleted();
          } catch (error) {
            setFailure({ error });
          }
        }}
      />
    </section>
  );
}
