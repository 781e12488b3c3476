import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, ModalClose } from '../../../ui/index.ts';
import type { Rule } from '../api/get-rules.ts';
import { RuleForm } from './rule-form.tsx';

/** The rule form in a modal opened by `trigger`: a new rule, or `rule` to edit. */
export function RuleDialog({ rule, trigger }: { rule?: Rule; trigger: ReactNode }) {
  const { t } = useTranslation('rules');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && setOpen(next)}
      trigger={trigger}
      title={rule === undefined ? t('dialog.newTitle') : t('dialog.editTitle')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={pending}>
              {t('actions.cancel')}
            </Button>
          </ModalClose>
          <Button type="submit" form={formId} loading={pending}>
            {rule === undefined ? t('actions.create') : t('actions.save')}
          </Button>
        </>
      }
    >
      <RuleForm
        rule={rule}
        formId={formId}
        onSaved={() => setOpen(false)}
        onPendingChange={setPending}
      />
    </Modal>
  );
}
