import { useId } from 'react';
import { formatHelsinki } from '../../../shared/time.ts';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, toast } from '../../../ui/index.ts';
import type { Rule } from '../api/get-rules.ts';
import { useDeleteRule, useSaveRule } from '../api/rule-actions.ts';
import { RuleDialog } from './rule-dialog.tsx';

export type Failure = { title: string; error: unknown } | null;

/** One rule: its text, status and date, with edit, (de)activate and delete. */
export function RuleItem({
  rule,
  onFailure,
  onDeleted,
}: {
  rule: Rule;
  onFailure: (failure: Failure) => void;
  /** Called after the item is deleted (and gone from the list), to place focus. */
  onDeleted: () => void;
}) {
  const { t } = useTranslation('rules');
  const save = useSaveRule();
  const remove = useDeleteRule();
  const textId = useId();
  const active = rule.status === 'active';

  const toggle = () => {
    onFailure(null);
    const status = active ? 'inactive' : 'active';
    save.mutate(
      { id: rule.id, input: { description: rule.description, status } },
      {
        onSuccess: () => toast.success(active ? t('done.deactivated') : t('done.activated')),
        onError: (error) => onFailure({ title: t('errors.status'), error }),
      },
    );
  };

  const deleteRule = async () => {
    onFailure(null);
    try {
      await remove.mutateAsync(rule.id);
      toast.success(t('done.deleted'));
      onDeleted();
    } catch (error) {
      onFailure({ title: t('errors.delete'), error });
    }
  };

  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4 md:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`inline-block rounded-full px-2 text-sm font-semibold ${
            active ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-900'
          }`}
        >
          {t(`status.${rule.status}`)}
        </span>
        <span className="text-sm text-slate-700">
          {t('updated', { date: formatHelsinki(rule.updatedAt, 'date') })}
        </span>
      </div>
      <p id={textId} className="mt-2 whitespace-pre-line text-slate-900">
        {rule.description}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <RuleDialog
          rule={rule}
          trigger={
            <Button variant="secondary" size="sm" aria-describedby={textId}>
              {t('actions.edit')}
            </Button>
          }
        />
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={textId}
          loading={save.isPending}
          onClick={toggle}
        >
          {active ? t('actions.deactivate') : t('actions.activate')}
        </Button>
        <ConfirmDialog
          variant="danger"
          trigger={
            <Button variant="danger" size="sm" aria-describedby={textId}>
              {t('actions.delete')}
            </Button>
          }
          title={t('deleteDialog.title')}
          description={t('deleteDialog.description')}
          confirmLabel={t('deleteDialog.confirm')}
          cancelLabel={t('deleteDialog.cancel')}
          onConfirm={deleteRule}
        />
      </div>
    </li>
  );
}
