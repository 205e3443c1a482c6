/**
 * The Search and Reset buttons that end every filter form (SPEC §4 search / reset): Search submits the form,
 * Reset clears its fields and then calls `onReset` (usually to search again with the defaults).
 */
import { Button, Form, type FormInstance, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SearchActionsProps {
  // biome-ignore lint/suspicious/noExplicitAny: any form's values
  form: FormInstance<any>;
  /** After the fields are reset; default: submit the form again. */
  onReset?: () => void;
  /** The search is running. */
  loading?: boolean;
}

export default function SearchActions({ form, onReset, loading }: SearchActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Form.Item style={{ marginInlineEnd: 0 }}>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
          {t('search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            if (onReset) onReset();
            else form.submit();
          }}
        >
          {t('reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
