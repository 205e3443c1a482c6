/**
 * The right-hand form of the menu designer (SPEC §2 Menu manager: menu code, menu name, menu type, target
 * page, enabled, sequence, icon, description, platform type, open type, refresh flag), with the §5 rules
 * of APP_MENU_RULES and the server's messages (`errors:appmenu.*`). The target page is chosen among the
 * page designer's pages (sets `pageId`) or typed as an address. A failed save with an empty required
 * field says 'Required fields with * cannot be empty'.
 */
import { useMemo } from 'react';
import { App, AutoComplete, Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_MENU_RULES, AppMenuCodes, MenuType, OPEN_TYPES, PLATFORM_TYPES, type AppMenuFields, type AppMenuNode, type AppMenuPageOption } from '@mp/protocol';
import IconChooser from '../../../components/IconChooser';
import { uploadAppMenuIcon } from '../../../api/app-menus';

/** The form's values (switches as booleans). */
export interface MenuFormValues {
  code: string;
  name: string;
  menuType: 'module' | 'page';
  target: string;
  pageId: string | null;
  enabled: boolean;
  sequence: number | null;
  icon: string;
  description: string;
  platformType: 1 | 2 | 3;
  openType: 1 | 2 | 3;
  refresh: boolean;
}

/** The values of a stored node, or the defaults of a new menu. */
export function formValuesOf(node: AppMenuNode | null): MenuFormValues {
  if (!node || node.menuType === 'root') {
    return {
      code: '',
      name: '',
      menuType: 'module',
      target: '',
      pageId: null,
      enabled: true,
      sequence: null,
      icon: '',
      description: '',
      platformType: 3,
      openType: 1,
      refresh: false,
    };
  }
  return {
    code: node.code,
    name: node.name,
    menuType: node.menuType,
    target: node.target,
    pageId: node.pageId,
    enabled: node.enabled === 1,
    sequence: node.sequence,
    icon: node.icon,
    description: node.description,
    platformType: node.platformType,
    openType: node.openType,
    refresh: node.refresh === 1,
  };
}

/** The call's fields of the form's values. */
export function fieldsOf(v: MenuFormValues): AppMenuFields {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    menuType: v.menuType,
    target: v.target.trim(),
    pageId: v.pageId,
    enabled: v.enabled ? 1 : 0,
    ...(v.sequence === null || v.sequence === undefined ? {} : { sequence: v.sequence }),
    icon: v.icon,
    description: v.description.trim(),
    platformType: v.platformType,
    openType: v.openType,
    refresh: v.refresh ? 1 : 0,
  };
}

export interface MenuFormProps {
  node: AppMenuNode | null;
  pages: AppMenuPageOption[];
  saving: boolean;
  onSave: (fields: AppMenuFields) => void;
  onDirty: (dirty: boolean) => void;
}

/** See the module docs. Remount (key) per node so the initial values apply. */
export default function MenuForm({ node, pages, saving, onSave, onDirty }: MenuFormProps) {
  const { t } = useTranslation(['appmenu', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<MenuFormValues>();
  const initial = useMemo(() => formValuesOf(node), [node]);
  const menuType = Form.useWatch('menuType', form) ?? initial.menuType;
  const pageId = Form.useWatch('pageId', form);
  const R = APP_MENU_RULES;
  const e = (code: string, params?: Record<string, unknown>) => t(`errors:${code}`, params);
  const pageOptions = useMemo(() => pages.map((p) => ({ value: p.path, label: `${p.name} · ${p.path}`, pageId: p.id })), [pages]);

  const failed = (info: { errorFields: { errors: string[] }[] }) => {
    const required = [e(AppMenuCodes.CODE_REQUIRED), e(AppMenuCodes.NAME_REQUIRED), e(AppMenuCodes.TARGET_REQUIRED)];
    if (info.errorFields.some((f) => f.errors.some((m) => required.includes(m)))) void message.error(t('requiredFields'));
  };

  return (
    <Form<MenuFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '170px' }}
      wrapperCol={{ flex: 1 }}
      initialValues={initial}
      onValuesChange={() => onDirty(form.isFieldsTouched())}
      onFinish={(v) => onSave(fieldsOf({ ...initial, ...v }))}
      onFinishFailed={failed}
      aria-label={t('title')}
      style={{ maxWidth: 720 }}
    >
      <Form.Item
        name="code"
        label={t('field.code')}
        required
        rules={[
          { required: true, whitespace: true, message: e(AppMenuCodes.CODE_REQUIRED) },
          { max: R.code.max, message: e(AppMenuCodes.CODE_TOO_LONG, { max: R.code.max }) },
          { pattern: R.code.pattern, message: e(AppMenuCodes.CODE_PATTERN) },
        ]}
      >
        <Input placeholder={t('placeholder.code')} maxLength={R.code.max} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('field.name')}
        required
        rules={[
          { required: true, whitespace: true, message: e(AppMenuCodes.NAME_REQUIRED) },
          { max: R.name.max, message: e(AppMenuCodes.NAME_TOO_LONG, { max: R.name.max }) },
          {
            validator: async (_, v: string) => {
              if (v?.trim() && !R.name.pattern.test(v.trim())) throw new Error(e(AppMenuCodes.NAME_PATTERN));
            },
          },
        ]}
      >
        <Input placeholder={t('placeholder.name')} maxLength={R.name.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="menuType" label={t('field.menuType')} required>
        <Radio.Group
          optionType="button"
          options={[
            { value: MenuType.MODULE, label: t('typeModule') },
            { value: MenuType.PAGE, label: t('typePage') },
          ]}
        />
      </Form.Item>
      <Form.Item name="pageId" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name="target"
        label={t('field.target')}
        required={menuType === MenuType.PAGE}
        dependencies={['menuType', 'pageId']}
        rules={[
          {
            validator: async (_, v: string) => {
              if (menuType === MenuType.PAGE && !v?.trim() && !pageId) throw new Error(e(AppMenuCodes.TARGET_REQUIRED));
            },
          },
          { max: R.target.max, message: e(AppMenuCodes.TARGET_INVALID, { max: R.target.max }) },
        ]}
      >
        <AutoComplete
          options={pageOptions}
          placeholder={t('placeholder.target')}
          allowClear
          filterOption={(input, option) => (option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
          onSelect={(_, option) => form.setFieldValue('pageId', option.pageId)}
          onChange={(v: string) => {
            const p = pages.find((x) => x.id === form.getFieldValue('pageId'));
            if (p && p.path !== v) form.setFieldValue('pageId', null);
          }}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="sequence" label={t('field.sequence')}>
        <InputNumber min={R.sequence.min} max={R.sequence.max} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="icon" label={t('field.icon')}>
        <IconChooser label={t('field.icon')} upload={async (f) => (await uploadAppMenuIcon(f, f.name)).icon} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('field.description')}
        rules={[{ max: R.description.max, message: e(AppMenuCodes.DESCRIPTION_INVALID, { max: R.description.max }) }]}
      >
        <Input.TextArea rows={3} maxLength={R.description.max} showCount />
      </Form.Item>
      <Form.Item name="platformType" label={t('field.platformType')}>
        <Select style={{ width: 240 }} options={PLATFORM_TYPES.map((v) => ({ value: v, label: t(`platform.${v}`) }))} />
      </Form.Item>
      <Form.Item name="openType" label={t('field.openType')}>
        <Select style={{ width: 240 }} options={OPEN_TYPES.map((v) => ({ value: v, label: t(`open.${v}`) }))} />
      </Form.Item>
      <Form.Item name="refresh" label={t('field.refresh')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
            {t('save')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onDirty(false);
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
