/**
 * New / Modify product (SPEC §3 Application, §5 Application): every field — name, code, abbreviation,
 * version, status, built-in flag, callback address, logo, description; production department, person in
 * charge with e-mail and telephone, operations person in charge, administrators chosen from users.
 * Required per SPEC §5: name, abbreviation, production department, status, callback address, person in
 * charge, operations person, version, code; e-mail and telephone format-checked. Rules come from
 * PRODUCT_RULES (the server checks the same). The code and the built-in flag are fixed after creation.
 * Modify loads the record fresh (`getproduct`). Server errors stay in the modal, on their field when
 * they concern one.
 */
import { useMemo } from 'react';
import { Checkbox, Col, Divider, Form, Input, Radio, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_RULES, ProductCodes, SsoMode, Status, type ProductRow, type SsoModeValue, type StatusValue } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import ImageUpload from '../../../../components/ImageUpload';
import UserPicker from '../../../../components/UserPicker';
import { addProduct, editProduct, getProduct, listProductAdminCandidates } from '../../../../api/product';

/** Values of the form; `code` and `builtIn` are ignored when modifying. */
export interface ProductFormValues {
  name: string;
  code: string;
  abbreviation: string;
  version: string;
  status: StatusValue;
  builtIn: boolean;
  callbackUrl: string;
  ssoMode: SsoModeValue;
  logo?: string;
  description?: string;
  department: string;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string;
  opsOwner: string;
  adminIds: string[];
}

export interface ProductFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: ProductRow;
  onClose: () => void;
  onSaved: (row: ProductRow) => void;
}

const ADD_DEFAULTS: Partial<ProductFormValues> = { status: Status.ENABLED, builtIn: false, ssoMode: SsoMode.OIDC, adminIds: [] };

/** Server codes that concern one field. */
const FIELD_OF_ERROR: Record<string, keyof ProductFormValues> = {
  [ProductCodes.CODE_IN_USE]: 'code',
  [ProductCodes.CODE_PATTERN]: 'code',
  [ProductCodes.VERSION_PATTERN]: 'version',
  [ProductCodes.URL_INVALID]: 'callbackUrl',
  [ProductCodes.EMAIL_INVALID]: 'ownerEmail',
  [ProductCodes.PHONE_INVALID]: 'ownerPhone',
  [ProductCodes.ADMIN_NOT_FOUND]: 'adminIds',
};

const searchCandidates = (keyword: string) => listProductAdminCandidates({ keyword, page: 1, pageSize: 20 });

