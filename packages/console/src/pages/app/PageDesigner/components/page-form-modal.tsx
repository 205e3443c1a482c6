/**
 * New / Modify page (SPEC §2 Page manager "new/edit page forms (page name, page URL, setting file)"; §5
 * Page): formID (optional on add: generated), page name (letters, digits, Chinese, ≤ 50), page path
 * (≤ 200), platform type, and a setting file (.json, ≤ 1 MB) whose page section fills blank fields and
 * whose tree fills the page when saved. Rules from APP_PAGE_RULES (the server runs the same). Replacing a
 * tree whose dropped controls roles hold asks confirmation first.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Radio, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_PAGE_RULES, AppPageCodes, PLATFORM_TYPES, SETTING_FILE_MAX_BYTES, type AppPageRow, type PlatformTypeValue, type SettingFile } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';
import { addPage, editPage } from '../../../../api/app-pages';
import { readSettingFile, useGrantConfirm } from './feedback';

interface PageFormValues {
  formId?: string;
  name: string;
  path: string;
  platformType: PlatformTypeValue;
}

const FIELD_OF_ERROR: Record<string, keyof PageFormValues> = {
  [AppPageCodes.FORM_ID_IN_USE]: 'formId',
  [AppPageCodes.FORM_ID_PATTERN]: 'formId',
  [AppPageCodes.NAME_PATTERN]: 'name',
  [AppPageCodes.PATH_IN_USE]: 'path',
};

export default function PageFormModal({
  open,
  mode,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  mode: OpenMode;
  row?: AppPageRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['apppage', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const { message } = App.useApp();
  const [file, setFile] = useState<SettingFile | null>(null);
  const confirmGrants = useGrantConfirm();
  const initialValues: Partial<PageFormValues> =
    mode === 'modify' && row ? { formId: row.formId, name: row.name, path: row.path, platformType: row.platformType } : { platformType: 3 };

  const submit = async (v: PageFormValues) => {
    const body = { formId: v.formId ?? '', name: v.name ?? '', path: v.path ?? '', platformType: v.platformType, ...(file ? { settingFile: file } : {}) };
    const opts = { noToast: true };
    const done = mode === 'modify' && row ? await confirmGrants((confirm) => editPage({ ...body, id: row.id, confirm }, opts)) : await addPage(body, opts);
    if (!done) throw new Error(t('grantsTitle'));
    setFile(null);
    onSaved();
  };

  return (
    <FormModal<PageFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={() => {
        setFile(null);
        onClose();
      }}
      fieldOfError={(code) => FIELD_OF_ERROR[code]}
    >
      <Form.Item
        name="formId"
        label={t('field.formId')}
        rules={textRules(tr, t('field.formId'), { max: APP_PAGE_RULES.formId.max, pattern: APP_PAGE_RULES.formId.pattern, patternMessage: t('formIdPattern') })}
      >
        <Input placeholder={t('formIdPlaceholder')} />
      </Form.Item>
      <SettingFileAware file={file} />
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={
          file
            ? []
            : textRules(tr, t('field.name'), {
                required: true,
                max: APP_PAGE_RULES.name.max,
                pattern: APP_PAGE_RULES.name.pattern,
                patternMessage: t('namePattern'),
              })
        }
      >
        <Input />
      </Form.Item>
      <Form.Item name="path" label={t('field.path')} rules={file ? [] : textRules(tr, t('field.path'), { required: true, max: APP_PAGE_RULES.path.max })}>
        <Input placeholder="/orders/list" />
      </Form.Item>
      <Form.Item name="platformType" label={t('field.platformType')} rules={[{ required: true }]}>
        <Radio.Group options={PLATFORM_TYPES.map((p) => ({ value: p, label: t(`platform.${p}` as never) }))} />
      </Form.Item>
      <Form.Item label={t('field.settingFile')} extra={t('fileHint')}>
        <Space wrap>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(f) => {
              void readSettingFile(f, SETTING_FILE_MAX_BYTES).then((r) => {
                if ('problem' in r) void message.error(t(r.problem));
                else setFile({ fileName: f.name, content: r.content });
              });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="page-setting-file">
              {t('chooseFile')}
            </Button>
          </Upload>
          {file ? (
            <Space size={4}>
              <Typography.Text code>{file.fileName}</Typography.Text>
              <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('removeFile')} onClick={() => setFile(null)} />
            </Space>
          ) : row?.settingFile ? (
            <Typography.Text type="secondary">{row.settingFile}</Typography.Text>
          ) : null}
        </Space>
      </Form.Item>
    </FormModal>
  );
}

/** Fills blank page fields from a chosen setting file's page section (the server does the same). */
function SettingFileAware({ file }: { file: SettingFile | null }) {
  const form = Form.useFormInstance<PageFormValues>();
  useEffect(() => {
    if (!file) return;
    try {
      const page = (JSON.parse(file.content) as { page?: Partial<PageFormValues> }).page ?? {};
      for (const k of ['formId', 'name', 'path'] as const) if (!form.getFieldValue(k) && typeof page[k] === 'string') form.setFieldValue(k, page[k]);
      if (PLATFORM_TYPES.includes(page.platformType as PlatformTypeValue)) form.setFieldValue('platformType', page.platformType);
    } catch {
      /* the server says what is wrong with the file */
    }
  }, [file, form]);
  return null;
}
