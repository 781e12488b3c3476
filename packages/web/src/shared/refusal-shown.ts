/**
 * Refusals a screen shows itself, at the field they are about (issue 54: one message per
 * refusal). The app toasts every 400's UserMessage (spec §8, src/app/services.ts) a task after
 * the answer; a caller that shows the refusal at its field marks the error before then (the
 * call's rejection reaches it first: promise callbacks run before the next task), and the toast
 * is left out. An error nobody marks is toasted as before, so nothing is ever lost.
 */
const shownAtField = new WeakSet<object>();

/** Marks a refusal as shown at its field by the screen; returns it (for `throw`). */
export function showAtField<E>(error: E): E {
  if (typeof error === 'object' && error !== null) shownAtField.add(error);
  return error;
}

/** Whether the screen shows this refusal at its field itself. */
export function isShownAtField(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shownAtField.has(error);
}
