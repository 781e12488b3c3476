import { useState } from 'react';
import { Button, VisuallyHidden } from '../ui/index.ts';

/** `131052-308T` → `131052-****`: the birth date stays, the personal part is hidden. */
export function maskNationalId(ssn: string): string {
  return ssn.length > 7 ? `${ssn.slice(0, 7)}${'*'.repeat(ssn.length - 7)}` : ssn;
}

/**
 * The national identity code, read-only (the profile, the booking's details). It is personal data
 * (FINLAND.md): masked until the user chooses to show it, so that it is not exposed to anyone
 * looking at the screen. The caller gives the texts: what the screen reader hears for the hidden
 * part, and the button that shows it all.
 */
export function NationalId({
  ssn,
  hiddenLabel,
  showLabel,
}: {
  ssn: string;
  hiddenLabel: string;
  showLabel: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono">
        {shown ? (
          ssn
        ) : (
          <>
            <span aria-hidden="true">{maskNationalId(ssn)}</span>
            <VisuallyHidden>{hiddenLabel}</VisuallyHidden>
          </>
        )}
      </span>
      <Button variant="ghost" size="sm" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {showLabel}
      </Button>
    </span>
  );
}
