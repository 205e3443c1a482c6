/**
 * New / Modify tenant (SPEC §2 "Tenant list with new/modify", §3 Tenant, §5 Tenant): name,
 * abbreviation, status, address and logo required; code required, letters and digits only ('The
 * application tenant code must consist of letters and numbers') and not editable when modifying;
 * description optional. Lengths from TENANT_RULES. Modify loads the record fresh (`gettenant`).
 * Server errors stay in the modal; a code already in use is shown on the code field.
 */
import { useMemo } from 'react';
import { Form, Input, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Codes, Status, TENANT_RULES, type StatusValue, type TenantRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import ImageUpload from '../../../../components/ImageUpload';
import { addTenant, editTenant, getTenant } from '../../../../api/tenant';

/** Values of the form; `code` is ignored when modifying. */
export interface TenantFormValues {
  name: string;
  code: string;
  abbreviation: string;
  status: StatusValue;
  address: string;
  logo: string;
  description?: string;
}

export interface TenantFormModalProps {
  open: boolean;
  mode: OpenMode;
  /** The row to modify (mode 'modify'). */
  row?: TenantRow;
  onClose: () => void;
  /** Called with the stored row after a successful save. */
  onSaved: (row: TenantRow) => void;
}

const ADD_DEFAULTS: Partial<TenantFormValues> = { status: Status.ENABLED };

const CODE_FIELD_ERRORS: readonly string[] = [Codes.TENANT_CODE_IN_USE, Codes.TENANT_CODE_PATTERN];

/** See the module docs. */
export default function TenantFormModal({ open, mode, row, onClose, onSaved }: TenantFormModalProps) {
  const { t } = useTranslation(['tenant', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);

  const fresh = useQuery({
    queryKey: ['tenant', row?.id],
    queryFn: () => getTenant(row!.id),
    enabled: open && modifying,
    staleTime: 0,
    gcTime: 0,
  });
  const record = modifying ? (fresh.data ?? undefined) : undefined;

  const initialValues = useMemo<Partial<TenantFormValues> | undefined>(() => {
    if (mode === 'add') return ADD_DEFAULTS;
    if (!record) return undefined;
    const { name, code, abbreviation, status, address, logo, description } = record;
    return { name, code, abbreviation, status, address, logo, description };
  }, [mode, record]);

  const label = (f: keyof TenantRow) => t(`field.${f}` as never) as unknown as string;

  const save = async (v: TenantFormValues) => {
    const body = {
      name: v.name.trim(),
      abbreviation: v.abbreviation.trim(),
      status: v.status,
      address: v.address.trim(),
      logo: v.logo,
      description: v.description?.trim() ?? '',
    };
    const saved =
      modifying && record
        ? await editTenant({ id: record.id, code: record.code, ...body }, { noToast: true })
        : await addTenant({ code: v.code.trim(), ...body }, { noToast: true });
    onSaved(saved);
  };

  return (
    <FormModal<TenantFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      width="small"
      initialValues={initialValues}
      loading={modifying && fresh.isLoading}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => (CODE_FIELD_ERRORS.includes(scode) ? 'code' : undefined)}
    >
      <Form.Item name="name" label={label('name')} rules={textRules(tr, label('name'), { required: true, max: TENANT_RULES.name.max })}>
        <Input placeholder={t('placeholder.name')} maxLength={TENANT_RULES.name.max} showCount />
      </Form.Item>
      <Form.Item
        name="code"
        label={label('code')}
        extra={mode === 'modify' ? t('codeLocked') : undefined}
        rules={
          mode === 'modify'
            ? []
            : textRules(tr, label('code'), {
                required: true,
                max: TENANT_RULES.code.max,
                pattern: TENANT_RULES.code.pattern,
                patternMessage: t('codePattern'),
              })
        }
      >
        <Input placeholder={t('placeholder.code')} maxLength={TENANT_RULES.code.max} disabled={mode === 'modify'} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="abbreviation"
        label={label('abbreviation')}
        rules={textRules(tr, label('abbreviation'), { required: true, max: TENANT_RULES.abbreviation.max })}
      >
        <Input placeholder={t('placeholder.abbreviation')} maxLength={TENANT_RULES.abbreviation.max} showCount />
      </Form.Item>
      <Form.Item name="status" label={label('status')} rules={[requiredRule(tr, label('status'), 'select')]}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            {
              label: t('common:disabled'),
              value: Status.DISABLED,
              disabled: Boolean(record?.builtIn),
              title: record?.builtIn ? t('builtInLocked') : undefined,
            },
          ]}
        />
      </Form.Item>
      <Form.Item name="address" label={label('address')} rules={textRules(tr, label('address'), { required: true, max: TENANT_RULES.address.max })}>
        <Input placeholder={t('placeholder.address')} maxLength={TENANT_RULES.address.max} />
      </Form.Item>
      <Form.Item name="logo" label={label('logo')} rules={[requiredRule(tr, label('logo'), 'upload')]}>
        <ImageUpload label={label('logo')} previewUrl={record?.logoUrl} hint={t('logoHint')} />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: TENANT_RULES.description.max })}>
        <Input.TextArea placeholder={t('placeholder.description')} maxLength={TENANT_RULES.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}
