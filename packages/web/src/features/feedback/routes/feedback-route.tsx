import { isApiError } from '@portal/sdk';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { useForm } from '../../../shared/use-form.ts';
import {
  Button,
  Card,
  ErrorSummary,
  NotificationBox,
  Page,
  PageHeader,
  Spinner,
  TextArea,
} from '../../../ui/index.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import {
  FEEDBACK_MAX_LENGTH,
  validateFeedback,
  type FeedbackValues,
} from '../api/validate-feedback.ts';
import { OfficeSelect } from '../components/office-select.tsx';
import { useBranchGroups, useBranches } from '../../../shared/resources.ts';
import { LoadError } from '../../../shared/error-views.tsx';

const EMPTY: FeedbackValues = { branchId: '', text: '' };

/** The form's fields in order: their controls' ids and labels (the error summary links to them). */
const FIELDS = [
  { field: 'branchId', id: 'feedback-office', label: 'office' },
  { field: 'text', id: 'feedback-text', label: 'text' },
] as const;

/** /feedback: feedback on one office (spec §2 Feedback, §5, §8). */
export default function FeedbackRoute() {
  const { t } = useTranslation('feedback');
  usePageTitle(t('title'));
  const branches = useBranches();
  const groups = useBranchGroups();
  const send = useSendFeedback();
  // A changed field loses its message at once; a refused send brings the focus to the summary.
  const form = useForm<FeedbackValues, keyof FeedbackValues>({
    initial: EMPTY,
    validate: (values) => {
      const found = validateFeedback(values);
      return Object.fromEntries(
        Object.entries(found).map(([field, key]) => [field, t(`errors.${key}`)]),
      );
    },
    fieldOf: (field) => FIELDS.find((entry) => entry.field === field)?.field ?? null,
    forgetErrorOnChange: true,
  });
  const notice = useRef<HTMLDivElement>(null);

  const change = (next: Partial<FeedbackValues>) => {
    form.change(next);
    if (send.isSuccess) send.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(
      event,
      async (values) => {
        await send.mutateAsync({ branchId: Number(values.branchId), text: values.text });
        form.setDraft(EMPTY);
        notice.current?.focus();
      },
      // Any other failure is said in the notice above the form, which takes the focus.
      { onFailure: () => notice.current?.focus() },
    );

  const summary = form.summary(
    FIELDS.map(({ field, id, label }) => ({ key: field, id, label: t(label) })),
  );
  const generalFailure =
    send.isError &&
    !(
      isApiError(send.error) &&
      send.error.kind === 'bad-request' &&
      send.error.fieldErrors.length > 0
    );

  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={t('description')} />
      <div ref={notice} tabIndex={-1} className="mb-4 outline-none empty:hidden">
        {send.isSuccess && (
          <NotificationBox variant="success" title={t('sent')}>
            {t('sentText')}
          </NotificationBox>
        )}
        {generalFailure && <NotificationBox variant="danger">{t('errors.failed')}</NotificationBox>}
      </div>
      <Card>
        {(branches.isPending || groups.isPending) && <Spinner label={t('loading')} />}
        {(branches.isError || groups.isError) && (
          <LoadError
            onRetry={() => {
              void branches.refetch();
              void groups.refetch();
            }}
          >
            {t('loadFailed')}
          </LoadError>
        )}
        {branches.data && groups.data && (
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-5"
          >
            <ErrorSummary items={summary} focusKey={form.refusals} />
            <OfficeSelect
              id={FIELDS[0].id}
              branches={branches.data}
              groups={groups.data}
              value={form.draft.branchId}
              onChange={(branchId) => change({ branchId })}
              error={form.errors.branchId}
            />
            <TextArea
              id={FIELDS[1].id}
              label={t('text')}
              required
              hint={t('textHint', { max: FEEDBACK_MAX_LENGTH })}
              rows={6}
              maxLength={FEEDBACK_MAX_LENGTH}
              value={form.draft.text}
              onChange={(event) => change({ text: event.target.value })}
              error={form.errors.text}
            />
            <div>
              <Button type="submit" loading={send.isPending}>
                {t('send')}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </Page>
  );
}
