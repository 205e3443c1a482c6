import type { Messages } from '../../types.js';
import type zh from '../zh-CN/dashboard.js';

export default {
  title: 'ダッシュボード',
  welcome: 'おかえりなさい、{{name}} さん',
  welcomeAnonymous: 'おかえりなさい',
  subtitle: 'プラットフォームの概要',
  tenantSubtitle: 'テナントの概要',
  enabledUsers: '有効なユーザー',
  organisations: '組織',
  stations: '役職',
  apps: '許可されたアプリケーション',
  tenants: 'テナント数',
  enabledTenants: '有効なテナント',
  users: 'ユーザー数',
  products: '製品数',
  roles: 'ロール数',
  signIns: '過去 7 日間のサインイン数',
  signInCount: 'サインイン数',
  noSignIns: '過去 7 日間のサインインはありません',
  refresh: '更新',
  loadFailed: 'データの読み込みに失敗しました',
  retry: '再試行',
} satisfies Messages<typeof zh>;
