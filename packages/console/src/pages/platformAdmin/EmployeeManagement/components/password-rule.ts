/**
 * The password rule after sign-in (SPEC §5 Password strength: code table type 1, first row's value)
 * as an antd rule for the user form and the reset-password dialog. When the rule cannot be fetched the
 * console lets the value through and the server, which checks the same rule, answers.
 */
import { useQuery } from '@tanstack/react-query';
import type { RuleObject } from 'antd/es/form';
import { checkPasswordStrength, CodeType } from '@mp/protocol';
import { queryCodeTable } from '../../../../api/auth';

/** The current rule's regular expression, or undefined while loading / when unavailable. */
export function usePasswordRule(): string | undefined {
  const { data } = useQuery({
    queryKey: ['codeTable', CodeType.PASSWORD_RULE],
    queryFn: async () => (await queryCodeTable([CodeType.PASSWORD_RULE], { noToast: true, silent: true }))[0]?.codeVal ?? '',
    staleTime: 60_000,
  });
  return data || undefined;
}

/** An antd rule: a non-empty value must match `rule` ('password strength validation failed'). */
export function passwordStrengthRule(rule: string | undefined, message: string): RuleObject {
  return {
    validator: (_r, value: unknown) =>
      !value || !rule || checkPasswordStrength(String(value), rule) !== 0 ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
