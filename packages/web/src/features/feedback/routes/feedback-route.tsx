import { isApiError } from '@portal/sdk';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
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
  type FeedbackErrors,
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
  const [values, setValues] = useState<FeedbackValues>(EMPTY);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof FeedbackValues, string>>>(
    {},
  );
  // Each refused submit brings the focus to the error summary at the top of the form.
  const [attempt, setAttempt] = useState(0);
  const notice = useRef<HTMLDivElement>(null);

  const change = (next: Partial<FeedbackValues>) => {
    setValues((current) => ({ ...current, ...next }));
    // A changed field loses its message; the others keep theirs.
    const keep = <T,>(messages: Partial<Record<keyof FeedbackValues, T>>) =>
      Object.fromEntries(Object.entries(messages).filter(([field]) => !(field in next))) as Partial<
        Record<keyof FeedbackValues, T>
      >;
    setErrors((current) => keep(current));
    setServerErrors((current) => keep(current));
    if (send.isSuccess) send.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFeedback(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    send.mutate(
      { branchId: Number(values.branchId), text: values.text },
      {
        onSuccess: () => {
          setValues(EMPTY);
          notice.current?.focus();
        },
        onError: (error) => {
          if (isApiError(error) && error.kind === 'bad-request' && error.fieldErrors.length > 0) {
            setServerErrors({
              branchId: error.fieldError('branchId'),
              text: error.fieldError('text'),
            });
            setAttempt((count) => count + 1);
            return;
          }
          notice.current?.focus();
        },
      },
    );
  };

  const message = (field: keyof FeedbackValues): string | undefined => {
    const key = errors[field];
    if (key === 'chooseOffice') return t('errors.chooseOffice');
    if (key === 'required') return t('errors.required');
    return serverErrors[field];
  };
  const summary = FIELDS.flatMap(({ field, id, label }) => {
    const text = message(field);
    return text === undefined ? [] : [{ target: id, label: t(label), message: text }];
  });
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
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <ErrorSummary items={summary} focusKey={attempt} />
            <OfficeSelect
              id={FIELDS[0].id}
              branches={branches.data}
              groups={groups.data}
              value={values.branchId}
              onChange={(branchId) => change({ branchId })}
              error={message('branchId')}
            />
            <TextArea
              id={FIELDS[1].id}
              label={t('text')}
              required
              hint={t('textHint', { max: FEEDBACK_MAX_LENGTH })}
              rows={6}
              maxLength={FEEDBACK_MAX_LENGTH}
              value={values.text}
              onChange={(event) => change({ text: event.target.value })}
              error={message('text')}
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
