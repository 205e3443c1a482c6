/**
 * New / Modify account (SPEC §2 accountManagement; §3 WeChat type 1 enterprise WeChat, 2 official
 * account, 3 open platform): type (required), account id (required, ≤ 100, letters, digits and
 * `_ - . @`, unique per type), nickname (≤ 50), status. Rules come from ACCOUNT_RULES, the same the
 * server checks. SPEC §7: the add/modify calls show no automatic error toast — the server's message
 * stays in the form, on its field.
 */
import { useMemo } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES, AccountCodes, Status, WECHAT_TYPES, type AccountRow, type StatusValue } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { addAccount, editAccount } from '../../../../api/account';
import { useAccountTypeName } from './columns';

export interface AccountFormValues {
  accountType: number;
  account: string;
  nickname?: string;
  status: StatusValue;
}

const FIELD_OF_ERROR: Record<string, keyof AccountFormValues> = {
  [AccountCodes.ACCOUNT_PATTERN]: 'account',
  [AccountCodes.ACCOUNT_IN_USE]: 'account',
  [AccountCodes.TYPE_INVALID]: 'accountType',
  [AccountCodes.USER_HAS_TYPE]: 'accountType',
};

export interface AccountFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: AccountRow;
  onClose: () => void;
  onSaved: () => void;
}

export default function AccountFormModal({ open, mode, row, onClose, onSaved }: AccountFormModalProps) {
  const { t } = useTranslation(['account', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const typeName = useAccountTypeName();
  const label = (k: string) => t(`field.${k}` as never) as unknown as string;

  const initialValues = useMemo<Partial<AccountFormValues>>(
    () =>
      mode === 'modify' && row
        ? {
            accountType: row.accountType,
            account: row.account,
            nickname: row.nickname,
            status: row.status === Status.ENABLED ? Status.ENABLED : Status.DISABLED,
          }
        : { accountType: 1, status: Status.ENABLED },
    [mode, row],
  );

  const save = async (v: AccountFormValues) => {
    const body = { accountType: v.accountType, account: v.account.trim(), nickname: v.nickname?.trim() ?? '', status: v.status };
    if (mode === 'modify' && row) await editAccount({ id: row.id, ...body });
    else await addAccount(body);
    onSaved();
  };

  return (
    <FormModal<AccountFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
    >
      <Form.Item name="accountType" label={label('accountType')} rules={[requiredRule(tr, label('accountType'), 'select')]}>
        <Select placeholder={t('placeholder.accountType')} options={WECHAT_TYPES.map((v) => ({ value: v, label: typeName(v) }))} />
      </Form.Item>
      <Form.Item
        name="account"
        label={label('account')}
        rules={textRules(tr, label('account'), {
          required: true,
          max: ACCOUNT_RULES.account.max,
          pattern: ACCOUNT_RULES.account.pattern,
          patternMessage: t('accountPattern'),
        })}
      >
        <Input placeholder={t('placeholder.account')} maxLength={ACCOUNT_RULES.account.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="nickname" label={label('nickname')} rules={textRules(tr, label('nickname'), { max: ACCOUNT_RULES.nickname.max })}>
        <Input placeholder={t('placeholder.nickname')} maxLength={ACCOUNT_RULES.nickname.max} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item name="status" label={label('status')} rules={[requiredRule(tr, label('status'), 'select')]}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            { label: t('common:disabled'), value: Status.DISABLED },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}
