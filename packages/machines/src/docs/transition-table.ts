import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * State/transition tables generated from the machine definitions, for the README. A test compares
 * the README with these tables, so the docs cannot drift; `pnpm --filter @portal/machines docs:tables`
 * rewrites them.
 */

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

/** A state's path inside its machine: `booking.wizard.slot` → `wizard.slot`; the root is `(machine)`. */
export function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? '(machine)' : node.path.join('.');
}

/** The event of a transition as a reader knows it. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return '(always)';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

/** A guard's name, with its static parameters: `restoresTo(slot)`. */
export function guardLabel(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const params = (guard as { params?: unknown }).params;
    const name = String((guard as { type: unknown }).type);
    if (typeof params === 'object' && params !== null) {
      return `${name}(${Object.values(params).map(String).join(', ')})`;
    }
    return name;
  }
  return '(inline)';
}

/** An action's name: `navigate`, or `(assign)`-like labels for inline actions. */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) {
    return String((action as { type: unknown }).type);
  }
  return '(inline)';
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function targetLabel(transition: AnyTransitionDefinition): string {
  if (transition.target === undefined || transition.target.length === 0) return '(stays)';
  return transition.target.map((target) => `\`${statePath(target)}\``).join(', ');
}

function stateLabel(node: AnyStateNode): string {
  const kind = node.type === 'atomic' || node.type === 'compound' ? '' : ` (${node.type})`;
  return `\`${statePath(node)}\`${kind}`;
}

/** The markdown table of one machine: its states, then one row per transition (in definition order). */
export function renderTransitionTable(machine: AnyStateMachine): string {
  const nodes = descendants(machine.root);
  const lines = [
    `States: ${nodes.map(stateLabel).join(', ')}.`,
    '',
    '| State | Event | Guard | Target | Actions |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const node of [machine.root, ...nodes]) {
    for (const transition of transitionsOf(node)) {
      const guard = guardLabel(transition.guard);
      const actions = transition.actions.map((action) => `\`${actionLabel(action)}\``).join(', ');
      lines.push(
        `| \`${statePath(node)}\` | \`${eventLabel(transition.eventType)}\` | ${
          guard === '' ? '' : `\`${guard}\``
        } | ${targetLabel(transition)} | ${actions} |`,
      );
    }
  }
  return lines.join('\n');
}

const START = (name: string) => `<!-- transition-table:${name}:start -->`;
const END = (name: string) => `<!-- transition-table:${name}:end -->`;

/** The text between a machine's markers in the README; undefined without markers. */
export function readmeSection(readme: string, name: string): string | undefined {
  const start = readme.indexOf(START(name));
  const end = readme.indexOf(END(name));
  if (start === -1 || end === -1 || end < start) return undefined;
  return readme.slice(start + START(name).length, end).trim();
}

/** The README with every machine's section replaced by its generated table. */
export function updateReadme(readme: string, machines: Record<string, AnyStateMachine>): string {
  let text = readme;
  for (const [name, machine] of Object.entries(machines)) {
    if (readmeSection(text, name) === undefined) {
      throw new Error(`README.md has no ${START(name)} … ${END(name)} section`);
    }
    const start = text.indexOf(START(name)) + START(name).length;
    const end = text.indexOf(END(name));
    text = `${text.slice(0, start)}\n\n${renderTransitionTable(machine)}\n\n${text.slice(end)}`;
  }
  return text;
}

/**
 * Markdown with table padding removed, so that a table reformatted by oxfmt compares equal to the
 * generated one.
 */
export function normalizeMarkdown(markdown: string): string {
  return markdown
    .trim()
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed.startsWith('|')) return trimmed;
      return trimmed
        .split('|')
        .map((cell) => cell.trim())
        .map((cell) => (/^:?-+:?$/.test(cell) ? '---' : cell))
        .join('|');
    })
    .join('\n');
}
