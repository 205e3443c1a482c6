/**
 * New / Modify code table entry (SPEC §9 code types 1, 4, 5): type, key (letters, digits, `_.-`, ≤ 50),
 * value (≤ 200; a valid regular expression for the password rule and verification rules), order and
 * description (≤ 200) — the rules of SYSCONFIG_RULES the server applies. A rule can be tried on a
 * sample password before saving. The key and type of an entry being modified stay as they are.
 */
import { useState } from 'react';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CodeTypes, isValidRegex, REGEX_CODE_TYPES, SysconfigCodes, SYSCONFIG_RULES as R, type CodeTableRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';

export interface CodeEntryModalProps {
  open: boolean;
  mode: OpenMode;
  row?: CodeTableRow;
  onClose: () => void;
  /** Saves the entry; rejects with the server's error (shown in the modal). */
  onSubmit: (row: CodeTableRow) => Promise<unknown>;
}

const FIELD_ERRORS: Record<string, keyof CodeTableRow> = {
  [SysconfigCodes.CODE_KEY_DUPLICATE]: 'codeKey',
  [SysconfigCodes.REGEX_INVALID]: 'codeVal',
};

/** The sample-password check under a rule's value. */
function TryRule() {
  const { t } = useTranslation('sysconfig');
  const [sample, setSample] = useState('');
  const codeVal = Form.useWatch('codeVal') as string | undefined;
  const valid = codeVal ? isValidRegex(codeVal) : false;
  const matches = valid && sample ? new RegExp(codeVal!).test(sample) : undefined;
  return (
    <Form.Item label={t('codeTable.tryPassword')}>
      <Input
        placeholder={t('codeTable.tryPlaceholder')}
        value={sample}
        onChange={(e) => setSample(e.target.value)}
        aria-label={t('codeTable.tryPassword')}
        autoComplete="off"
      />
      {matches !== undefined && (
        <Typography.Text type={matches ? 'success' : 'danger'} style={{ display: 'block', marginTop: 4 }}>
          {matches ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />}{' '}
          {t(matches ? 'codeTable.tryMatch' : 'codeTable.tryNoMatch')}
        </Typography.Text>
      )}
    </Form.Item>
  );
}

/** See the module docs. */
export default function CodeEntryModal({ open, mode, row, onClose, onSubmit }: CodeEntryModalProps) {
  const { t } = useTranslation(['sysconfig', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (k: string) => t(`codeTable.${k}` as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const initialValues = modifying ? row : { codeType: CodeTypes.SYS_SET, sort: 0 };

  const regexRule = ({ getFieldValue }: { getFieldValue(n: string): unknown }) => ({
    validator: (_: unknown, value: string) =>
      !value || !REGEX_CODE_TYPES.includes(Number(getFieldValue('codeType'))) || isValidRegex(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('codeTable.regexInvalid'))),
  });

  return (
    <FormModal<CodeTableRow>
      open={open}
      mode={mode}
      titles={{ add: t('codeTable.addTitle'), modify: t('codeTable.modifyTitle') }}
      initialValues={initialValues}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_ERRORS[scode]}
      onSubmit={(v) =>
        onSubmit({
          codeType: Number(v.codeType),
          codeKey: v.codeKey.trim(),
          codeVal: v.codeVal.trim(),
          sort: v.sort ?? 0,
          description: v.description?.trim() ?? '',
        })
      }
    >
      <Form.Item name="codeType" label={label('codeType')} rules={[requiredRule(tr, label('codeType'), 'select')]}>
        <Select
          disabled={modifying}
          options={[CodeTypes.PASSWORD_RULE, CodeTypes.SYS_SET, CodeTypes.VERIFY].map((n) => ({ value: n, label: `${n} · ${label(`type${n}`)}` }))}
        />
      </Form.Item>
      <Form.Item
        name="codeKey"
        label={label('codeKey')}
        rules={textRules(tr, label('codeKey'), { required: true, max: R.codeKey.max, pattern: R.codeKey.pattern, patternMessage: t('codeTable.keyPattern') })}
      >
        <Input maxLength={R.codeKey.max} disabled={modifying} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="codeVal"
        label={label('codeVal')}
        dependencies={['codeType']}
        rules={[...textRules(tr, label('codeVal'), { required: true, max: R.codeVal.max }), regexRule]}
      >
        <Input.TextArea maxLength={R.codeVal.max} showCount autoSize={{ minRows: 2, maxRows: 5 }} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.codeType !== b.codeType}>
        {({ getFieldValue }) => (Number(getFieldValue('codeType')) === CodeTypes.PASSWORD_RULE ? <TryRule /> : null)}
      </Form.Item>
      <Form.Item name="sort" label={label('sort')}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: R.codeDescription.max })}>
        <Input.TextArea maxLength={R.codeDescription.max} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
