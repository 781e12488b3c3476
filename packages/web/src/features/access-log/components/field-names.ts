import { useTranslation } from 'react-i18next';

/**
 * An entry's fields in words (`fields.*`; the staff's own wording in `staff.fields.*` where the
 * patient's says "your"); a field the texts do not know is shown as the contract names it.
 */
export function useFieldNames(reader: 'own' | 'staff'): (fields: readonly string[]) => string {
  const { t } = useTranslation('access-log');
  return (fields) =>
    fields
      .map((field) => {
        const own = t(`fields.${field}`, { defaultValue: field });
        return reader === 'staff' ? t(`staff.fields.${field}`, { defaultValue: own }) : own;
      })
      .join(', ');
}
