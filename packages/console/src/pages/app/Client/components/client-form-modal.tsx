/**
 * New / Modify client (SPEC §2 App `client`; docs/clients.md): client ID (optional on add, generated
 * when empty; fixed afterwards), client type (confidential with a secret, or public — single-page and
 * mobile apps, no secret, PKCE S256; chosen on add, fixed afterwards), name, status, grant types (checkboxes;
 * client credentials only for a confidential client), redirect URIs and post-logout
 * redirect URIs (list editors), description. Rules from CLIENT_RULES and the protocol package's checks
 * (the server runs the same). Modify loads the record fresh (`getclient`). Server errors stay in the
 * modal. On add, `onSaved` receives the secret, which the page shows once.
 */
import { useMemo } from 'react';
import { Checkbox, Col, Form, Input, Radio, Row, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ClientCodes,
  CLIENT_RULES,
  GRANT_TYPES,
  normaliseGrantTypes,
  Status,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type ClientRow,
  type ClientWithSecret,
  type GrantType,
  type StatusValue,
  type TokenEndpointAuthMethod,
} from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { addClient, editClient, getClient } from '../../../../api/app-clients';
import UriListField from './uri-list-field';

export interface ClientFormValues {
  clientId?: string;
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  name: string;
  status: StatusValue;
  grantTypes: GrantType[];
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  description?: string;
}

export interface ClientFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: ClientRow;
  onClose: () => void;
  /** After a save: the stored row, and on add the secret answered this once (null for a public client). */
  onSaved: (saved: { row: ClientRow; clientSecret?: string | null }) => void;
}

const ADD_DEFAULTS: Partial<ClientFormValues> = {
  tokenEndpointAuthMethod: 'client_secret_basic',
  status: Status.ENABLED,
  grantTypes: [...CLIENT_RULES.defaultGrantTypes],
  redirectUris: [''],
  postLogoutRedirectUris: [],
};

const FIELD_OF_ERROR: Record<string, keyof ClientFormValues> = {
  [ClientCodes.ID_IN_USE]: 'clientId',
  [ClientCodes.ID_PATTERN]: 'clientId',
  [ClientCodes.GRANT_TYPE_REQUIRED]: 'grantTypes',
  [ClientCodes.REFRESH_NEEDS_CODE]: 'grantTypes',
  [ClientCodes.REDIRECT_URI_REQUIRED]: 'grantTypes',
  [ClientCodes.CREDENTIALS_NEED_SECRET]: 'grantTypes',
};

/** A choice's text: its name, its OAuth name as code, and a hint below. */
function OptionText({ label, code, hint }: { label: string; code: string; hint: string }) {
  return (
    <>
      <span>{label}</span>
      <Typography.Text type="secondary" code style={{ marginInlineStart: 6, fontSize: 12 }}>
        {code}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </>
  );
}

/**
 * The grant type checkboxes (value and onChange from the enclosing Form.Item). `client_credentials` is
 * for confidential clients only: greyed out while the public type is chosen.
 */
