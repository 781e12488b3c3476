import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, EmptyState, Page, PageHeader, Pagination, Spinner } from '../../../ui/index.ts';
import { PATIENTS_PAGE_SIZE, usePatients } from '../api/get-patients.ts';
import { containsNationalId, useHistorySearch } from '../api/search-state.ts';
import { MarketingExportButton } from '../components/marketing-export-button.tsx';
import { PatientList } from '../components/patient-list.tsx';
import { PatientSearch } from '../components/patient-search.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /patients (admin): search, a paged list and the marketing export (spec §2, §6). The search
 * and page live in the URL (`?search=…&page=…`), so reload and back keep them; a search holding
 * a national identity code is kept in the history entry's state instead.
 */
export default function PatientsRoute() {
  const { t } = useTranslation('patients');
  usePageTitle(t('list.title'));
  const [params, setParams] = useSearchParams();
  const [historySearch, rememberSearch] = useHistorySearch();
  const search = params.get('search') ?? historySearch;
  const page = pageOf(params.get('page'));
  const query = usePatients({ search, page });

  const update = (next: { search: string; page: number }, replace: boolean) => {
    // A national identity code stays out of the address (FINLAND.md): it goes in history state.
    const hasNationalId = containsNationalId(next.search);
    const init: Record<string, string> = {};
    if (next.search !== '' && !hasNationalId) init.search = next.search;
    if (next.page > 1) init.page = String(next.page);
    setParams(init, { replace, state: rememberSearch(hasNationalId ? next.search : '') });
  };

  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / PATIENTS_PAGE_SIZE)) : 1;

  return (
    <Page>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <MarketingExportButton />
            {/* Who has used patients' data (issue 57): the access log's staff search. */}
            <Button asChild variant="secondary">
              <Link href="/admin/access-log">{t('list.accessLog')}</Link>
            </Button>
          </>
        }
      />
      <PatientSearch value={search} onSearch={(text) => update({ search: text, page: 1 }, true)} />
      <div className="mt-6">
        <p role="status" className="mb-3 text-slate-700">
          {query.isSuccess ? t('list.count', { count: query.data.total }) : ''}
        </p>
        {query.isPending && <Spinner label={t('list.loading')} />}
        {query.isError && (
          <LoadError onRetry={() => void query.refetch()}>{t('list.loadFailed')}</LoadError>
        )}
        {query.isSuccess && query.data.items.length === 0 && (
          <EmptyState
            headingLevel={2}
            title={search === '' ? t('list.empty.title') : t('list.noMatches.title', { search })}
            text={search === '' ? undefined : t('list.noMatches.text')}
          />
        )}
        {query.isSuccess && query.data.items.length > 0 && (
          <div aria-busy={query.isPlaceholderData}>
            <PatientList patients={query.data.items} />
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(next) => {
                update({ search, page: next }, false);
                document.getElementById('main-content')?.focus({ preventScroll: false });
              }}
              label={t('pager.label')}
              previousLabel={t('pager.previous')}
              nextLabel={t('pager.next')}
              status={t('pager.status', { page, total: pageCount })}
              className="mt-4"
            />
          </div>
        )}
      </div>
    </Page>
  );
}
