/**
 * antd rules of the user form from the protocol package's USER_RULES (SPEC §5 User), with the server's
 * own messages (`errors:user.*`), so the form refuses what the server would refuse, in the same words.
 */
import type { RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { isIdCard, USER_RULES } from '@mp/protocol';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';

/** Field label by key (user:field.<key>). */
export type Label = (field: string) => string;

/** Every rule of the form, by field. */
export function userFormRules(t: Translate, label: Label) {
  const phone = (f: string) =>
    textRules(t, label(f), {
      max: USER_RULES.phone.max,
      pattern: USER_RULES.phone.pattern,
      patternMessage: t('errors:user.phone_pattern', { field: label(f) }),
    });
  const dateOrder: (form: { getFieldValue(n: string): unknown }) => RuleObject = ({ getFieldValue }) => ({
    validator: (_r, value: Dayjs | undefined) => {
      const eff = getFieldValue('effectiveDate') as Dayjs | undefined;
      return !value || !eff || !eff.isAfter(value, 'day') ? Promise.resolve() : Promise.reject(new Error(t('errors:user.date_order')));
    },
  });
  return {
    tenantId: [requiredRule(t, label('tenant'), 'select')],
    username: textRules(t, label('username'), {
      required: true,
      max: USER_RULES.username.max,
      pattern: USER_RULES.username.pattern,
      patternMessage: t('errors:user.username_pattern'),
    }),
    employeeName: textRules(t, label('employeeName'), {
      max: USER_RULES.employeeName.max,
      pattern: USER_RULES.employeeName.pattern,
      patternMessage: t('errors:user.employee_name_pattern'),
    }),
    employeeCode: textRules(t, label('employeeCode'), {
      max: USER_RULES.employeeCode.max,
      pattern: USER_RULES.employeeCode.pattern,
      patternMessage: t('errors:user.employee_code_pattern'),
    }),
    orgId: [requiredRule(t, label('orgId'), 'select')],
    effectiveDate: [requiredRule(t, label('effectiveDate'), 'select')],
    expiryDate: [requiredRule(t, label('expiryDate'), 'select'), dateOrder],
    mobile: textRules(t, label('mobile'), { pattern: USER_RULES.mobile.pattern, patternMessage: t('errors:user.mobile_pattern') }),
    email: textRules(t, label('email'), { max: USER_RULES.email.max, pattern: USER_RULES.email.pattern, patternMessage: t('errors:user.email_pattern') }),
    officePhone: phone('officePhone'),
    homePhone: phone('homePhone'),
    idCard: [
      ...textRules(t, label('idCard'), { max: USER_RULES.idCard.max }),
      {
        validator: (_r: unknown, v: unknown) =>
          !v || isIdCard(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(t('errors:user.id_card_pattern'))),
      },
    ] as RuleObject[],
    signature: textRules(t, label('signature'), { max: USER_RULES.signature.max }),
    description: textRules(t, label('description'), { max: USER_RULES.description.max }),
  };
}
