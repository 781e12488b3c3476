import RandExp from 'randexp';
import { clone, deref, isObject, type JsonObject } from './json.ts';

/**
 * Values generated from a schema alone (not its examples), repeatable by seed: what a fuzzer such
 * as Schemathesis or Specmatic sends, to find bodies the contract calls valid and the server
 * refuses. Three shapes: `min` puts every keyword at its lower bound (required properties only,
 * `minLength`, `minimum`, `minItems`), `max` at its upper bound (every property, `maxLength`,
 * `maximum`, `maxItems`), `random` anywhere between. Strings with a `pattern` come from RandExp
 * over a character range wider than ASCII (Finnish and Swedish letters, other scripts, the
 * control characters): what the contract's pattern lets through is what gets sent.
 */
export type Shape = 'min' | 'max' | 'random';

/** A seeded pseudo-random source (mulberry32): the same seed gives the same values. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [from, to]. */
  int(from: number, to: number): number {
    return from + Math.floor(this.next() * (to - from + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
}

/** Longest string and largest array generated (a `maxLength` of 100 000 is not worth sending). */
const LONGEST = 2000;
const MOST_ITEMS = 12;
const DEEPEST = 10;

/** Characters of free text: ASCII, the letters of fi and sv, other scripts, an emoji. */
const TEXT = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-!?',
  ...'äöåÄÖÅéü€',
  'ж',
  'ع',
  '中',
  '😀',
];

/** The characters RandExp draws from for classes like `[^…]`: printable ASCII and more. */
function patternRange(generator: RandExp): void {
  generator.defaultRange.add(0x00, 0x7f);
  generator.defaultRange.add(0xa0, 0x24f);
  generator.defaultRange.add(0x2000, 0x206f);
  generator.defaultRange.add(0x4e00, 0x4e20);
}

function types(node: JsonObject): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.map(String);
  if (isObject(node.properties)) return ['object'];
  return [];
}

function bound(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function isoDate(random: Random): string {
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  return `${random.int(2026, 2027)}-${month}-${day}`;
}

function text(random: Random, min: number, max: number, shape: Shape): string {
  const length =
    shape === 'min' ? min : shape === 'max' ? max : random.int(min, Math.min(max, min + 40));
  let out = '';
  while ([...out].length < length) out += random.pick(TEXT);
  return out;
}

function string(node: JsonObject, random: Random, shape: Shape): string {
  const min = bound(node.minLength, 0);
  const max = Math.min(bound(node.maxLength, Math.max(min, 40)), Math.max(min, LONGEST));
  switch (node.format) {
    case 'date':
      return isoDate(random);
    case 'date-time':
      return `${isoDate(random)}T${String(random.int(0, 23)).padStart(2, '0')}:${random.pick(['00', '15', '30', '45'])}:00+02:00`;
    case 'email':
      return `${text(random, 1, 12, 'random').replace(/[^a-z0-9]/gi, '') || 'x'}@example.com`;
    case 'uri':
      return `https://example.com/${random.int(1, 9999)}`;
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000'.replace(/0/g, () =>
        random.int(0, 15).toString(16),
      );
    default:
      break;
  }
  if (typeof node.pattern === 'string') {
    const generator = new RandExp(node.pattern);
    patternRange(generator);
    generator.randInt = (from, to) => random.int(from, to);
    generator.max = shape === 'max' ? Math.min(max, 60) : shape === 'min' ? 1 : 12;
    // The pattern decides the characters; the lengths are checked by the caller's validation.
    let best = generator.gen();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const length = [...best].length;
      if (length >= min && length <= max) break;
      best = generator.gen();
    }
    return best;
  }
  return text(random, min, max, shape);
}

function number(node: JsonObject, integer: boolean, random: Random, shape: Shape): number {
  let low = bound(node.minimum, integer ? 0 : 0);
  let high = bound(node.maximum, Math.max(low, 1000));
  if (typeof node.exclusiveMinimum === 'number') low = node.exclusiveMinimum + (integer ? 1 : 0.5);
  if (typeof node.exclusiveMaximum === 'number') high = node.exclusiveMaximum - (integer ? 1 : 0.5);
  if (shape === 'min') return low;
  if (shape === 'max') return high;
  return integer ? random.int(low, high) : low + random.next() * (high - low);
}

/** A value for `schema` (resolved in `document`), in the given shape; it may still be invalid. */
export function generateValue(
  document: unknown,
  schema: unknown,
  random: Random,
  shape: Shape,
  depth = 0,
): unknown {
  const { node } = deref(document, schema, '');
  if ('const' in node) return clone(node.const);
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    const choices = node.enum.filter((value) => value !== null);
    return clone(
      shape === 'min' ? choices[0] : random.pick(choices.length > 0 ? choices : node.enum),
    );
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const usable = branches.filter((branch) => deref(document, branch, '').node.type !== 'null');
      return generateValue(
        document,
        random.pick(usable.length > 0 ? usable : branches),
        random,
        shape,
        depth + 1,
      );
    }
  }
  if (Array.isArray(node.allOf)) {
    const merged: JsonObject = {};
    for (const part of node.allOf) {
      const value = generateValue(document, part, random, shape, depth + 1);
      if (isObject(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const allowed = types(node).filter((type) => type !== 'null');
  const type = allowed.length > 0 ? random.pick(allowed) : types(node)[0];
  if (depth > DEEPEST && (type === 'object' || type === 'array'))
    return type === 'object' ? {} : [];
  switch (type) {
    case 'object': {
      const value: JsonObject = {};
      const properties = isObject(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
      for (const [name, property] of Object.entries(properties)) {
        const include =
          required.has(name) || shape === 'max' || (shape === 'random' && random.next() < 0.5);
        if (include) value[name] = generateValue(document, property, random, shape, depth + 1);
      }
      return value;
    }
    case 'array': {
      const min = bound(node.minItems, 0);
      const max = Math.min(bound(node.maxItems, min + 3), Math.max(min, MOST_ITEMS));
      const count = shape === 'min' ? min : shape === 'max' ? max : random.int(min, max);
      const items = Array.from({ length: count }, () =>
        generateValue(
          document,
          node.items ?? {},
          random,
          shape === 'max' ? 'random' : shape,
          depth + 1,
        ),
      );
      if (node.uniqueItems === true) {
        const seen = new Set<string>();
        return items.filter((item) => {
          const key = JSON.stringify(item);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      }
      return items;
    }
    case 'integer':
      return number(node, true, random, shape);
    case 'number':
      return number(node, false, random, shape);
    case 'boolean':
      return shape === 'min' ? false : shape === 'max' ? true : random.next() < 0.5;
    case 'string':
      return string(node, random, shape);
    case 'null':
      return null;
    default:
      return null;
  }
}
