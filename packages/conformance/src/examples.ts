import { atPointer, deref, isObject, parentPointer } from './json.ts';

/**
 * The example the contract documents for the schema at `pointer` (a request body's or a
 * parameter's): the `example` of its media type or parameter object, else the schema's first
 * `examples` entry or its `example`; undefined when there is none.
 */
export function documentedExample(document: unknown, pointer: string): unknown {
  const owner = atPointer(document, parentPointer(pointer));
  if (isObject(owner) && 'example' in owner) return owner.example;
  const { node } = deref(document, { $ref: `#${pointer}` }, '');
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  return 'example' in node ? node.example : undefined;
}
