/**
 * New / Modify organisation mapping (SPEC §2 orgMappingManagement): application (required), organisation
 * (required; the lazy TenantOrgTreeSelect, limited by the server to the caller's data scope), the
 * application's organisation code (required, ≤ 100, letters, digits and . _ - @; unique in the
 * application) and name (≤ 100). Rules come from MAPPING_RULES, the same the server checks; server
 * errors stay in the modal on their field.
 */
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAPPING_RULES, MappingCodes, type OrgMappingRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { TenantOrgTreeSelect } from '../../../../components/TenantOrgTree';
import { addOrgMapping, editOrgMapping } from '../../../../api/mapping';
import AppSelect from './app-select';

export interface OrgMappingFormValues { productId: string; orgId: string; externalCode: string; externalName?: string }

const FIELD_OF_ERROR: Record<string, keyof OrgMappingFormValues> = {
  [MappingCodes.APP_NOT_FOUND]: 'productId',
  [MappingCodes.ORG_NOT_FOUND]: 'orgId',
  [MappingCodes.ORG_MAPPED]: 'orgId',
  [MappingCodes.CODE_IN_USE]: 'externalCode',
  [MappingCodes.CODE_PATTERN]: 'externalCode',
};

export interface OrgMappingFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: OrgMappingRow;
  /** Values to start a new mapping with (the grid's application filter). */
  defaults?: Partial<OrgMappingFormValues>;
  onClose: () => void;
  onSaved: () => void;
}

export default function OrgMappingFormModal({ open, mode, row, defaults, onClose, onSaved }: OrgMappingFormModalProps) {
  const { t } = useTranslation(['mapping', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const labels = { productId: t('app'), orgId: t('org.org'), externalCode: t('org.externalCode'), externalName: t('org.externalName') };

  const initialValues = useMemo<Partial<OrgMappingFormValues>>(() => (mode === 'modify' && row
    ? { productId: row.productId, orgId: row.orgId, externalCode: row.externalCode, externalName: row.externalName }
    : { ...defaults }), [mode, row, defaults]);

  const save = async (v: OrgMappingFormValues) => {
    const body = { productId: v.productId, orgId: v.orgId, externalCode: v.externalCode.trim(), externalName: v.externalName?.trim() ?? '' };
    if (mode === 'modify' && row) await editOrgMapping({ id: row.id, ...body }, { noToast: true });
    else await addOrgMapping(body, { noToast: true });
    onSaved();
  };

  return (
    <FormModal<OrgMappingFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('org.addTitle'), modify: t('org.modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
      layout="vertical"
    >
      <Form.Item name="productId" label={labels.productId} rules={[requiredRule(tr, labels.productId, 'select')]}>
        <AppSelect kind="org" />
      </Form.Item>
      <Form.Item name="orgId" label={labels.orgId} rules={[requiredRule(tr, labels.orgId, 'select')]}>
        <TenantOrgTreeSelect placeholder={t('org.chooseOrg')} initialLabel={mode === 'modify' ? row?.orgName : undefined} allowClear={false} />
      </Form.Item>
      <Form.Item name="externalCode" label={labels.externalCode}
        rules={textRules(tr, labels.externalCode, { required: true, max: MAPPING_RULES.externalCode.max, pattern: MAPPING_RULES.externalCode.pattern, patternMessage: t('codePattern') })}>
        <Input placeholder={t('org.placeholderCode')} maxLength={MAPPING_RULES.externalCode.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="externalName" label={labels.externalName} rules={textRules(tr, labels.externalName, { max: MAPPING_RULES.externalName.max })}>
        <Input placeholder={t('org.placeholderName')} maxLength={MAPPING_RULES.externalName.max} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
