/**
 * New / Modify user mapping (SPEC §2 employeeMappingManagement): application (required), user (required;
 * chosen among the tenant's users inside the caller's data scope), the user's account in the application
 * (required, ≤ 100, letters, digits and . _ - @; unique in the application) and name (≤ 100). Rules come
 * from MAPPING_RULES, the same the server checks; server errors stay in the modal on their field.
 */
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAPPING_RULES, MappingCodes, type UserMappingRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { addUserMapping, editUserMapping } from '../../../../api/mapping';
import AppSelect from '../../OrgMappingManagement/components/app-select';
import UserSelect from './user-select';

export interface UserMappingFormValues { productId: string; userId: string; externalAccount: string; externalName?: string }

const FIELD_OF_ERROR: Record<string, keyof UserMappingFormValues> = {
  [MappingCodes.APP_NOT_FOUND]: 'productId',
  [MappingCodes.USER_NOT_FOUND]: 'userId',
  [MappingCodes.USER_MAPPED]: 'userId',
  [MappingCodes.ACCOUNT_IN_USE]: 'externalAccount',
  [MappingCodes.CODE_PATTERN]: 'externalAccount',
};

export interface UserMappingFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: UserMappingRow;
  defaults?: Partial<UserMappingFormValues>;
  onClose: () => void;
  onSaved: () => void;
}

export default function UserMappingFormModal({ open, mode, row, defaults, onClose, onSaved }: UserMappingFormModalProps) {
  const { t } = useTranslation(['mapping', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const labels = { productId: t('app'), userId: t('user.user'), externalAccount: t('user.externalAccount'), externalName: t('user.externalName') };

  const initialValues = useMemo<Partial<UserMappingFormValues>>(() => (mode === 'modify' && row
    ? { productId: row.productId, userId: row.userId, externalAccount: row.externalAccount, externalName: row.externalName }
    : { ...defaults }), [mode, row, defaults]);

  const save = async (v: UserMappingFormValues) => {
    const body = { productId: v.productId, userId: v.userId, externalAccount: v.externalAccount.trim(), externalName: v.externalName?.trim() ?? '' };
    if (mode === 'modify' && row) await editUserMapping({ id: row.id, ...body }, { noToast: true });
    else await addUserMapping(body, { noToast: true });
    onSaved();
  };

  const currentLabel = row ? (row.employeeName ? `${row.username} (${row.employeeName})` : row.username) : undefined;
  return (
    <FormModal<UserMappingFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('user.addTitle'), modify: t('user.modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
      layout="vertical"
    >
      <Form.Item name="productId" label={labels.productId} rules={[requiredRule(tr, labels.productId, 'select')]}>
        <AppSelect kind="user" />
      </Form.Item>
      <Form.Item name="userId" label={labels.userId} rules={[requiredRule(tr, labels.userId, 'select')]}>
        <UserSelect initialLabel={mode === 'modify' ? currentLabel : undefined} />
      </Form.Item>
      <Form.Item name="externalAccount" label={labels.externalAccount}
        rules={textRules(tr, labels.externalAccount, { required: true, max: MAPPING_RULES.externalAccount.max, pattern: MAPPING_RULES.externalAccount.pattern, patternMessage: t('codePattern') })}>
        <Input placeholder={t('user.placeholderAccount')} maxLength={MAPPING_RULES.externalAccount.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="externalName" label={labels.externalName} rules={textRules(tr, labels.externalName, { max: MAPPING_RULES.externalName.max })}>
        <Input placeholder={t('user.placeholderName')} maxLength={MAPPING_RULES.externalName.max} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
