import { employeesOfBranches, filterEmployees } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/language.ts';
import {
  EmployeeCard,
  jobTitleFor,
  SelectField,
  type SelectOption,
  type SelectOptionGroup,
} from '../../../ui/index.ts';

type Employee = Schemas['Employee'];

export interface FavouriteEmployeeFieldProps {
  employees: Employee[];
  branches: Schemas['Branch'][];
  /** The favourite branch: its practitioners are offered first. */
  branchId: number | null;
  value: number | null;
  onChange: (employeeId: number | null) => void;
  error?: string;
  /** The select's id (the error summary links to it). */
  id?: string;
}

/**
 * The favourite dentist or hygienist: the machines' employee-picker logic lists the favourite
 * branch's practitioners first, then everyone else who takes patients (job title in the current
 * language).
 */
export function FavouriteEmployeeField({
  employees,
  branches,
  branchId,
  value,
  onChange,
  error,
  id,
}: FavouriteEmployeeFieldProps) {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const optionOf = (employee: Employee): SelectOption => {
    const title = jobTitleFor(employee.JobTitles, language);
    return {
      value: String(employee.Id),
      label:
        title === ''
          ? employee.Name
          : t('favourites.employeeOption', { name: employee.Name, title }),
    };
  };
  const atBranch = branchId === null ? [] : employeesOfBranches(employees, [branchId]);
  const others = filterEmployees(employees, '').filter((employee) => !atBranch.includes(employee));
  const branchName = branches.find((branch) => branch.Id === branchId)?.Name;

  const options: Array<SelectOption | SelectOptionGroup> = [
    { value: '', label: t('favourites.noEmployee') },
  ];
  if (atBranch.length > 0 && branchName !== undefined) {
    options.push({
      label: t('favourites.atBranch', { branch: branchName }),
      options: atBranch.map(optionOf),
    });
  }
  options.push({
    label: atBranch.length > 0 ? t('favourites.otherEmployees') : t('favourites.allEmployees'),
    options: others.map(optionOf),
  });
  const current = employees.find((employee) => employee.Id === value);
  if (current !== undefined && !current.Enabled) options.push(optionOf(current));

  const branchNames = (employee: Employee): string[] =>
    employee.Branches.flatMap((id) => branches.find((branch) => branch.Id === id)?.Name ?? []);

  return (
    <div className="flex flex-col gap-3">
      <SelectField
        id={id}
        label={t('favourites.employee')}
        hint={t('favourites.employeeHint')}
        placeholder={false}
        options={options}
        value={value === null ? '' : String(value)}
        onChange={(next) => onChange(next === '' ? null : Number(next))}
        error={error}
      />
      {current !== undefined && <EmployeeCard employee={current} branches={branchNames(current)} />}
    </div>
  );
}
