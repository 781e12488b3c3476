import { SlotPicker } from '../../../shared/slot-picker.tsx';
import { useBranches } from '../../../shared/resources.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';

/** Step 5: a day in the month calendar, then a free slot of that day (the shared slot picker). */
export function SlotStep({ state, send }: StepProps) {
  const branches = useBranches();
  const picker = state.children.slotPicker;
  const severalBranches = (state.context.branch?.branchIds.length ?? 0) > 1;
  const branchName = (id: number): string =>
    branches.data?.find((candidate) => candidate.Id === id)?.Name ?? '';

  return (
    <div className="flex flex-col gap-5">
      {picker !== undefined && (
        <SlotPicker picker={picker} branchName={severalBranches ? branchName : undefined} />
      )}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        nextDisabled={state.context.slot === null}
        onNext={() => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
