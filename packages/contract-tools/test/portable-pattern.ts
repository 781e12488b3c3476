/**
 * The contract's portable subset of regular expressions (openapi/README.md, "Patterns"): what
 * means the same in ECMA-262 (with and without the `u` flag: JSON Schema's dialect), Java's
 * `java.util.regex` and Python's `re`. A pattern:
 *
 * - starts with `^` (search and full-match agree on the start), and has `$` only at its end;
 * - has no `/` right after that `^` (nor `\/`): Specmatic takes a pattern that begins `^/` for a
 *   regular expression between `/` delimiters and refuses the contract; `^[/]` means the same;
 * - spells characters out: literals, `\t` `\n` `\r`, `\uXXXX`, and escaped syntax characters;
 *   no `.`, `\d`, `\s`, `\w`, `\b` or their negations (Python's are Unicode-aware, Java's and
 *   ECMA's ASCII or their own Unicode sets, and `.` stops at different line terminators);
 * - groups with `(…)` or `(?:…)` only (no lookaround, named groups, back-references or flags);
 * - quantifies with `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, greedy (no lazy or possessive forms,
 *   no `{,m}`, which Python alone reads as a quantifier);
 * - in a class, escapes `[`, `]`, `\` and `^` (Java nests and intersects classes), and has no
 *   doubled `&`, `-`, `|` or `~` (set operations in Java or, in the future, Python).
 *
 * `parsePortable` also says which characters the pattern can match, to check that no text field
 * of a request admits what the server refuses.
 */

/** A set of code points as sorted, disjoint, inclusive ranges. */
export type CharSet = Array<[number, number]>;

export interface PortablePattern {
  /** Every character a match can contain (for an unanchored end: anything). */
  alphabet: CharSet;
  /** The pattern ends with `$`: the whole value is constrained. */
  anchoredEnd: boolean;
}

export class NotPortable extends Error {}

const MAX = 0x10ffff;
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const SHORTHAND = new Set([...'dDsSwWbB']);

function normalise(set: CharSet): CharSet {
  const sorted = [...set].sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let next = 0;
  for (const [from, to] of normalise(set)) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

export function intersects(a: CharSet, b: CharSet): boolean {
  return a.some(([from, to]) => b.some(([f, t]) => from <= t && f <= to));
}

class Parser {
  private at = 0;
  readonly alphabet: CharSet = [];

  constructor(private readonly source: string) {}

  private fail(message: string): never {
    throw new NotPortable(`${message} at ${this.at} in ${JSON.stringify(this.source)}`);
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private take(): string {
    const char = this.source[this.at];
    if (char === undefined) this.fail('unexpected end');
    this.at += 1;
    return char;
  }

  parse(): PortablePattern {
    if (this.take() !== '^') this.fail('does not start with ^');
    if (this.peek() === '/' || this.source.startsWith('\\/', this.at))
      this.fail('a / right after ^ (Specmatic reads /…/ as delimiters): write ^[/]');
    this.alternatives();
    let anchoredEnd = false;
    if (this.peek() === '$') {
      this.take();
      anchoredEnd = true;
    }
    if (this.at < this.source.length) this.fail(`unexpected ${JSON.stringify(this.peek())}`);
    return {
      alphabet: anchoredEnd ? normalise(this.alphabet) : [[0, MAX]],
      anchoredEnd,
    };
  }

  private alternatives(): void {
    this.sequence();
    while (this.peek() === '|') {
      this.take();
      this.sequence();
    }
  }

  private sequence(): void {
    for (;;) {
      const char = this.peek();
      if (char === undefined || char === '|' || char === ')') return;
      if (char === '$') {
        if (this.at === this.source.length - 1) return;
        this.fail('$ before the end');
      }
      this.atom();
      this.quantifier();
    }
  }

  private atom(): void {
    const char = this.take();
    if (char === '(') {
      if (this.peek() === '?') {
        this.take();
        if (this.take() !== ':') this.fail('only (…) and (?:…) groups');
      }
      this.alternatives();
      if (this.take() !== ')') this.fail('unclosed group');
      return;
    }
    if (char === '[') return this.characterClass();
    if (char === '.') this.fail('. matches different line terminators per engine');
    if (char === '\\') {
      this.alphabet.push(this.escape(false));
      return;
    }
    if ('*+?{'.includes(char)) this.fail(`nothing to repeat with ${char}`);
    if (']}'.includes(char)) this.fail(`unescaped ${char}`);
    if (char === '^') this.fail('^ after the start');
    const code = char.codePointAt(0) ?? 0;
    this.alphabet.push([code, code]);
  }

  /** After `\`: one character as a range. */
  private escape(inClass: boolean): [number, number] {
    const char = this.take();
    if (SHORTHAND.has(char)) this.fail(`\\${char} means different characters per engine`);
    if (char === 't') return [9, 9];
    if (char === 'n') return [10, 10];
    if (char === 'r') return [13, 13];
    if (char === 'u') {
      const hex = this.source.slice(this.at, this.at + 4);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) this.fail('\\u needs four hex digits');
      this.at += 4;
      const code = parseInt(hex, 16);
      return [code, code];
    }
    if (SYNTAX.has(char) || (inClass && char === '-')) {
      const code = char.codePointAt(0) ?? 0;
      return [code, code];
    }
    return this.fail(`\\${char} is not an escape every engine reads alike`);
  }

  private quantifier(): void {
    const char = this.peek();
    if (char === '*' || char === '+' || char === '?') {
      this.take();
    } else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) this.fail('a { that is not {n}, {n,} or {n,m}');
      if (match[3] && Number(match[3]) < Number(match[1])) this.fail('{n,m} with m < n');
      this.at += match[0].length;
    } else {
      return;
    }
    const next = this.peek();
    if (next === '?' || next === '+') this.fail('lazy or possessive quantifier');
    if (next === '*' || next === '{') this.fail('quantifier after a quantifier');
  }

  private characterClass(): void {
    const negated = this.peek() === '^';
    if (negated) this.take();
    const members: CharSet = [];
    let first = true;
    for (;;) {
      const char = this.take();
      if (char === ']' && !first) break;
      if (char === ']') this.fail('empty class');
      if (char === '[') this.fail('unescaped [ in a class (Java nests classes)');
      if ('&-|~'.includes(char) && this.peek() === char) this.fail(`${char}${char} in a class`);
      let low: [number, number];
      if (char === '\\') low = this.escape(true);
      else if (char === '^') this.fail('unescaped ^ in a class');
      else {
        const code = char.codePointAt(0) ?? 0;
        low = [code, code];
      }
      if (this.peek() === '-' && this.source[this.at + 1] !== ']') {
        this.take();
        const end = this.take();
        const high: [number, number] =
          end === '\\' ? this.escape(true) : [end.codePointAt(0) ?? 0, 0];
        if (high[0] < low[0]) this.fail('range out of order');
        members.push([low[0], high[0]]);
      } else {
        members.push(low);
      }
      first = false;
    }
    this.alphabet.push(...(negated ? complement(members) : normalise(members)));
  }
}

/** Parses a pattern of the portable subset; throws `NotPortable` saying what is outside it. */
export function parsePortable(pattern: string): PortablePattern {
  return new Parser(pattern).parse();
}
