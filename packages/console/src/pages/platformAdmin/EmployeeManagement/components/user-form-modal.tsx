/**
 * New / Modify user (SPEC §3 User, §5 User): tenant (chosen when adding, fixed when modifying), user
 * name, password (required when adding, optional when modifying, checked against the password rule),
 * employee name and code, gender, affiliated organisation (required; the tenant's organisation tree)
 * and default organisation, station (the tenant's stations), effective and expiry dates (both required,
 * effective ≤ expiry), status, e-mail, mobile, office and home numbers, ID-card number, avatar and face
 * photo (images ≤ 500K), work signature and description. Rules from USER_RULES (user-form-rules.ts).
 * Modify loads the record fresh (`getuser`); server errors stay in the modal, on the field they concern.
 * The tenant area (issue 5) uses the same form through `variant`: no tenant field (the tenant is the one
 * being administered), its own organisation and station pickers, its own calls, and the tenant's default
 * validity of new users: a new user's expiry date starts as (and follows) the effective date plus it.
 */
import { useMemo, type ReactNode } from 'react';
import { Col, DatePicker, Divider, Form, Input, Radio, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, USER_RULES, UserCodes, type StatusValue, type UserAddBody, type UserRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, type Translate } from '../../../../components/FormModal/rules';
import StationSelect from '../../../../components/StationSelect';
import ImageUpload from '../../../../components/ImageUpload';
import OrgTreePicker from '../../../../components/OrgTreePicker';
import { addUser, editUser, getUser } from '../../../../api/user';
import TenantSelect from './tenant-select';
import { passwordStrengthRule, usePasswordRule } from './password-rule';
import { userFormRules } from './user-form-rules';

/** Values of the form; dates are dayjs values. */
export interface UserFormValues {
  tenantId: string;
  username: string;
  password?: string;
  employeeName?: string;
  employeeCode?: string;
  gender?: '' | 'M' | 'F';
  orgId: string;
  defaultOrgId?: string;
  stationId?: string;
  effectiveDate: Dayjs;
  expiryDate: Dayjs;
  status: StatusValue;
  email?: string;
  mobile?: string;
  officePhone?: string;
  homePhone?: string;
  idCard?: string;
  avatar?: string;
  facePhoto?: string;
  signature?: string;
  description?: string;
}

/** The tenant area's layout of the form (pages/tenancy/EmployeeManagement). */
export interface UserFormVariant {
  get: (id: string) => Promise<UserRow>;
  add: (body: Omit<UserAddBody, 'tenantId' | 'password'> & { password: string }, opts: { noToast: true }) => Promise<UserRow>;
  edit: typeof editUser;
  /** An organisation field (the form injects value, onChange and id); `initialLabel`: the record's organisation name. */
  orgPicker: (p: { placeholder: string; initialLabel?: string }) => ReactNode;
  /** A station field (the form injects value, onChange and id); `valueLabel`: the record's station name. */
  stationPicker: (p: { placeholder: string; valueLabel?: string }) => ReactNode;
  /** A new user's expiry date (YYYY-MM-DD) for an effective date; undefined: no default (2099-12-31). */
  expiryFor?: (effectiveDate: string) => string | undefined;
}

export interface UserFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: UserRow;
  /** The tenant chosen on the page: the new user's tenant to start with. */
  defaultTenantId?: string;
  onClose: () => void;
  onSaved: (row: UserRow) => void;
  /** The tenant area's layout and calls; without it the platform's (tenant chosen in the form). */
  variant?: UserFormVariant;
}

const FIELD_OF_ERROR: Record<string, keyof UserFormValues> = {
  [UserCodes.USERNAME_IN_USE]: 'username',
  [UserCodes.MOBILE_IN_USE]: 'mobile',
  [UserCodes.EMAIL_IN_USE]: 'email',
  [UserCodes.ORG_NOT_FOUND]: 'orgId',
  [UserCodes.AVATAR_TOO_LARGE]: 'avatar',
  [UserCodes.AVATAR_NOT_IMAGE]: 'avatar',
  [UserCodes.FACE_PHOTO_TOO_LARGE]: 'facePhoto',
  [UserCodes.FACE_PHOTO_NOT_IMAGE]: 'facePhoto',
  [UserCodes.STATION_NOT_FOUND]: 'stationId',
  'password.strength_failed': 'password',
};

const half = { xs: 24, md: 12 };

