import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../shared/api.tsx';
import { ARTICLES_PAGE_SIZE } from './get-articles.ts';

function adminListInit(page: number, search: string) {
  const query =
    search === ''
      ? { page, pageSize: ARTICLES_PAGE_SIZE }
      : { page, pageSize: ARTICLES_PAGE_SIZE, search };
  return { params: { query } };
}

/** One page of every article, drafts too, newest first, optionally searched (staff). */
export function getAdminArticlesQueryOptions($api: Api['$api'], page: number, search = '') {
  return $api.queryOptions('get', '/api/admin/articles', adminListInit(page, search));
}

export function useAdminArticles(page: number, search = '') {
  return useQuery(getAdminArticlesQueryOptions(useApi().$api, page, search));
}

/** One article, published or draft (GET /api/admin/articles/{id}). */
export function getAdminArticleQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/admin/articles/{id}', { params: { path: { id } } });
}

export function useAdminArticle(id: number) {
  return useQuery(getAdminArticleQueryOptions(useApi().$api, id));
}
