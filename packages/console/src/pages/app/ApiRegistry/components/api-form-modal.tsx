/**
 * New / Modify API (SPEC §3 API: service name, module name, name, URL, description; §5 ".do"): the
 * protocol's APP_API_RULES and checkApiUrl (the server runs the same), service and module names
 * offered from the application's existing ones (free text allowed). Modify loads the record fresh
 * (`getappapi`). Server errors stay in the modal, a URL clash on the URL field.
 */
import { useMemo } from 'react';
import { AutoComplete, Col, Form, Input, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_API_RULES, AppApiCodes, checkApiUrl, type AppApiRow, type AppApiServiceGroup } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';
import { addApi, editApi, getApi } from '../../../../api/app-apis';
import type { TreeChoice } from './service-tree';

interface ApiFormValues {
  serviceName: string;
  moduleName: string;
  name: string;
  url: string;
  description?: string;
}

export interface ApiFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: AppApiRow;
  /** The tree's choice: a new API starts in that service and module. */
  preset: TreeChoice;
  groups: AppApiServiceGroup[] | undefined;
  onClose: () => void;
  onSaved: (row: AppApiRow) => void;
}

const URL_ERRORS = [AppApiCodes.URL_IN_USE, AppApiCodes.URL_SUFFIX, AppApiCodes.URL_SPACE] as string[];

export default function ApiFormModal({ open, mode, row, preset, groups, onClose, onSaved }: ApiFormModalProps) {
  const { t } = useTranslation(['appapi', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const fresh = useQuery({ queryKey: ['appapi', row?.id], queryFn: () => getApi(row!.id), enabled: open && modifying, staleTime: 0, gcTime: 0 });
  const record = modifying ? fresh.data : undefined;

  const initialValues = useMemo<Partial<ApiFormValues> | undefined>(() => {
    if (mode === 'add') return { serviceName: preset.serviceName ?? '', moduleName: preset.moduleName ?? '' };
    return record
      ? { serviceName: record.serviceName, moduleName: record.moduleName, name: record.name, url: record.url, description: record.description }
      : undefined;
  }, [mode, record, preset.serviceName, preset.moduleName]);

  const label = (f: string) => t(`field.${f}` as never) as unknown as string;
  const R = APP_API_RULES;

  const save = async (v: ApiFormValues) => {
    const body = {
      serviceName: v.serviceName.trim(),
      moduleName: v.moduleName.trim(),
      name: v.name.trim(),
      url: v.url.trim(),
      description: v.description?.trim() ?? '',
    };
    onSaved(modifying && record ? await editApi({ id: record.id, ...body }, { noToast: true }) : await addApi(body, { noToast: true }));
  };

  return (
    <FormModal<ApiFormValues>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      loading={modifying && fresh.isLoading}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => (URL_ERRORS.includes(scode) ? 'url' : undefined)}
      layout="vertical"
      formProps={{ requiredMark: true }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="serviceName" label={label('serviceName')} rules={textRules(tr, label('serviceName'), { required: true, max: R.serviceName.max })}>
            <AutoComplete
              options={(groups ?? []).map((g) => ({ value: g.serviceName }))}
              placeholder={t('placeholder.serviceName')}
              maxLength={R.serviceName.max}
              filterOption={(input, o) =>
                String(o?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item noStyle shouldUpdate={(a, b) => a.serviceName !== b.serviceName}>
            {({ getFieldValue }) => {
              const modules = (groups ?? []).find((g) => g.serviceName === String(getFieldValue('serviceName') ?? '').trim())?.modules ?? [];
              return (
                <Form.Item name="moduleName" label={label('moduleName')} rules={textRules(tr, label('moduleName'), { required: true, max: R.moduleName.max })}>
                  <AutoComplete
                    options={modules.map((m) => ({ value: m.moduleName }))}
                    placeholder={t('placeholder.moduleName')}
                    maxLength={R.moduleName.max}
                    filterOption={(input, o) =>
                      String(o?.value ?? '')
                        .toLowerCase()
                        .includes(input.toLowerCase())
                    }
                  />
                </Form.Item>
              );
            }}
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="name" label={label('name')} rules={textRules(tr, label('name'), { required: true, max: R.name.max })}>
            <Input placeholder={t('placeholder.name')} maxLength={R.name.max} showCount autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="url"
            label={label('url')}
            extra={t('urlHelp')}
            rules={[
              ...textRules(tr, label('url'), { required: true, max: R.url.max }),
              {
                validator: async (_r, v: string | undefined) => {
                  const code = v?.trim() ? checkApiUrl(v.trim()) : null;
                  if (code) throw new Error(t(`errors:${code}` as never) as unknown as string);
                },
              },
            ]}
          >
            <Input placeholder={t('placeholder.url')} maxLength={R.url.max} autoComplete="off" spellCheck={false} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: R.description.max })}>
            <Input.TextArea placeholder={t('placeholder.description')} maxLength={R.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
