import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';

export interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous / next page with "Page 2 of 8" between them. */
export function Pager({ page, pageCount, onPage }: PagerProps) {
  const { t } = useTranslation('patients');
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <p className="text-slate-900">{t('pager.status', { page, total: pageCount })}</p>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
