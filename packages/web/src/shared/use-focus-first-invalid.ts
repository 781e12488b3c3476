import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focus for a refused form (spec §5: errors show at their fields): `focusFirstInvalid()` moves
 * focus to the first field marked `aria-invalid="true"` once the messages set in the same update
 * have rendered. It runs as an effect after that commit; a timer or animation frame may run before
 * React has rendered the messages on a busy device, and then nothing gets the focus.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  const focusFirstInvalid = useCallback(() => setRequests((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}