export default function UserFormModal({ open, mode, row, defaultTenantId, onClose, onSaved, variant }: UserFormModalProps) {
  const { t } = useTranslation(['user', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (f: string) => t(`field.${f}` as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const rule = usePasswordRule();
  const rules = useMemo(() => userFormRules(tr, label), [t]); // eslint-disable-line react-hooks/exhaustive-deps

  const fresh = useQuery({
    queryKey: ['user', row?.id, variant ? 'tenant' : 'platform'],
    queryFn: () => (variant?.get ?? getUser)(row!.id),
    enabled: open && modifying,
    staleTime: 0,
    gcTime: 0,
  });
  const record = modifying ? fresh.data : undefined;

  const initialValues = useMemo<Partial<UserFormValues> | undefined>(() => {
    if (mode === 'add') {
      const effectiveDate = dayjs().startOf('day');
      const expiry = variant?.expiryFor?.(effectiveDate.format('YYYY-MM-DD'));
      return { tenantId: defaultTenantId, status: Status.ENABLED, gender: '', effectiveDate, expiryDate: dayjs(expiry ?? '2099-12-31') };
    }
    if (!record) return undefined;
    const {
      tenantId,
      username,
      employeeName,
      employeeCode,
      gender,
      orgId,
      defaultOrgId,
      stationId,
      status,
      email,
      mobile,
      officePhone,
      homePhone,
      idCard,
      avatar,
      facePhoto,
      signature,
      description,
    } = record;
    return {
      tenantId,
      username,
      employeeName,
      employeeCode,
      gender,
      orgId: orgId || undefined,
      defaultOrgId: defaultOrgId || undefined,
      stationId: stationId || undefined,
      status,
      email,
      mobile,
      officePhone,
      homePhone,
      idCard,
      avatar: avatar || undefined,
      facePhoto: facePhoto || undefined,
      signature,
      description,
      effectiveDate: record.effectiveDate ? dayjs(record.effectiveDate) : undefined,
      expiryDate: record.expiryDate ? dayjs(record.expiryDate) : undefined,
    };
  }, [mode, record, defaultTenantId, variant]);

  const save = async (v: UserFormValues) => {
    const s = (x: string | undefined) => x?.trim() ?? '';
    const body = {
      username: s(v.username),
      employeeName: s(v.employeeName),
      employeeCode: s(v.employeeCode),
      gender: v.gender ?? '',
      orgId: v.orgId,
      defaultOrgId: v.defaultOrgId ?? '',
      stationId: v.stationId ?? '',
      effectiveDate: v.effectiveDate.format('YYYY-MM-DD'),
      expiryDate: v.expiryDate.format('YYYY-MM-DD'),
      status: v.status,
      email: s(v.email),
      mobile: s(v.mobile),
      officePhone: s(v.officePhone),
      homePhone: s(v.homePhone),
      idCard: s(v.idCard),
      avatar: v.avatar ?? '',
      facePhoto: v.facePhoto ?? '',
      signature: s(v.signature),
      description: s(v.description),
    };
    const saved =
      modifying && record
        ? await (variant?.edit ?? editUser)({ id: record.id, ...body, password: v.password || undefined }, { noToast: true })
        : variant
          ? await variant.add({ ...body, password: v.password ?? '' }, { noToast: true })
          : await addUser({ tenantId: v.tenantId, ...body, password: v.password ?? '' }, { noToast: true });
    onSaved(saved);
  };

  return (
    <FormModal<UserFormValues>
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
      <UserFormBody mode={mode} record={record} rules={rules} passwordRule={rule} label={label} variant={variant} />
    </FormModal>
  );
}

/** The fields; a child of the modal's form, so it can watch the tenant. */
function UserFormBody({
  mode,
  record,
  rules,
  passwordRule,
  label,
  variant,
}: {
  mode: OpenMode;
  record: UserRow | undefined;
  rules: ReturnType<typeof userFormRules>;
  passwordRule: string | undefined;
  label: (f: string) => string;
  variant: UserFormVariant | undefined;
}) {
  const { t } = useTranslation(['user', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const form = Form.useFormInstance<UserFormValues>();
  const watchedTenant = Form.useWatch('tenantId', form);
  const tenantId = variant ? 'current' : watchedTenant;
  const protectedUser = !!record?.superManager;
  // A new user's default expiry follows the effective date until the expiry is chosen by hand.
  const followExpiry = (d: Dayjs | null) => {
    const expiry = mode === 'add' && d && !form.isFieldTouched('expiryDate') ? variant?.expiryFor?.(d.format('YYYY-MM-DD')) : undefined;
    if (expiry) form.setFieldValue('expiryDate', dayjs(expiry));
  };
  const item = (name: keyof UserFormValues, children: React.ReactNode, extra?: object) => (
    <Col {...half}>
      <Form.Item name={name} label={label(name === 'tenantId' ? 'tenant' : name)} rules={(rules as Record<string, unknown[]>)[name] as never} {...extra}>
        {children}
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        {t('section.account')}
      </Divider>
      <Row gutter={16}>
        {!variant &&
          item(
            'tenantId',
            <TenantSelect
              placeholder={t('placeholder.tenant')}
              disabled={mode === 'modify'}
              valueLabel={record ? `${record.tenantName} (${record.tenantCode})` : undefined}
              onChange={(v) => {
                form.setFieldsValue({ tenantId: v ?? '', orgId: undefined as never, defaultOrgId: undefined, stationId: undefined });
              }}
              aria-label={label('tenant')}
            />,
          )}
        {item('username', <Input placeholder={t('placeholder.username')} maxLength={USER_RULES.username.max} autoComplete="off" />)}
        <Col {...half}>
          <Form.Item
            name="password"
            label={label('password')}
            rules={[...(mode === 'add' ? [requiredRule(tr, label('password'))] : []), passwordStrengthRule(passwordRule, t('errors:password.strength_failed'))]}
          >
            <Input.Password placeholder={mode === 'add' ? t('placeholder.passwordAdd') : t('placeholder.passwordEdit')} autoComplete="new-password" />
          </Form.Item>
        </Col>
        {item(
          'status',
          <Radio.Group
            options={[
              { label: t('common:enabled'), value: Status.ENABLED },
              { label: t('common:disabled'), value: Status.DISABLED, disabled: protectedUser, title: protectedUser ? t('protectedTip') : undefined },
            ]}
          />,
          { rules: [requiredRule(tr, label('status'), 'select')] },
        )}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('section.employee')}
      </Divider>
      <Row gutter={16}>
        {item('employeeName', <Input placeholder={t('placeholder.employeeName')} maxLength={USER_RULES.employeeName.max} />)}
        {item('employeeCode', <Input placeholder={t('placeholder.employeeCode')} maxLength={USER_RULES.employeeCode.max} />)}
        {item(
          'gender',
          <Radio.Group
            options={[
              { label: t('gender.M'), value: 'M' },
              { label: t('gender.F'), value: 'F' },
            ]}
          />,
        )}
        {item(
          'orgId',
          variant ? (
            variant.orgPicker({ placeholder: t('placeholder.orgId'), initialLabel: record?.orgName })
          ) : (
            <OrgTreePicker tenantId={tenantId || undefined} placeholder={tenantId ? t('placeholder.orgId') : t('chooseTenantFirst')} />
          ),
        )}
        {item(
          'defaultOrgId',
          variant ? (
            variant.orgPicker({ placeholder: t('placeholder.defaultOrgId'), initialLabel: record?.defaultOrgName })
          ) : (
            <OrgTreePicker tenantId={tenantId || undefined} placeholder={tenantId ? t('placeholder.defaultOrgId') : t('chooseTenantFirst')} />
          ),
        )}
        {item(
          'stationId',
          variant ? (
            variant.stationPicker({ placeholder: t('placeholder.stationId'), valueLabel: record?.stationName })
          ) : (
            <StationSelect
              tenantId={tenantId || undefined}
              valueLabel={record?.stationName}
              placeholder={tenantId ? t('placeholder.stationId') : t('chooseTenantFirst')}
            />
          ),
        )}
        {item('effectiveDate', <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" onChange={followExpiry} />)}
        {item('expiryDate', <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />, { dependencies: ['effectiveDate'] })}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('section.contact')}
      </Divider>
      <Row gutter={16}>
        {item('mobile', <Input placeholder={t('placeholder.mobile')} maxLength={USER_RULES.mobile.max} inputMode="numeric" />)}
        {item('email', <Input placeholder={t('placeholder.email')} maxLength={USER_RULES.email.max} />)}
        {item('officePhone', <Input placeholder={t('placeholder.phone')} maxLength={USER_RULES.phone.max} />)}
        {item('homePhone', <Input placeholder={t('placeholder.phone')} maxLength={USER_RULES.phone.max} />)}
        {item('idCard', <Input placeholder={t('placeholder.idCard')} maxLength={USER_RULES.idCard.max} />)}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('section.other')}
      </Divider>
      <Row gutter={16}>
        {item(
          'avatar',
          <ImageUpload label={label('avatar')} previewUrl={record?.avatarUrl} hint={t('avatarHint')} maxBytes={USER_RULES.avatarBytes} size={88} />,
        )}
        {item(
          'facePhoto',
          <ImageUpload label={label('facePhoto')} previewUrl={record?.facePhotoUrl} hint={t('facePhotoHint')} maxBytes={USER_RULES.avatarBytes} size={88} />,
        )}
        {item(
          'signature',
          <Input.TextArea placeholder={t('placeholder.signature')} maxLength={USER_RULES.signature.max} autoSize={{ minRows: 3, maxRows: 4 }} />,
        )}
        <Col span={24}>
          <Form.Item name="description" label={label('description')} rules={rules.description}>
            <Input.TextArea placeholder={t('placeholder.description')} maxLength={USER_RULES.description.max} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
