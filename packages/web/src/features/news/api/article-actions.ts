import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, queryKeyOf, useApi } from '../../../shared/api.tsx';
import type { Article, ArticleInput } from './get-articles.ts';

/** The articles lists, patients' and staff's: refetched after any action, shown or not. */
const ARTICLE_LISTS = [queryKeyOf('/api/articles'), queryKeyOf('/api/admin/articles')];
/** One article's queries: marked stale (refetched when next shown). */
const ARTICLE_ONES = [queryKeyOf('/api/articles/{id}'), queryKeyOf('/api/admin/articles/{id}')];

function useRefreshArticles() {
  const queryClient = useQueryClient();
  // The form goes back to the list once its data is fresh: the list never shows the old one.
  return () =>
    Promise.all([
      ...ARTICLE_LISTS.map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: 'all' }),
      ),
      ...ARTICLE_ONES.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}

/** The editable fields of an article, e.g. to republish it unchanged. */
export function inputOf(article: Article): ArticleInput {
  const { title, content, author, published } = article;
  return { title, content, author, published };
}

/** Creates an article (POST /api/admin/articles) or replaces one (PUT /api/admin/articles/{id}). */
export function useSaveArticle() {
  const { client } = useApi();
  const refresh = useRefreshArticles();
  return useMutation<Article, Error, { id?: number; input: ArticleInput }>({
    mutationFn: async ({ id, input }) =>
      id === undefined
        ? dataOf(await client.POST('/api/admin/articles', { body: input }))
        : dataOf(
            await client.PUT('/api/admin/articles/{id}', {
              params: { path: { id } },
              body: input,
            }),
          ),
    onSettled: refresh,
  });
}

/** Deletes an article for good (DELETE /api/admin/articles/{id}). */
export function useDeleteArticle() {
  const { client } = useApi();
  const refresh = useRefreshArticles();
  return useMutation<null, Error, number>({
    mutationFn: async (id) => {
      await client.DELETE('/api/admin/articles/{id}', { params: { path: { id } } });
      return null;
    },
    onSettled: refresh,
  });
}
