/**
 * The fields of each integration kind's form (docs/sysconfig.md "Integration lists"), with the rules
 * the server applies (SYSCONFIG_RULES): mail — SMTP server, port, encryption (none / STARTTLS /
 * SSL-TLS, which suggests the usual port), user name, sender address and name; LDAP — address, domain,
 * base DN, bind DN, user filter with {username}, STARTTLS, certificate check, timeout; SMS — provider
 * (which suggests its API address), address, AccessKey ID, signature, template; WeChat — type, and
 * corp id + agent id (enterprise WeChat) or app id (official account, open platform), callback address.
 */
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSCONFIG_RULES as R, type IntegrationKindValue } from '@mp/protocol';
import { patternRule, requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';

/** The usual SMTP port of each encryption mode. */
const MAIL_PORTS: Record<string, number> = { none: 25, starttls: 587, tls: 465 };
/** The API address of each SMS provider. */
const SMS_URLS: Record<string, string> = { aliyun: 'https://dysmsapi.aliyuncs.com', tencent: 'https://sms.tencentcloudapi.com', http: 'https://' };

/** Values a new entry of each kind starts with. */
export const ADD_DEFAULTS: Record<IntegrationKindValue, Record<string, unknown>> = {
  mail: { port: 465, tlsMode: 'tls', status: 1 },
  ldap: { url: 'ldap://', userFilter: '(&(objectClass=person)(uid={username}))', startTls: false, verifyCertificate: true, timeoutSeconds: 10, status: 1 },
  sms: { provider: 'aliyun', url: SMS_URLS.aliyun, status: 1 },
  wx: { type: 1, status: 1 },
};

/** The kind-specific fields (inside the form modal's form: a choice may suggest a related value). */
export default function ConfigFields({ kind }: { kind: IntegrationKindValue }) {
  const { t } = useTranslation(['sysconfig', 'common']);
  const form = Form.useFormInstance();
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const l = (k: string) => t(k as never) as unknown as string;
  const text = (name: string, key: string, rules: Parameters<typeof textRules>[2], extra?: { placeholder?: string; help?: string }) => (
    <Form.Item name={name} label={l(key)} rules={textRules(tr, l(key), rules)} extra={extra?.help}>
      <Input maxLength={rules?.max} placeholder={extra?.placeholder} autoComplete="off" />
    </Form.Item>
  );

  if (kind === 'mail') {
    return (
      <>
        {text('host', 'mail.host', { required: true, max: R.host.max, pattern: R.host.pattern }, { placeholder: 'smtp.example.com' })}
        <Form.Item name="tlsMode" label={l('mail.tlsMode')} rules={[requiredRule(tr, l('mail.tlsMode'), 'select')]}>
          <Radio.Group
            optionType="button"
            options={['none', 'starttls', 'tls'].map((m) => ({ value: m, label: l(`mail.tls_${m}`) }))}
            onChange={(e) => {
              const port = form.getFieldValue('port') as number | undefined;
              if (!port || Object.values(MAIL_PORTS).includes(port)) form.setFieldValue('port', MAIL_PORTS[e.target.value as string]);
            }}
          />
        </Form.Item>
        <Form.Item name="port" label={l('mail.port')} rules={[{ required: true, message: tr('common:validation.required', { field: l('mail.port') }) }]}>
          <InputNumber min={R.port.min} max={R.port.max} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {text('username', 'mail.username', { max: R.user.max })}
        {text('fromAddress', 'mail.fromAddress', { required: true, max: R.email.max, pattern: R.email.pattern }, { placeholder: 'noreply@example.com' })}
        {text('fromName', 'mail.fromName', { max: R.configName.max }, { placeholder: 'MP3.0' })}
      </>
    );
  }
  if (kind === 'ldap') {
    return (
      <>
        {text('url', 'ldap.url', { required: true, max: R.ldapUrl.max, pattern: R.ldapUrl.pattern }, { placeholder: l('ldap.urlPlaceholder') })}
        {text('domain', 'ldap.domain', { max: R.host.max, pattern: R.host.pattern }, { placeholder: 'corp.example.com' })}
        {text('baseDn', 'ldap.baseDn', { required: true, max: R.dn.max }, { placeholder: 'dc=example,dc=com' })}
        {text('bindDn', 'ldap.bindDn', { max: R.dn.max }, { placeholder: 'cn=admin,dc=example,dc=com' })}
        {text('userFilter', 'ldap.userFilter', { required: true, max: R.ldapFilter.max, pattern: R.ldapFilter.pattern }, { help: l('ldap.userFilterHelp') })}
        <Form.Item name="startTls" label={l('ldap.startTls')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="verifyCertificate" label={l('ldap.verifyCertificate')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="timeoutSeconds"
          label={l('ldap.timeoutSeconds')}
          rules={[{ required: true, message: tr('common:validation.required', { field: l('ldap.timeoutSeconds') }) }]}
        >
          <InputNumber min={R.timeoutSeconds.min} max={R.timeoutSeconds.max} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </>
    );
  }
  if (kind === 'sms') {
    return (
      <>
        <Form.Item name="provider" label={l('sms.provider')} rules={[requiredRule(tr, l('sms.provider'), 'select')]}>
          <Select
            options={['aliyun', 'tencent', 'http'].map((p) => ({ value: p, label: l(`sms.provider_${p}`) }))}
            onChange={(p: string) => {
              const url = form.getFieldValue('url') as string | undefined;
              if (!url || Object.values(SMS_URLS).includes(url)) form.setFieldValue('url', SMS_URLS[p]);
            }}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label={l('sms.url')}
          rules={[...textRules(tr, l('sms.url'), { required: true, max: R.url.max }), patternRule(tr, l('sms.url'), R.url.pattern)]}
        >
          <Input maxLength={R.url.max} autoComplete="off" />
        </Form.Item>
        {text('accessKeyId', 'sms.accessKeyId', { required: true, max: R.identifier.max, pattern: R.identifier.pattern })}
        {text('signName', 'sms.signName', { required: true, max: R.configName.max })}
        {text('templateCode', 'sms.templateCode', { required: true, max: R.identifier.max, pattern: R.identifier.pattern }, { placeholder: 'SMS_123456789' })}
        <Form.Item name="httpMethod" label={l('sms.httpMethod')} initialValue="POST">
          <Select options={['POST', 'PUT', 'GET'].map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="httpHeaders" label={l('sms.httpHeaders')} extra={l('sms.httpHint')}>
          <Input.TextArea rows={2} maxLength={2000} placeholder="Authorization: Bearer {{secret}}" />
        </Form.Item>
        <Form.Item name="bodyTemplate" label={l('sms.bodyTemplate')}>
          <Input.TextArea rows={3} maxLength={2000} placeholder={'{"to":"{{mobile}}","text":"{{text}}"}'} />
        </Form.Item>
      </>
    );
  }
  return (
    <>
      <Form.Item name="type" label={l('wx.type')} rules={[requiredRule(tr, l('wx.type'), 'select')]}>
        <Radio.Group optionType="button" options={[1, 2, 3].map((n) => ({ value: n, label: l(`wx.type${n}`) }))} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
        {({ getFieldValue }) =>
          getFieldValue('type') === 1 ? (
            <>
              {text('corpId', 'wx.corpId', { required: true, max: R.identifier.max, pattern: R.identifier.pattern }, { placeholder: 'ww0123456789abcdef' })}
              {text('agentId', 'wx.agentId', { required: true, max: R.identifier.max, pattern: /^\d+$/ }, { placeholder: '1000002' })}
            </>
          ) : (
            text('appId', 'wx.appId', { required: true, max: R.identifier.max, pattern: R.identifier.pattern }, { placeholder: 'wx0123456789abcdef' })
          )
        }
      </Form.Item>
      {text('callbackUrl', 'wx.callbackUrl', { max: R.url.max, pattern: R.url.pattern }, { placeholder: 'https://iam.example.com/wx/callback' })}
    </>
  );
}
