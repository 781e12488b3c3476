import type { Schemas } from '@portal/sdk';
import { sanitiseHtml } from './html.ts';
import { toHelsinkiIso } from '../clock.ts';
import { fail, invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { isBlank, newestFirst } from './text.ts';

type Article = Schemas['Article'];
type ArticleInput = Schemas['ArticleInput'];
type ArticleRow = ReturnType<DevState['db']['article']['getAll']>[number];

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    author: row.author,
    published: row.published,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function findArticle(state: DevState, id: number): ArticleRow | null {
  return state.db.article.findFirst({ where: { id: { equals: id } } });
}

/** Patients' news: published articles only, newest first by `publishedAt`, paged. */
export function listArticles(state: DevState, paging: PageRequest): Schemas['ArticlePage'] {
  const published = state.db.article
    .getAll()
    .filter((row) => row.published)
    .sort(newestFirst((row) => row.publishedAt));
  return pageOf(published.map(toArticle), paging);
}

/** One published article; a draft is as unknown to patients as a missing id. */
export function getArticle(state: DevState, id: number): Result<Article> {
  const row = findArticle(state, id);
  return row?.published ? ok(toArticle(row)) : fail('not-found');
}

/** Staff list: every article, drafts too, newest first by `createdAt`, with a text search. */
export function adminListArticles(
  state: DevState,
  query: PageRequest & { search?: string },
): Schemas['ArticlePage'] {
  const needle = query.search?.trim().toLocaleLowerCase('fi') ?? '';
  const matches = (row: ArticleRow) =>
    needle === '' ||
    [row.title, row.content, row.author].some((text) =>
      text.toLocaleLowerCase('fi').includes(needle),
    );
  const rows = state.db.article
    .getAll()
    .filter(matches)
    .sort(newestFirst((row) => row.createdAt));
  return pageOf(rows.map(toArticle), query);
}

export function adminGetArticle(state: DevState, id: number): Result<Article> {
  const row = findArticle(state, id);
  return row ? ok(toArticle(row)) : fail('not-found');
}

/** Title, content and author must not be blank. */
export function articleProblems(input: Partial<ArticleInput>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ['title', 'content', 'author'] as const) {
    if (isBlank(input[field])) problems.push({ field, message: 'validation.required' });
  }
  if (typeof input.published !== 'boolean')
    problems.push({ field: 'published', message: 'validation.required' });
  return problems;
}

/** Creates an article; a published one is visible at once with `publishedAt` now. */
export function createArticle(state: DevState, input: ArticleInput): Result<Article> {
  // Stored sanitised; what is left must not be blank either.
  const clean = { ...input, content: sanitiseHtml(input.content) };
  const problems = articleProblems(clean);
  if (problems.length > 0) return invalid(...problems);
  const now = toHelsinkiIso(state.clock.now());
  const row = state.db.article.create({
    id: nextId(state, 'article'),
    title: input.title,
    content: clean.content,
    author: input.author,
    published: input.published,
    publishedAt: input.published ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return ok(toArticle(row));
}

/**
 * Replaces the editable fields. Publishing a draft sets `publishedAt` to now, unpublishing
 * clears it, and saving a published article keeps it.
 */
export function updateArticle(state: DevState, id: number, input: ArticleInput): Result<Article> {
  const row = findArticle(state, id);
  if (!row) return fail('not-found');
  // Stored sanitised; what is left must not be blank either.
  const clean = { ...input, content: sanitiseHtml(input.content) };
  const problems = articleProblems(clean);
  if (problems.length > 0) return invalid(...problems);
  const now = toHelsinkiIso(state.clock.now());
  const publishedAt = !input.published ? null : row.published ? (row.publishedAt ?? now) : now;
  const updated = state.db.article.update({
    where: { id: { equals: id } },
    data: {
      title: input.title,
      content: clean.content,
      author: input.author,
      published: input.published,
      publishedAt,
      updatedAt: now,
    },
  });
  return updated ? ok(toArticle(updated)) : fail('not-found');
}

export function deleteArticle(state: DevState, id: number): Result<null> {
  const deleted = state.db.article.delete({ where: { id: { equals: id } } });
  return deleted ? ok(null) : fail('not-found');
}
