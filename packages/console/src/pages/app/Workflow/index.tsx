/**
 * The application's approval process (application area; docs/workflow.md "Screens"): its requests (all
 * tenants; approve / reject where the administrator is the step's approver, re-route or close a process
 * whose step has no approver left) and the process settings (organisation manager steps, then the
 * application administrators).
 */
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import AppRequired from '../../../components/AppRequired';
import WfRequests from '../../../components/WfRequests';
import ProcessSettings from './process-settings';

export default function AppWorkflow() {
  const { t } = useTranslation('workflow');
  return (
    <AppRequired>
      {(app) => (
        <Card variant="borderless" className="mp-page-card" title={`${t('title.process')} · ${app.name}`}>
          <Tabs
            items={[
              { key: 'requests', label: t('process.requests'), children: <WfRequests list="app" embedded /> },
              { key: 'settings', label: t('process.settings'), children: <ProcessSettings /> },
            ]}
          />
        </Card>
      )}
    </AppRequired>
  );
}
