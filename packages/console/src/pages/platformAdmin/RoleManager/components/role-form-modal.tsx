/**
 * New / Modify role (SPEC §3 Role, §5 Role): role number (required, ≤ 30, letters/digits/underscore,
 * unique in the tenant), role name (required, ≤ 30, Chinese/letters/digits/underscore), organisation
 * or group (required, from the tenant's organisation tree), category, status and description. Rules come
 * from ROLE_RULES, the same the server checks; server errors stay in the modal.
 */
import { useMemo } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_RULES, RoleCodes, Status, type RoleRow, type StatusValue } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { useRoleCalls } from './role-calls';

export interface RoleFormValues {
  roleNo: string;
  roleName: string;
  orgId: string;
  roleCategory?: string;
  roleStatus: StatusValue;
  description?: string;
}

export interface RoleFormModalProps {
  open: boolean;
  mode: OpenMode;
  tenantId: string;
  /** The organisation a new role starts in (the tree's selection). */
  defaultOrgId: string;
  row?: RoleRow;
  onClose: () => void;
  onSaved: (row: RoleRow) => void;
}

const FIELD_OF_ERROR: Record<string, keyof RoleFormValues> = {
  [RoleCodes.NO_IN_USE]: 'roleNo',
  [RoleCodes.NO_PATTERN]: 'roleNo',
  [RoleCodes.NAME_PATTERN]: 'roleName',
  [RoleCodes.ORG_REQUIRED]: 'orgId',
  [RoleCodes.ORG_NOT_FOUND]: 'orgId',
};

export default function RoleFormModal({ open, mode, tenantId, defaultOrgId, row, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation(['role', 'common']);
  const { addRole, editRole, OrgField } = useRoleCalls();
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (k: string) => t(`field.${k}` as never) as unknown as string;

  const initialValues = useMemo<Partial<RoleFormValues>>(
    () =>
      mode === 'modify' && row
        ? {
            roleNo: row.roleNo,
            roleName: row.roleName,
            orgId: row.orgId,
            roleCategory: row.roleCategory,
            roleStatus: row.roleStatus,
            description: row.description,
          }
        : { orgId: defaultOrgId, roleStatus: Status.ENABLED },
    [mode, row, defaultOrgId],
  );

  const save = async (v: RoleFormValues) => {
    const body = {
      tenantId,
      orgId: v.orgId,
      roleNo: v.roleNo.trim(),
      roleName: v.roleName.trim(),
      roleCategory: v.roleCategory?.trim() ?? '',
      roleStatus: v.roleStatus,
      description: v.description?.trim() ?? '',
    };
    onSaved(mode === 'modify' && row ? await editRole({ roleId: row.roleId, ...body }, { noToast: true }) : await addRole(body, { noToast: true }));
  };

  return (
    <FormModal<RoleFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
    >
      <Form.Item
        name="roleNo"
        label={label('roleNo')}
        rules={textRules(tr, label('roleNo'), {
          required: true,
          max: ROLE_RULES.roleNo.max,
          pattern: ROLE_RULES.roleNo.pattern,
          patternMessage: t('noPattern'),
        })}
      >
        <Input placeholder={t('placeholder.roleNo')} maxLength={ROLE_RULES.roleNo.max} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="roleName"
        label={label('roleName')}
        rules={textRules(tr, label('roleName'), {
          required: true,
          max: ROLE_RULES.roleName.max,
          pattern: ROLE_RULES.roleName.pattern,
          patternMessage: t('namePattern'),
        })}
      >
        <Input placeholder={t('placeholder.roleName')} maxLength={ROLE_RULES.roleName.max} showCount />
      </Form.Item>
      <Form.Item name="orgId" label={label('org')} rules={[{ required: true, message: t('orgRequired') }]}>
        <OrgField tenantId={tenantId} initialLabel={mode === 'modify' ? row?.orgName : undefined} />
      </Form.Item>
      <Form.Item name="roleCategory" label={label('roleCategory')} rules={textRules(tr, label('roleCategory'), { max: ROLE_RULES.roleCategory.max })}>
        <Input placeholder={t('placeholder.roleCategory')} maxLength={ROLE_RULES.roleCategory.max} />
      </Form.Item>
      <Form.Item name="roleStatus" label={label('roleStatus')} rules={[requiredRule(tr, label('roleStatus'), 'select')]}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            { label: t('common:disabled'), value: Status.DISABLED },
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: ROLE_RULES.description.max })}>
        <Input.TextArea placeholder={t('placeholder.description')} maxLength={ROLE_RULES.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}
