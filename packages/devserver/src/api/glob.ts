/**
 * A path pattern of the dev controls (a fault's `path`, the journal's `?path=`): `*` matches any
 * characters, everything else itself. Matched without regular expressions, in time linear in the
 * pattern and the path (decision 025; issue 52 item 3: a pattern of stars turned into `.*` each
 * backtracked for seconds): runs of stars are one star, the literal pieces are found from the
 * left, the first anchored at the start and the last at the end.
 */
export interface PathGlob {
  /** The pattern as given. */
  readonly source: string;
  /** How many stars it had (runs of stars count once). */
  readonly stars: number;
  test(path: string): boolean;
}

export function pathGlob(source: string): PathGlob {
  const pieces = source.split(/\*+/);
  const stars = pieces.length - 1;
  const first = pieces[0] ?? '';
  const last = pieces.at(-1) ?? '';
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  return {
    source,
    stars,
    test(path) {
      if (stars === 0) return path === source;
      if (path.length < first.length + last.length) return false;
      if (!path.startsWith(first) || !path.endsWith(last)) return false;
      // Leftmost matches of the middle pieces, between the prefix and the suffix: with `*` the
      // only wildcard, the leftmost place of each piece leaves the most room for the rest.
      let at = first.length;
      const end = path.length - last.length;
      for (const piece of middle) {
        const found = path.indexOf(piece, at);
        if (found === -1 || found + piece.length > end) return false;
        at = found + piece.length;
      }
      return true;
    },
  };
}
