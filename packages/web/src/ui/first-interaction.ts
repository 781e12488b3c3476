const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Calls `onInteraction` once, at the first pointer or key press anywhere on the page (what loads
 * only for someone who acts, not for someone who reads); returns a function that cancels it.
 */
export function onFirstInteraction(onInteraction: () => void): () => void {
  const cancel = (): void => {
    for (const type of INTERACTIONS) window.removeEventListener(type, handle, true);
  };
  function handle(): void {
    cancel();
    onInteraction();
  }
  for (const type of INTERACTIONS) window.addEventListener(type, handle, true);
  return cancel;
}
