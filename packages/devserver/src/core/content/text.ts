/** True when a text is missing or only white space (what forms call an empty field). */
export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** Orders by an RFC 3339 instant, newest first, then by id, highest first. */
export function newestFirst<T extends { id: number }>(instant: (row: T) => string | null) {
  return (a: T, b: T): number => {
    const byTime = Date.parse(instant(b) ?? '') - Date.parse(instant(a) ?? '');
    return Number.isNaN(byTime) || byTime === 0 ? b.id - a.id : byTime;
  };
}