function GrantTypeChoices(props: { value?: GrantType[]; onChange?: (v: GrantType[]) => void }) {
  const { t } = useTranslation(['client']);
  const method = Form.useWatch('tokenEndpointAuthMethod', Form.useFormInstance()) as TokenEndpointAuthMethod | undefined;
  return (
    <Checkbox.Group style={{ width: '100%' }} value={props.value} onChange={(v) => props.onChange?.(v as GrantType[])}>
      <Space direction="vertical" size={6}>
        {GRANT_TYPES.map((g) => (
          <Checkbox key={g} value={g} disabled={g === 'client_credentials' && method === 'none'}>
            <OptionText label={t(`grant.${g}`)} code={g} hint={t(`grantHint.${g}`)} />
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  );
}

const clean = (list: string[] | undefined) => (list ?? []).map((s) => (s ?? '').trim()).filter(Boolean);

export default function ClientFormModal({ open, mode, row, onClose, onSaved }: ClientFormModalProps) {
  const { t } = useTranslation(['client', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const R = CLIENT_RULES;

  const fresh = useQuery({ queryKey: ['client', row?.clientId], queryFn: () => getClient(row!.clientId), enabled: open && modifying, staleTime: 0, gcTime: 0 });
  const record = modifying ? fresh.data : undefined;

  const initialValues = useMemo<Partial<ClientFormValues> | undefined>(() => {
    if (mode === 'add') return ADD_DEFAULTS;
    if (!record) return undefined;
    return {
      clientId: record.clientId,
      tokenEndpointAuthMethod: record.tokenEndpointAuthMethod,
      name: record.name,
      status: record.status,
      grantTypes: record.grantTypes,
      redirectUris: record.redirectUris.length ? record.redirectUris : [''],
      postLogoutRedirectUris: record.postLogoutRedirectUris,
      description: record.description,
    };
  }, [mode, record]);

  const label = (f: string) => t(`field.${f}` as never) as unknown as string;

  const save = async (v: ClientFormValues) => {
    const body = {
      name: v.name.trim(),
      status: v.status,
      grantTypes: v.grantTypes ?? [],
      redirectUris: clean(v.redirectUris),
      postLogoutRedirectUris: clean(v.postLogoutRedirectUris),
      description: v.description?.trim() ?? '',
    };
    if (modifying && record) {
      onSaved({ row: await editClient({ clientId: record.clientId, ...body }, { noToast: true }) });
    } else {
      const r: ClientWithSecret = await addClient(
        { clientId: v.clientId?.trim() || undefined, tokenEndpointAuthMethod: v.tokenEndpointAuthMethod, ...body },
        { noToast: true },
      );
      onSaved(r);
    }
  };

  return (
    <FormModal<ClientFormValues>
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
      <Row gutter={20}>
        <Col xs={24} md={12}>
          <Form.Item
            name="clientId"
            label={label('clientId')}
            extra={modifying ? t('idLocked') : t('idHelp')}
            rules={modifying ? [] : textRules(tr, label('clientId'), { max: R.clientId.max, pattern: R.clientId.pattern, patternMessage: t('idPattern') })}
          >
            <Input placeholder={t('placeholder.clientId')} maxLength={R.clientId.max} disabled={modifying} autoComplete="off" spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={label('name')} rules={textRules(tr, label('name'), { required: true, max: R.name.max })}>
            <Input placeholder={t('placeholder.name')} maxLength={R.name.max} showCount autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="tokenEndpointAuthMethod"
            label={label('tokenEndpointAuthMethod')}
            extra={modifying ? t('typeLocked') : undefined}
            rules={[requiredRule(tr, label('tokenEndpointAuthMethod'), 'select')]}
          >
            <Radio.Group disabled={modifying} data-testid="client-type">
              <Space direction="vertical" size={6}>
                {TOKEN_ENDPOINT_AUTH_METHODS.map((m) => (
                  <Radio key={m} value={m}>
                    <OptionText label={t(`clientType.${m}`)} code={m} hint={t(`clientTypeHint.${m}`)} />
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={label('status')} rules={[requiredRule(tr, label('status'), 'select')]}>
            <Radio.Group
              options={[
                { label: t('common:enabled'), value: Status.ENABLED },
                { label: t('common:disabled'), value: Status.DISABLED },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="grantTypes"
            label={label('grantTypes')}
            required
            dependencies={['redirectUris', 'tokenEndpointAuthMethod']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, v: string[] | undefined) => {
                  const r = normaliseGrantTypes(v, clean(getFieldValue('redirectUris')).length, getFieldValue('tokenEndpointAuthMethod') === 'none');
                  if ('problem' in r) throw new Error(t(`errors:${r.problem.code}` as never, r.problem.params as never) as unknown as string);
                },
              }),
            ]}
          >
            <GrantTypeChoices />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item noStyle shouldUpdate={(a, b) => a.grantTypes !== b.grantTypes}>
            {({ getFieldValue }) => (
              <UriListField
                name="redirectUris"
                label={label('redirectUris')}
                help={t('uriHelp', { max: R.redirectUris.max })}
                placeholder={t('placeholder.redirectUri')}
                required={(getFieldValue('grantTypes') ?? []).includes('authorization_code')}
              />
            )}
          </Form.Item>
        </Col>
        <Col span={24}>
          <UriListField
            name="postLogoutRedirectUris"
            label={label('postLogoutRedirectUris')}
            help={t('logoutUriHelp')}
            placeholder={t('placeholder.postLogoutRedirectUri')}
          />
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: R.description.max })}>
            <Input.TextArea placeholder={t('placeholder.description')} maxLength={R.description.max} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
