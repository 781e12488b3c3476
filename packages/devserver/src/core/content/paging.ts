/** Paging of the growing lists (contract README 'Lists'): page from 1, pageSize 1–100, default 20. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page?: number;
  pageSize?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One page of already sorted items; a page past the end is empty but keeps the total. */
export function pageOf<T>(items: readonly T[], request: PageRequest = {}): Page<T> {
  const page = Math.max(1, Math.floor(request.page ?? 1));
  const pageSize = Math.min(
    MAX_PAGE_SIZE,
    Math.max(1, Math.floor(request.pageSize ?? DEFAULT_PAGE_SIZE)),
  );
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), total: items.length, page, pageSize };
}
