/**
 * "Apply template" to an application role in one step (SPEC §2 "permission configuration from a template
 * tree"; §5 'template must be selected before permission configuration', 'root node does not support
 * permission configuration'): choose a template and how the role uses it — kept in sync (the default) or
 * copied once — then the role's grants become the template's.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Form, Modal, Radio, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppRoleRow, AppTemplateNode, TemplateMode } from '@mp/protocol';
import { MODAL_WIDTHS } from '../../../components/FormModal';
import { applyAppTemplate } from '../../../api/app-roles';
import { templateOptions } from './role-form-modal';

export interface ApplyTemplateModalProps {
  role: AppRoleRow | undefined;
  templates: AppTemplateNode | undefined;
  onClose: () => void;
  onApplied: () => void;
}

export default function ApplyTemplateModal({ role, templates, onClose, onApplied }: ApplyTemplateModalProps) {
  const { t } = useTranslation(['approle', 'common']);
  const { message } = App.useApp();
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [mode, setMode] = useState<TemplateMode>('sync');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setTemplateId(role?.templateId || undefined);
    setMode(role?.templateMode ?? 'sync');
  }, [role]);
  const options = useMemo(() => templateOptions(templates), [templates]);
  const ok = async () => {
    if (!templateId) {
      void message.warning(t('templates.selectFirst'));
      return;
    }
    if (templateId === '0') {
      void message.warning(t('templates.rootTip'));
      return;
    }
    setSaving(true);
    try {
      await applyAppTemplate(role!.id, templateId, mode);
      void message.success(t('apply.done'));
      onApplied();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={Boolean(role)}
      title={t('apply.title', { name: role?.name ?? '' })}
      width={MODAL_WIDTHS.small}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('apply.template')} required>
          <TreeSelect
            value={templateId}
            onChange={setTemplateId}
            treeData={options}
            treeDefaultExpandAll
            allowClear
            aria-label={t('apply.template')}
            placeholder={t('templates.selectFirst')}
          />
        </Form.Item>
        <Form.Item label={t('apply.mode')} extra={t(mode === 'copy' ? 'mode.copyHelp' : 'mode.syncHelp')}>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as TemplateMode)}
            options={[
              { label: t('mode.sync'), value: 'sync' },
              { label: t('mode.copy'), value: 'copy' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
