import type { Messages } from '../../types.js';
import type zh from '../zh-CN/menu.js';

export default {
  appManagement: 'Application management',
  baseOrgManagement: 'Organisation element library',
  orgManagement: 'Organisation management',
  orgMappingManagement: 'Organisation mapping',
  orgEmployeeRelation: 'Organisation members',
  roleManagement: 'Role management',
  stationManagement: 'Position management',
  employeeManagement: 'User management',
  employeeMappingManagement: 'User mapping',
  accountManagement: 'Account management',
  auditlog: 'Audit log',
  callStats: 'Service-call statistics',
  callLogs: 'Call logs',
  serviceAccounts: 'Service accounts',
  sysconfig: 'System configuration',
} satisfies Messages<typeof zh>;
