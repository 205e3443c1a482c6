import type { Messages } from '../../types.js';
import type zh from '../zh-CN/menu.js';

export default {
  appManagement: 'アプリケーション管理',
  baseOrgManagement: '組織要素ライブラリ',
  orgManagement: '組織管理',
  orgMappingManagement: '組織マッピング管理',
  orgEmployeeRelation: '組織メンバー',
  roleManagement: 'ロール管理',
  stationManagement: '職位管理',
  employeeManagement: 'ユーザー管理',
  employeeMappingManagement: 'ユーザーマッピング管理',
  accountManagement: 'アカウント管理',
  auditlog: '監査ログ',
  callStats: 'サービス呼び出し統計',
  callLogs: '呼び出しログ',
  serviceAccounts: 'サービスアカウント',
  sysconfig: 'システム設定',
} satisfies Messages<typeof zh>;
