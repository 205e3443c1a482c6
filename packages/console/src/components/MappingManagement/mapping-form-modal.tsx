/**
 * New / Modify mapping (SPEC §2 orgMappingManagement, employeeMappingManagement): application (required),
 * the subject (required: an organisation in the lazy TenantOrgTreeSelect, or a user among the tenant's
 * users — both limited by the server to the caller's data scope), the external field (the application's
 * organisation code or the user's account there: required, ≤ 100, letters, digits and . _ - @; unique in
 * the application) and name (≤ 100). Rules come from MAPPING_RULES, the same the server checks; server
 * errors stay in the modal on their field.
 */
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAPPING_RULES } from '@mp/protocol';
import FormModal, { type OpenMode } from '../FormModal';
import { requiredRule, textRules, type Translate } from '../FormModal/rules';
import AppSelect from './app-select';
import { mappingValues, saveMapping, type MappingFormValues, type MappingKindDef, type MappingRowBase } from './kinds';

export interface MappingFormModalProps<R extends MappingRowBase> {
  def: MappingKindDef<R>;
  open: boolean;
  mode: OpenMode;
  row?: R;
  /** Values to start a new mapping with (the grid's filters). */
  defaults?: Partial<MappingFormValues>;
  onClose: () => void;
  onSaved: () => void;
}

export default function MappingFormModal<R extends MappingRowBase>({ def, open, mode, row, defaults, onClose, onSaved }: MappingFormModalProps<R>) {
  const { t } = useTranslation(['mapping', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const text = (k: string) => t(k as never) as unknown as string;
  const modifying = mode === 'modify' && row ? row : undefined;
  const labels = { productId: t('app'), subject: text(def.subjectLabel), external: text(def.externalLabel), externalName: text(`${def.text}.externalName`) };
  const rule = MAPPING_RULES[def.external];

  const initialValues = useMemo<Partial<MappingFormValues>>(() => (modifying ? mappingValues(def, modifying) : { ...defaults }), [def, modifying, defaults]);

  const save = async (v: MappingFormValues) => {
    await saveMapping(def, modifying, v);
    onSaved();
  };

  return (
    <FormModal<MappingFormValues>
      open={open}
      mode={mode}
      titles={{ add: text(`${def.text}.addTitle`), modify: text(`${def.text}.modifyTitle`) }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => def.fieldOfError[scode]}
      layout="vertical"
    >
      <Form.Item name="productId" label={labels.productId} rules={[requiredRule(tr, labels.productId, 'select')]}>
        <AppSelect kind={def.kind} />
      </Form.Item>
      <Form.Item name={def.subject} label={labels.subject} rules={[requiredRule(tr, labels.subject, 'select')]}>
        {def.subjectPicker(t, modifying)}
      </Form.Item>
      <Form.Item
        name={def.external}
        label={labels.external}
        rules={textRules(tr, labels.external, { required: true, max: rule.max, pattern: rule.pattern, patternMessage: t('codePattern') })}
      >
        <Input placeholder={text(def.externalPlaceholder)} maxLength={rule.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="externalName" label={labels.externalName} rules={textRules(tr, labels.externalName, { max: MAPPING_RULES.externalName.max })}>
        <Input placeholder={text(`${def.text}.placeholderName`)} maxLength={MAPPING_RULES.externalName.max} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