/** See the module docs. */
export default function ProductFormModal({ open, mode, row, onClose, onSaved }: ProductFormModalProps) {
  const { t } = useTranslation(['product', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const R = PRODUCT_RULES;

  const fresh = useQuery({ queryKey: ['product', row?.id], queryFn: () => getProduct(row!.id), enabled: open && modifying, staleTime: 0, gcTime: 0 });
  const record = modifying ? fresh.data : undefined;

  const initialValues = useMemo<Partial<ProductFormValues> | undefined>(() => {
    if (mode === 'add') return ADD_DEFAULTS;
    if (!record) return undefined;
    const { admins, id: _id, logoUrl: _l, creator: _c, createdAt: _a, updatedAt: _u, ...rest } = record;
    return { ...rest, adminIds: admins.map((a) => a.id) };
  }, [mode, record]);

  const label = (f: string) => t(`field.${f}` as never) as unknown as string;
  const text = (f: keyof typeof R & string, required = true, extra: { pattern?: RegExp; patternMessage?: string } = {}) => {
    const rule = R[f] as { max: number };
    return textRules(tr, label(f), { required, max: rule.max, ...extra });
  };
  const input = (f: keyof typeof R & string) => ({
    placeholder: t(`placeholder.${f}` as never) as unknown as string,
    maxLength: (R[f] as { max: number }).max,
    autoComplete: 'off',
  });

  const save = async (v: ProductFormValues) => {
    const body = {
      name: v.name.trim(),
      abbreviation: v.abbreviation.trim(),
      version: v.version.trim(),
      status: v.status,
      callbackUrl: v.callbackUrl.trim(),
      ssoMode: v.ssoMode,
      logo: v.logo ?? '',
      description: v.description?.trim() ?? '',
      department: v.department.trim(),
      ownerName: v.ownerName.trim(),
      ownerEmail: v.ownerEmail.trim(),
      ownerPhone: v.ownerPhone.trim(),
      opsOwner: v.opsOwner.trim(),
      adminIds: v.adminIds ?? [],
    };
    const saved =
      modifying && record
        ? await editProduct({ id: record.id, ...body }, { noToast: true })
        : await addProduct({ code: v.code.trim(), builtIn: v.builtIn, ...body }, { noToast: true });
    onSaved(saved);
  };

  const half = { xs: 24, md: 12 };
  return (
    <FormModal<ProductFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      width="middle"
      initialValues={initialValues}
      loading={modifying && fresh.isLoading}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
      layout="vertical"
      formProps={{ requiredMark: true }}
    >
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        {t('section.basic')}
      </Divider>
      <Row gutter={20}>
        <Col {...half}>
          <Form.Item name="name" label={label('name')} rules={text('name')}>
            <Input {...input('name')} showCount />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="code"
            label={label('code')}
            extra={modifying ? t('codeLocked') : undefined}
            rules={modifying ? [] : text('code', true, { pattern: R.code.pattern, patternMessage: t('codePattern') })}
          >
            <Input {...input('code')} disabled={modifying} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="abbreviation" label={label('abbreviation')} rules={text('abbreviation')}>
            <Input {...input('abbreviation')} showCount />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="version" label={label('version')} rules={text('version', true, { pattern: R.version.pattern, patternMessage: t('versionPattern') })}>
            <Input {...input('version')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="status" label={label('status')} rules={[requiredRule(tr, label('status'), 'select')]}>
            <Radio.Group
              options={[
                { label: t('common:enabled'), value: Status.ENABLED },
                { label: t('common:disabled'), value: Status.DISABLED },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="builtIn" label={label('builtIn')} valuePropName="checked" extra={t('builtInFixed')}>
            <Checkbox disabled={modifying}>{t('builtIn')}</Checkbox>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="callbackUrl"
            label={label('callbackUrl')}
            rules={text('callbackUrl', true, { pattern: R.callbackUrl.pattern, patternMessage: t('urlInvalid') })}
          >
            <Input {...input('callbackUrl')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="ssoMode" label={label('ssoMode')} extra={t('ssoModeHint')} rules={[requiredRule(tr, label('ssoMode'), 'select')]}>
            <Radio.Group
              options={[
                { label: t('ssoModes.oidc'), value: SsoMode.OIDC },
                { label: t('ssoModes.ssoQuery'), value: SsoMode.SSO_QUERY },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="logo" label={label('logo')}>
            <ImageUpload label={label('logo')} previewUrl={record?.logoUrl || undefined} hint={t('logoHint')} size={88} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="description" label={label('description')} rules={text('description', false)}>
            <Input.TextArea {...input('description')} showCount autoSize={{ minRows: 3, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        {t('section.people')}
      </Divider>
      <Row gutter={20}>
        <Col {...half}>
          <Form.Item name="department" label={label('department')} rules={text('department')}>
            <Input {...input('department')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="opsOwner" label={label('opsOwner')} rules={text('opsOwner')}>
            <Input {...input('opsOwner')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="ownerName" label={label('ownerName')} rules={text('ownerName')}>
            <Input {...input('ownerName')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="ownerPhone"
            label={label('ownerPhone')}
            rules={text('ownerPhone', true, { pattern: R.ownerPhone.pattern, patternMessage: t('phoneInvalid') })}
          >
            <Input {...input('ownerPhone')} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="ownerEmail"
            label={label('ownerEmail')}
            rules={text('ownerEmail', true, { pattern: R.ownerEmail.pattern, patternMessage: t('emailInvalid') })}
          >
            <Input {...input('ownerEmail')} inputMode="email" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="adminIds" label={label('admins')}>
            <UserPicker search={searchCandidates} known={record?.admins} placeholder={t('placeholder.admins')} max={R.adminsMax} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
