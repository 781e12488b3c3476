import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, FieldError, NotificationBox, RadioGroup, Spinner } from '../../../ui/index.ts';
import { useBranchGroups, useBranches, type Branch } from '../../../shared/resources.ts';

export interface BranchSelectionValue {
  all: boolean;
  branchIds: number[];
}

export interface BranchSelectionProps {
  value: BranchSelectionValue;
  onChange: (value: BranchSelectionValue) => void;
  error?: string;
}

const collator = new Intl.Collator('fi');

interface Group {
  key: string;
  caption: string;
  branches: Branch[];
}

/** The branches under their group captions; branches in no group come last, under "Other". */
function groupsOf(
  branches: readonly Branch[],
  groups: readonly { id: number; caption: string; branches: number[] }[],
  otherCaption: string,
): Group[] {
  const byId = new Map(branches.map((branch) => [branch.Id, branch]));
  const grouped = new Set<number>();
  const result: Group[] = groups.map((group) => {
    const members = group.branches
      .map((id) => byId.get(id))
      .filter((branch): branch is Branch => branch !== undefined);
    for (const branch of members) grouped.add(branch.Id);
    return {
      key: `group-${group.id}`,
      caption: group.caption,
      branches: members.sort((a, b) => collator.compare(a.Name, b.Name)),
    };
  });
  const rest = branches.filter((branch) => !grouped.has(branch.Id));
  if (rest.length > 0) {
    result.push({
      key: 'other',
      caption: otherCaption,
      branches: [...rest].sort((a, b) => collator.compare(a.Name, b.Name)),
    });
  }
  return result.filter((group) => group.branches.length > 0);
}

/**
 * Where a coupon can be used: every branch, or a selection of branches shown as checkboxes under
 * their group captions, each group with a "whole group" checkbox (partly ticked when some are).
 */
/** The chosen branches' group: the form's error summary links to its first checkbox. */
export const BRANCHES_ID = 'coupon-branches';

export function BranchSelection({ value, onChange, error }: BranchSelectionProps) {
  const { t } = useTranslation('admin-coupons');
  const branches = useBranches();
  const groups = useBranchGroups();
  const errorId = useId();

  const selected = new Set(value.branchIds);
  const setIds = (ids: Iterable<number>) =>
    onChange({ all: false, branchIds: [...new Set(ids)].sort((a, b) => a - b) });

  return (
    <div className="flex flex-col gap-3">
      <RadioGroup
        label={t('branches.label')}
        value={value.all ? 'all' : 'some'}
        onValueChange={(next) =>
          onChange(next === 'all' ? { all: true, branchIds: [] } : { ...value, all: false })
        }
        options={[
          { value: 'all', label: t('branches.all') },
          { value: 'some', label: t('branches.some') },
        ]}
      />
      {!value.all && (
        <div
          id={BRANCHES_ID}
          role="group"
          aria-label={t('branches.chosen')}
          aria-describedby={error ? errorId : undefined}
          className="flex flex-col gap-4"
        >
          {(branches.isPending || groups.isPending) && <Spinner label={t('branches.loading')} />}
          {(branches.isError || groups.isError) && (
            <NotificationBox variant="danger">{t('branches.loadFailed')}</NotificationBox>
          )}
          {branches.isSuccess &&
            groups.isSuccess &&
            groupsOf(branches.data, groups.data, t('branches.other')).map((group) => {
              const ids = group.branches.map((branch) => branch.Id);
              const count = ids.filter((id) => selected.has(id)).length;
              return (
                <fieldset key={group.key} className="rounded-md border border-slate-300 p-3">
                  <legend className="px-1 font-semibold text-slate-900">{group.caption}</legend>
                  <Checkbox
                    label={t('branches.wholeGroup', { group: group.caption })}
                    checked={count === ids.length ? true : count > 0 ? 'indeterminate' : false}
                    onCheckedChange={(checked) =>
                      setIds(
                        checked
                          ? [...selected, ...ids]
                          : [...selected].filter((id) => !ids.includes(id)),
                      )
                    }
                  />
                  <div className="mt-2 grid gap-2 pl-6 sm:grid-cols-2">
                    {group.branches.map((branch) => (
                      <Checkbox
                        key={branch.Id}
                        label={
                          branch.Enabled
                            ? branch.Name
                            : t('branches.disabled', { name: branch.Name })
                        }
                        checked={selected.has(branch.Id)}
                        onCheckedChange={(checked) =>
                          setIds(
                            checked
                              ? [...selected, branch.Id]
                              : [...selected].filter((id) => id !== branch.Id),
                          )
                        }
                      />
                    ))}
                  </div>
                </fieldset>
              );
            })}
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </div>
      )}
    </div>
  );
}
