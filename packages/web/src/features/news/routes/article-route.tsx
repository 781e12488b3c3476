import { Redirect, useParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../../ui/index.ts';
import { ArticleView, BackToNews } from '../components/article-view.tsx';
import { EditArticle, NewArticle } from '../components/article-editor.tsx';
import { useIsStaff } from '../../../shared/roles.ts';

/** A route id: a positive whole number, or null. */
function idOf(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

function UnknownArticle() {
  const { t } = useTranslation('news');
  return (
    <Page width="narrow">
      <BackToNews />
      <PageHeader title={t('notFound.title')} description={t('notFound.text')} />
    </Page>
  );
}

/**
 * /article/:id: patients read the article, staff edit it. /article: staff write a new one
 * (patients have nothing to open there and go to the news list).
 */
export default function ArticleRoute() {
  const staff = useIsStaff();
  const params = useParams<{ id?: string }>();
  if (params.id === undefined) return staff ? <NewArticle /> : <Redirect to="/news" replace />;
  const id = idOf(params.id);
  if (id === null) return <UnknownArticle />;
  return staff ? <EditArticle id={id} /> : <ArticleView id={id} />;
}
