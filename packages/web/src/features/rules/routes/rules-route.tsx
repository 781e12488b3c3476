import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, EmptyState, Page, PageHeader, SelectField, Spinner } from '../../../ui/index.ts';
import { useRules, type RuleStatus } from '../api/get-rules.ts';
import { RuleDialog } from '../components/rule-dialog.tsx';
import { isStatus, STATUSES } from '../components/rule-form.tsx';
import { RuleItem, type Failure } from '../components/rule-list.tsx';
import { ActionError, LoadError } from '../../../shared/error-views.tsx';

/** /rules (admin, contentManager): the rules with their status, and their management (spec §2). */
export default function RulesRoute() {
  const { t } = useTranslation('rules');
  usePageTitle(t('title'));
  const [filter, setFilter] = useState<RuleStatus | undefined>(undefined);
  const [failure, setFailure] = useState<Failure>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The deleted item's buttons are gone: focus the page heading rather than lose it to <body>.
  const focusHeading = () => window.setTimeout(() => headingRef.current?.focus(), 0);
  const query = useRules(filter);
  return (
    <Page>
      <PageHeader
        headingRef={headingRef}
        title={t('title')}
        description={t('description')}
        actions={<RuleDialog trigger={<Button>{t('actions.new')}</Button>} />}
      />
      <SelectField
        label={t('filter.label')}
        placeholder={false}
        className="mb-6 sm:w-64"
        value={filter ?? 'all'}
        options={[
          { value: 'all', label: t('filter.all') },
          ...STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
        onChange={(value) => setFilter(isStatus(value) ? value : undefined)}
      />
      {failure !== null && (
        <ActionError title={failure.title} error={failure.error} className="mb-4" />
      )}
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <EmptyState
          headingLevel={2}
          title={filter === undefined ? t('empty.title') : t('empty.filtered')}
          text={filter === undefined ? t('empty.text') : undefined}
        />
      )}
      {query.isSuccess && query.data.length > 0 && (
        <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
          {query.data.map((rule) => (
            <RuleItem key={rule.id} rule={rule} onFailure={setFailure} onDeleted={focusHeading} />
          ))}
        </ul>
      )}
    </Page>
  );
}
