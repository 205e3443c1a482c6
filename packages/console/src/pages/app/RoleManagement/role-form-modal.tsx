/**
 * New / Modify application role (SPEC §3 Role, §5 Role): role number (required, ≤ 30, letters/digits/
 * underscore, unique in the application), role name (required, ≤ 30, Chinese/letters/digits/underscore),
 * status and description (≤ 200) — ROLE_RULES, the rules the server checks. A new role may be made from a
 * permission template (optional; the root is not selectable) kept in sync (the default) or copied once.
 */
import { useMemo } from 'react';
import { Form, Input, Radio, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppRoleCodes, ROLE_RULES, RoleCodes, Status, type AppRoleRow, type AppTemplateNode, type StatusValue, type TemplateMode } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../components/FormModal/rules';
import { addAppRole, editAppRole } from '../../../api/app-roles';

interface Values {
  code: string;
  name: string;
  status: StatusValue;
  description?: string;
  templateId?: string;
  templateMode: TemplateMode;
}

const FIELD_OF_ERROR: Record<string, keyof Values> = {
  [AppRoleCodes.CODE_IN_USE]: 'code',
  [RoleCodes.NO_PATTERN]: 'code',
  [RoleCodes.NAME_PATTERN]: 'name',
};

/** The template tree as TreeSelect data (the root is shown but not selectable). */
export interface TemplateOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: TemplateOption[];
}
export function templateOptions(root: AppTemplateNode | undefined): TemplateOption[] {
  const walk = (n: AppTemplateNode): TemplateOption => ({
    value: n.id,
    title: n.name,
    disabled: n.id === '0',
    children: n.children.map(walk),
  });
  return root ? [walk(root)] : [];
}

export interface AppRoleFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: AppRoleRow;
  templates: AppTemplateNode | undefined;
  /** The template chosen on the left panel (a new role starts with it). */
  defaultTemplateId?: string;
  onClose: () => void;
  onSaved: () => void;
}

export default function AppRoleFormModal({ open, mode, row, templates, defaultTemplateId, onClose, onSaved }: AppRoleFormModalProps) {
  const { t } = useTranslation(['approle', 'role', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (k: string) => t(`field.${k}` as never) as unknown as string;
  const initialValues = useMemo<Partial<Values>>(
    () =>
      mode === 'modify' && row
        ? { code: row.code, name: row.name, status: row.status, description: row.description }
        : { status: Status.ENABLED, templateId: defaultTemplateId && defaultTemplateId !== '0' ? defaultTemplateId : undefined, templateMode: 'sync' },
    [mode, row, defaultTemplateId],
  );
  const options = useMemo(() => templateOptions(templates), [templates]);

  const save = async (v: Values) => {
    const base = { code: v.code.trim(), name: v.name.trim(), status: v.status, description: v.description?.trim() ?? '' };
    if (mode === 'modify' && row) await editAppRole({ id: row.id, ...base }, { noToast: true });
    else await addAppRole({ ...base, ...(v.templateId ? { templateId: v.templateId, templateMode: v.templateMode } : {}) }, { noToast: true });
    onSaved();
  };

  return (
    <FormModal<Values>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
    >
      <Form.Item
        name="code"
        label={label('code')}
        rules={textRules(tr, label('code'), {
          required: true,
          max: ROLE_RULES.roleNo.max,
          pattern: ROLE_RULES.roleNo.pattern,
          patternMessage: t('role:noPattern'),
        })}
      >
        <Input placeholder={t('role:placeholder.roleNo')} maxLength={ROLE_RULES.roleNo.max} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={label('name')}
        rules={textRules(tr, label('name'), {
          required: true,
          max: ROLE_RULES.roleName.max,
          pattern: ROLE_RULES.roleName.pattern,
          patternMessage: t('role:namePattern'),
        })}
      >
        <Input placeholder={t('role:placeholder.roleName')} maxLength={ROLE_RULES.roleName.max} showCount />
      </Form.Item>
      <Form.Item name="status" label={label('status')} rules={[requiredRule(tr, label('status'), 'select')]}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            { label: t('common:disabled'), value: Status.DISABLED },
          ]}
        />
      </Form.Item>
      {mode === 'add' && (
        <>
          <Form.Item name="templateId" label={label('template')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={options} placeholder={t('noTemplate')} aria-label={label('template')} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.templateId !== b.templateId || a.templateMode !== b.templateMode}>
            {({ getFieldValue }) =>
              getFieldValue('templateId') ? (
                <Form.Item
                  name="templateMode"
                  label={label('templateMode')}
                  extra={t(getFieldValue('templateMode') === 'copy' ? 'mode.copyHelp' : 'mode.syncHelp')}
                >
                  <Radio.Group
                    options={[
                      { label: t('mode.sync'), value: 'sync' },
                      { label: t('mode.copy'), value: 'copy' },
                    ]}
                  />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </>
      )}
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: ROLE_RULES.description.max })}>
        <Input.TextArea
          placeholder={t('role:placeholder.description')}
          maxLength={ROLE_RULES.description.max}
          showCount
          autoSize={{ minRows: 3, maxRows: 5 }}
        />
      </Form.Item>
    </FormModal>
  );
}
