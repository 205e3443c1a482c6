/**
 * Organisation type names 0–6 (SPEC §3: none, group, company, department, sub-department, field,
 * franchise store), reusing the platform configuration's names (`errors:sysconfig.org_type.<n>`, the
 * same the server's export writes).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const ORG_TYPE_VALUES = [0, 1, 2, 3, 4, 5, 6] as const;

/** `name(type)` and the select options, in the user's language. */
export function useOrgTypes() {
  const { t, i18n } = useTranslation('errors');
  return useMemo(() => {
    const name = (type: number) => t(`sysconfig.org_type.${type}` as never) as unknown as string;
    return { name, options: ORG_TYPE_VALUES.map((v) => ({ label: name(v), value: v })) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
}
