/**
 * New / Modify an integration configuration entry (docs/sysconfig.md): name (≤ 50, unique in the
 * kind), the kind's fields (config-fields.tsx), the secret (SMTP password, LDAP bind password, SMS or
 * WeChat app secret) — never shown: a saved one is announced, an empty field keeps it, a tick removes
 * it; SMS and WeChat need one — status, order and description. Server errors stay in the modal; a
 * duplicate name is shown on the name field.
 */
import { Checkbox, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Status, SysconfigCodes, SYSCONFIG_RULES as R, type IntegrationKindValue } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';
import { rowToItem, type ConfigItemOf, type ConfigRowOf } from '../../../../api/sysconfig';
import ConfigFields, { ADD_DEFAULTS } from './config-fields';

type Item = ConfigItemOf<IntegrationKindValue>;
type Values = Item & Record<string, unknown>;

export interface ConfigFormModalProps {
  kind: IntegrationKindValue;
  open: boolean;
  mode: OpenMode;
  row?: ConfigRowOf<IntegrationKindValue>;
  onClose: () => void;
  /** Saves the entry (with `id` when modifying); rejects with the server's error. */
  onSubmit: (item: Item) => Promise<unknown>;
}

const SECRET_LABEL: Record<IntegrationKindValue, string> = { mail: 'mail.password', ldap: 'ldap.bindPassword', sms: 'sms.secret', wx: 'wx.secret' };
const SECRET_REQUIRED: Record<IntegrationKindValue, boolean> = { mail: false, ldap: false, sms: true, wx: true };

/** See the module docs. */
export default function ConfigFormModal({ kind, open, mode, row, onClose, onSubmit }: ConfigFormModalProps) {
  const { t } = useTranslation(['sysconfig', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const l = (k: string) => t(k as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const hasSecret = modifying && Boolean(row?.hasSecret);
  const kindName = l(`kind.${kind}`);
  const initialValues = modifying ? { ...(rowToItem(row!) as Values), secret: '' } : ({ ...ADD_DEFAULTS[kind] } as Values);

  const save = (v: Values) => {
    const trimmed = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' && k !== 'secret' ? x.trim() : x]));
    const { secret, clearSecret, ...rest } = trimmed as Values;
    const item = {
      ...(modifying ? rowToItem(row!) : {}),
      ...rest,
      ...(secret ? { secret } : {}),
      ...(clearSecret && !secret ? { clearSecret: true } : {}),
    } as Item;
    if (modifying) item.id = row!.id;
    return onSubmit(item);
  };

  return (
    <FormModal<Values>
      open={open}
      mode={mode}
      width="middle"
      titles={{ add: t('list.addTitle', { kind: kindName }), modify: t('list.modifyTitle', { kind: kindName }) }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => (scode === SysconfigCodes.NAME_DUPLICATE ? 'name' : undefined)}
    >
      <Form.Item name="name" label={l('list.name')} rules={textRules(tr, l('list.name'), { required: true, max: R.configName.max })}>
        <Input maxLength={R.configName.max} placeholder={l('list.namePlaceholder')} showCount autoComplete="off" />
      </Form.Item>
      <ConfigFields kind={kind} />
      <Form.Item
        name="secret"
        label={l(SECRET_LABEL[kind])}
        dependencies={['clearSecret']}
        rules={[
          ({ getFieldValue }) => ({
            required: SECRET_REQUIRED[kind] && (!hasSecret || Boolean(getFieldValue('clearSecret'))),
            message: t('common:validation.required', { field: l(SECRET_LABEL[kind]) }),
          }),
          { max: R.secret.max, message: t('common:validation.too_long', { field: l(SECRET_LABEL[kind]), max: R.secret.max }) },
        ]}
      >
        <Input.Password placeholder={hasSecret ? l('list.secretKeep') : undefined} autoComplete="new-password" maxLength={R.secret.max} />
      </Form.Item>
      {hasSecret && (
        <Form.Item name="clearSecret" valuePropName="checked" wrapperCol={{ offset: 6 }}>
          <Checkbox>{l('list.clearSecret')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="status" label={t('common:status')}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            { label: t('common:disabled'), value: Status.DISABLED },
          ]}
        />
      </Form.Item>
      <Form.Item name="sort" label={l('list.sort')}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label={l('list.description')} rules={textRules(tr, l('list.description'), { max: R.text.max })}>
        <Input.TextArea maxLength={R.text.max} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
