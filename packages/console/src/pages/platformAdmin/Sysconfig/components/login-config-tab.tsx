/**
 * Login configuration tab (SPEC §9 defaults and config priority; issue 3 "login configuration"): the
 * check type (none / image / slider), the login form position (left / centre / right), forced password
 * change on first login, multi-language, tenant name display, mourning grey mode, progress bar, notice
 * management, the cloud personal-home flag (bambooCloud) and menu collapsed. Each value shows which
 * layer it comes from (code default, public config, system config). Saving stores only the values that
 * differ from the layers below; "Restore defaults" empties the system layer. The console's own startup
 * configuration is reloaded after each save, so the change shows at once.
 */
import { useEffect, useMemo } from 'react';
import { Alert, App, Button, Form, Input, Radio, Space, Spin, Switch, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOGIN_CONFIG_KEYS, SYSCONFIG_RULES, type ConfigSource, type LoginConfig, type LoginConfigKey, type LoginConfigSaveBody } from '@mp/protocol';
import { getLoginConfig, saveLoginConfig, type LoginConfigLayers } from '../../../../api/sysconfig';
import { loadStartupConfig } from '../../../../api/client';
import { textRules, type Translate } from '../../../../components/FormModal/rules';

type Values = Pick<LoginConfig, LoginConfigKey>;
const SWITCHES = [
  'forcePasswordChange',
  'multiLanguage',
  'showTenantName',
  'mourningMode',
  'progressBar',
  'noticeManagement',
  'bambooCloud',
  'menuCollapsed',
  'mfaEnabled',
  'resetCountdown',
] as const;
const SOURCE_COLOR: Record<ConfigSource, string> = { default: 'default', public: 'blue', system: 'green' };
const QUERY_KEY = ['sysconfig', 'login'] as const;

/** The system layer to save: the keys whose value differs from code defaults + public config. */
export function systemLayerOf(values: Values, layers: LoginConfigLayers['layers']): LoginConfigSaveBody {
  const inherited = { ...layers.defaults, ...layers.public } as LoginConfig;
  const out: Record<string, unknown> = {};
  for (const k of LOGIN_CONFIG_KEYS) {
    const v = k === 'systemName' ? String(values[k] ?? '').trim() : values[k];
    if (v !== undefined && v !== inherited[k]) out[k] = v;
  }
  return out as LoginConfigSaveBody;
}

/** See the module docs. */
export default function LoginConfigTab() {
  const { t } = useTranslation(['sysconfig', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { data, isLoading } = useQuery({ queryKey: QUERY_KEY, queryFn: () => getLoginConfig() });

  const initial = useMemo(() => (data ? (Object.fromEntries(LOGIN_CONFIG_KEYS.map((k) => [k, data.row[k]])) as Values) : undefined), [data]);
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);

  const save = useMutation({
    mutationFn: (body: LoginConfigSaveBody) => saveLoginConfig(body),
    onSuccess: async (next) => {
      queryClient.setQueryData(QUERY_KEY, next);
      void message.success(t('login.saved'));
      await loadStartupConfig().catch(() => undefined);
    },
  });

  if (isLoading || !data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const sourceTag = (k: LoginConfigKey) => (
    <Tag color={SOURCE_COLOR[data.sources[k]]} data-testid={`source-${k}`} style={{ marginInlineStart: 8 }}>
      {t(`source.${data.sources[k]}`)}
    </Tag>
  );
  const label = (k: LoginConfigKey) => t(`login.${k}` as never) as unknown as string;

  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(systemLayerOf(values, data.layers));
  };
  const restore = () =>
    modal.confirm({
      title: t('login.restoreTitle'),
      content: t('login.restoreContent'),
      okText: t('login.restore'),
      cancelText: t('common:cancel'),
      onOk: () => save.mutateAsync({}),
    });

  return (
    <div style={{ maxWidth: 820 }}>
      <Alert type="info" showIcon title={t('login.priority')} style={{ marginBottom: 24 }} />
      <Form
        form={form}
        name="login-config"
        layout="horizontal"
        labelCol={{ span: 9 }}
        wrapperCol={{ span: 15 }}
        disabled={save.isPending}
        initialValues={initial}
      >
        <Form.Item label={label('systemName')} required>
          <Form.Item name="systemName" noStyle rules={textRules(tr, label('systemName'), { required: true, max: SYSCONFIG_RULES.systemName.max })}>
            <Input maxLength={SYSCONFIG_RULES.systemName.max} style={{ width: 280 }} aria-label={label('systemName')} />
          </Form.Item>
          {sourceTag('systemName')}
        </Form.Item>
        <Form.Item label={label('verifyCodeType')}>
          <Form.Item name="verifyCodeType" noStyle>
            <Radio.Group
              optionType="button"
              aria-label={label('verifyCodeType')}
              options={[
                { value: '0', label: t('login.verifyNone') },
                { value: '1', label: t('login.verifyImage') },
                { value: '2', label: t('login.verifySlider') },
              ]}
            />
          </Form.Item>
          {sourceTag('verifyCodeType')}
        </Form.Item>
        <Form.Item label={label('loginFormPosition')}>
          <Form.Item name="loginFormPosition" noStyle>
            <Radio.Group
              optionType="button"
              aria-label={label('loginFormPosition')}
              options={[
                { value: 'left', label: t('login.left') },
                { value: 'center', label: t('login.center') },
                { value: 'right', label: t('login.right') },
              ]}
            />
          </Form.Item>
          {sourceTag('loginFormPosition')}
        </Form.Item>
        {SWITCHES.map((k) => (
          <Form.Item key={k} label={label(k)}>
            <Form.Item name={k} valuePropName="checked" noStyle>
              <Switch aria-label={label(k)} data-testid={`switch-${k}`} />
            </Form.Item>
            {sourceTag(k)}
          </Form.Item>
        ))}
        <Form.Item wrapperCol={{ offset: 9 }}>
          <Space>
            <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="login-config-save">
              {t('login.save')}
            </Button>
            <Button onClick={restore} disabled={!Object.keys(data.layers.system).length}>
              {t('login.restore')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
