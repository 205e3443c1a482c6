/**
 * New / Modify station (SPEC §3 Station, §5 Station / Position): name (required, ≤ 50, no single quote
 * or angle bracket), level (required, ≤ 20), code (optional, letters/digits/underscore, unique in the
 * tenant), organisation (optional, SPEC §3 Station orgID: the tenant's organisation tree, lazy, with
 * search, limited to the caller's data scope — a role holder's station must sit inside it, the server
 * refuses otherwise; docs/stations.md "Data scope"), parent position (one of the tenant's stations, never
 * itself or a descendant), type, status and description (≤ 200). Rules come from STATION_RULES, the same
 * the server checks; server errors stay in the modal on their field.
 */
import { useMemo } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATION_RULES, StationCodes, Status, type StatusValue, type TenantStationRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { requiredRule, textRules, type Translate } from '../../../../components/FormModal/rules';
import { addStation, editStation } from '../../../../api/station-management';
import { TenantOrgTreeSelect } from '../../../../components/TenantOrgTree';
import TenantStationSelect from './station-select';

export interface StationFormValues {
  name: string;
  level: string;
  code?: string;
  orgId?: string;
  parentId?: string;
  type?: string;
  enabled: StatusValue;
  description?: string;
}

export interface StationFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: TenantStationRow;
  onClose: () => void;
  onSaved: () => void;
}

const FIELD_OF_ERROR: Record<string, keyof StationFormValues> = {
  [StationCodes.NAME_PATTERN]: 'name',
  [StationCodes.CODE_PATTERN]: 'code',
  [StationCodes.CODE_IN_USE]: 'code',
  [StationCodes.PARENT_NOT_FOUND]: 'parentId',
  [StationCodes.PARENT_CYCLE]: 'parentId',
  [StationCodes.ORG_NOT_FOUND]: 'orgId',
};

export default function StationFormModal({ open, mode, row, onClose, onSaved }: StationFormModalProps) {
  const { t } = useTranslation(['station', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (k: string) => t(`field.${k}` as never) as unknown as string;

  const initialValues = useMemo<Partial<StationFormValues>>(
    () =>
      mode === 'modify' && row
        ? {
            name: row.name,
            level: row.level,
            code: row.code,
            orgId: row.orgId || undefined,
            parentId: row.parentId || undefined,
            type: row.type,
            enabled: row.enabled,
            description: row.description,
          }
        : { enabled: Status.ENABLED },
    [mode, row],
  );

  const save = async (v: StationFormValues) => {
    const body = {
      name: v.name.trim(),
      level: v.level.trim(),
      code: v.code?.trim() ?? '',
      parentId: v.parentId ?? '',
      orgId: v.orgId ?? '',
      type: v.type?.trim() ?? '',
      enabled: v.enabled,
      description: v.description?.trim() ?? '',
    };
    if (mode === 'modify' && row) await editStation({ id: row.id, ...body }, { noToast: true });
    else await addStation(body, { noToast: true });
    onSaved();
  };

  return (
    <FormModal<StationFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
    >
      <Form.Item
        name="name"
        label={label('name')}
        rules={textRules(tr, label('name'), {
          required: true,
          max: STATION_RULES.name.max,
          pattern: STATION_RULES.name.pattern,
          patternMessage: t('namePattern'),
        })}
      >
        <Input placeholder={t('placeholder.name')} maxLength={STATION_RULES.name.max} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item name="level" label={label('level')} rules={textRules(tr, label('level'), { required: true, max: STATION_RULES.level.max })}>
        <Input placeholder={t('placeholder.level')} maxLength={STATION_RULES.level.max} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="code"
        label={label('code')}
        rules={textRules(tr, label('code'), { max: STATION_RULES.code.max, pattern: STATION_RULES.code.pattern, patternMessage: t('codePattern') })}
      >
        <Input placeholder={t('placeholder.code')} maxLength={STATION_RULES.code.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="orgId" label={label('org')}>
        <TenantOrgTreeSelect initialLabel={mode === 'modify' && row?.orgId ? row.orgName : undefined} />
      </Form.Item>
      <Form.Item name="parentId" label={label('parent')}>
        <TenantStationSelect placeholder={t('placeholder.parent')} excludeId={row?.id} valueLabel={row?.parentName} />
      </Form.Item>
      <Form.Item name="type" label={label('type')} rules={textRules(tr, label('type'), { required: true, max: STATION_RULES.type.max })}>
        <Input placeholder={t('placeholder.type')} maxLength={STATION_RULES.type.max} autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" label={label('enabled')} rules={[requiredRule(tr, label('enabled'), 'select')]}>
        <Radio.Group
          options={[
            { label: t('common:enabled'), value: Status.ENABLED },
            { label: t('common:disabled'), value: Status.DISABLED },
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: STATION_RULES.description.max })}>
        <Input.TextArea placeholder={t('placeholder.description')} maxLength={STATION_RULES.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}
