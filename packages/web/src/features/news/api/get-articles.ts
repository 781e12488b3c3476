import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api } from '../../../shared/api.tsx';

export type Article = Schemas['Article'];
export type ArticleInput = Schemas['ArticleInput'];

/** Articles per page of both lists. */
export const ARTICLES_PAGE_SIZE = 20;

/** One page of the published articles, newest first (GET /api/articles). */
export function getArticlesQueryOptions($api: Api['$api'], page: number) {
  return $api.queryOptions('get', '/api/articles', {
    params: { query: { page, pageSize: ARTICLES_PAGE_SIZE } },
  });
}

/** The patients' news list. */
export function useArticles(page: number) {
  return useQuery(getArticlesQueryOptions(useApi().$api, page));
}

/** One published article (GET /api/articles/{id}); drafts and unknown ids are 404. */
export function getArticleQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/articles/{id}', { params: { path: { id } } });
}

export function useArticle(id: number) {
  return useQuery(getArticleQueryOptions(useApi().$api, id));
}
