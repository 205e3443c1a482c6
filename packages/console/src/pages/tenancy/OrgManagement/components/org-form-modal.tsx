/**
 * Add / Modify organisation (SPEC §3 Organisation, §5 Organisation): code (required, ≤ 50, letters,
 * digits, `_`, `-`, unique in the tenant), name (required, ≤ 50, no single quote or angle bracket), type
 * 0–6 (required), sort order (integer 0–999999), status (required) and description (≤ 200). Rules come
 * from ORG_RULES, the same the server checks; server errors stay in the modal on their field. A new
 * organisation goes under `parent` (organisation management) or is single (element library).
 */
import { useMemo } from 'react';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_RULES, OrganisationCodes, Status, type StatusValue, type TenantOrgNode, type TenantOrgRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { addOrg, editOrg } from '../../../../api/organisation';
import { useOrgTypes } from './org-type';

export interface OrgFormValues {
  code: string;
  name: string;
  type?: number;
  sort?: number | null;
  status: StatusValue;
  description?: string;
}

export interface OrgFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: TenantOrgRow;
  /** Where a new organisation goes (absent: a single organisation). */
  parent?: Pick<TenantOrgNode, 'id' | 'name'>;
  onClose: () => void;
  onSaved: () => void;
}

const FIELD_OF_ERROR: Record<string, keyof OrgFormValues> = {
  [OrganisationCodes.NAME_PATTERN]: 'name',
  [OrganisationCodes.CODE_PATTERN]: 'code',
  [OrganisationCodes.CODE_IN_USE]: 'code',
  [OrganisationCodes.TYPE_INVALID]: 'type',
  [OrganisationCodes.SORT_INVALID]: 'sort',
  [OrganisationCodes.ROOT_FIXED]: 'status',
};

export default function OrgFormModal({ open, mode, row, parent, onClose, onSaved }: OrgFormModalProps) {
  const { t } = useTranslation(['organisation', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (k: string) => t(`field.${k}` as never) as unknown as string;
  const types = useOrgTypes();

  const initialValues = useMemo<Partial<OrgFormValues>>(
    () =>
      mode === 'modify' && row
        ? { code: row.code, name: row.name, type: row.type, sort: row.sort, status: row.status === 1 ? 1 : 0, description: row.description }
        : { status: Status.ENABLED, sort: 1 },
    [mode, row],
  );

  const save = async (v: OrgFormValues) => {
    const body = { code: v.code.trim(), name: v.name.trim(), type: v.type, sort: v.sort ?? 0, status: v.status, description: v.description?.trim() ?? '' };
    if (mode === 'modify' && row) await editOrg({ id: row.id, ...body }, { noToast: true });
    else await addOrg({ ...body, parentId: parent?.id }, { noToast: true });
    onSaved();
  };

  return (
    <FormModal<OrgFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
    >
      {mode === 'add' && parent && (
        <Form.Item label={label('parent')}>
          <Input value={parent.name} disabled />
        </Form.Item>
      )}
      <Form.Item
        name="code"
        label={label('code')}
        rules={textRules(tr, label('code'), { required: true, max: ORG_RULES.code.max, pattern: ORG_RULES.code.pattern, patternMessage: t('codePattern') })}
      >
        <Input placeholder={t('placeholder.code')} maxLength={ORG_RULES.code.max} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={label('name')}
        rules={textRules(tr, label('name'), { required: true, max: ORG_RULES.name.max, pattern: ORG_RULES.name.pattern, patternMessage: t('namePattern') })}
      >
        <Input placeholder={t('placeholder.name')} maxLength={ORG_RULES.name.max} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item name="type" label={label('type')} rules={[requiredRule(tr, label('type'), 'select')]}>
        <Select placeholder={t('placeholder.type')} options={types.options} showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="sort" label={label('sort')} rules={[{ type: 'integer', min: ORG_RULES.sort.min, max: ORG_RULES.sort.max, message: t('sortPattern') }]}>
        <InputNumber min={ORG_RULES.sort.min} max={ORG_RULES.sort.max} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="status" label={label('status')} rules={[requiredRule(tr, label('status'), 'select')]}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            { label: t('common:disabled'), value: Status.DISABLED },
          ]}
          disabled={row?.root}
        />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: ORG_RULES.description.max })}>
        <Input.TextArea placeholder={t('placeholder.description')} maxLength={ORG_RULES.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}
