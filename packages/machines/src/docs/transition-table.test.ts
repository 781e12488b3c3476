import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { setup } from 'xstate';
import * as machines from '../index.ts';
import { DOCUMENTED_MACHINES } from './machines.ts';
import {
  actionLabel,
  eventLabel,
  guardLabel,
  normalizeMarkdown,
  readmeSection,
  renderTransitionTable,
  updateReadme,
} from './transition-table.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README transition tables', () => {
  test.each(Object.entries(DOCUMENTED_MACHINES))(
    "The README's table for %s matches the machine definition",
    (name, machine) => {
      const section = readmeSection(readme, name);
      expect(section, `README.md lacks the ${name} section`).toBeDefined();
      expect(normalizeMarkdown(section ?? '')).toBe(
        normalizeMarkdown(renderTransitionTable(machine)),
      );
    },
  );

  test('Every machine the package exports has a table in the README', () => {
    const exported = Object.values(machines).filter(
      (value) => typeof value === 'object' && value !== null && 'root' in value,
    );
    const documented: unknown[] = Object.values(DOCUMENTED_MACHINES);
    expect(exported.filter((machine) => !documented.includes(machine))).toEqual([]);
    expect(exported).toHaveLength(documented.length);
  });
});

const tiny = setup({
  guards: { isReady: () => true },
  actions: { notify: () => undefined },
  delays: { soon: 10 },
}).createMachine({
  id: 'tiny',
  initial: 'a',
  states: {
    a: {
      on: {
        go: { guard: 'isReady', target: 'b', actions: 'notify' },
        stay: { actions: () => undefined },
      },
    },
    b: { type: 'final' },
  },
});

describe('table generation', () => {
  test('A table lists the states and one row per transition', () => {
    expect(renderTransitionTable(tiny)).toBe(
      [
        'States: `a`, `b` (final).',
        '',
        '| State | Event | Guard | Target | Actions |',
        '| --- | --- | --- | --- | --- |',
        '| `a` | `go` | `isReady` | `b` | `notify` |',
        '| `a` | `stay` |  | (stays) | `(inline)` |',
      ].join('\n'),
    );
  });

  test('Events of actors, timers and eventless transitions get readable names', () => {
    expect(eventLabel('xstate.done.actor.loadUser')).toBe('done: loadUser');
    expect(eventLabel('xstate.error.actor.loadUser')).toBe('error: loadUser');
    expect(eventLabel('xstate.after.idleTimeout.idleLogout.running')).toBe('after idleTimeout');
    expect(eventLabel('')).toBe('(always)');
    expect(eventLabel('wizard.next')).toBe('wizard.next');
  });

  test('Guards and actions are named, parameters shown when static', () => {
    expect(guardLabel(undefined)).toBe('');
    expect(guardLabel('hasSlot')).toBe('hasSlot');
    expect(guardLabel({ type: 'restoresTo', params: { step: 'slot' } })).toBe('restoresTo(slot)');
    expect(guardLabel({ type: 'isSlotTaken', params: () => ({}) })).toBe('isSlotTaken');
    expect(guardLabel(() => true)).toBe('(inline)');
    expect(actionLabel('notify')).toBe('notify');
    expect(actionLabel({ type: 'navigate', params: { to: '/' } })).toBe('navigate');
    expect(actionLabel(() => undefined)).toBe('(inline)');
  });

  test('Updating a README replaces the sections and keeps the rest', () => {
    const text = [
      '# Title',
      '<!-- transition-table:tiny:start -->',
      'old',
      '<!-- transition-table:tiny:end -->',
      'tail',
    ].join('\n');
    const updated = updateReadme(text, { tiny });
    expect(updated.startsWith('# Title\n<!-- transition-table:tiny:start -->\n\nStates:')).toBe(
      true,
    );
    expect(updated.endsWith('\n\n<!-- transition-table:tiny:end -->\ntail')).toBe(true);
    expect(readmeSection(updated, 'tiny')).toBe(renderTransitionTable(tiny));
    expect(updateReadme(updated, { tiny })).toBe(updated);
  });

  test('A README without the markers of a machine is refused', () => {
    expect(() => updateReadme('# Title', { tiny })).toThrow(
      'no <!-- transition-table:tiny:start -->',
    );
    expect(
      readmeSection(
        '<!-- transition-table:tiny:end --><!-- transition-table:tiny:start -->',
        'tiny',
      ),
    ).toBeUndefined();
  });

  test('Table padding and alignment rows do not matter when comparing', () => {
    expect(normalizeMarkdown('| a   | b |\n| :-- | --- |\n| `x` |   |')).toBe(
      normalizeMarkdown('| a | b |\n| --- | --- |\n| `x` | |'),
    );
  });
});
