import type { Messages } from '../../types.js';
import type zh from '../zh-CN/session.js';

export default {
  route: 'オンラインユーザー',
  title: 'オンラインユーザー',
  keyword: 'ユーザー',
  keywordPlaceholder: 'ユーザー名または社員名',
  tenant: 'テナント',
  tenantPlaceholder: 'テナント名またはコード',
  field: {
    username: 'ユーザー名',
    employeeName: '社員名',
    tenant: 'テナント',
    identities: 'ID 種別',
    ip: 'IP アドレス',
    userAgent: 'ユーザーエージェント',
    createdAt: 'ログイン日時',
    expiresAt: '有効期限',
    action: '操作',
  },
  identity: { '1': '企業ユーザー', '2': 'アプリ管理者', '3': 'テナント管理者', '4': 'プラットフォーム管理者', '5': 'テストアカウント' },
  current: '現在のセッション',
  currentHint: 'ご自身のセッションです。ログアウトで終了してください',
  eliminate: '強制ログアウト',
  batchEliminate: '一括強制ログアウト',
  confirmEliminate: 'ユーザー「{{name}}」を強制ログアウトしますか？このセッションのトークンは直ちに無効になります。',
  confirmBatchEliminate: '選択した {{count}} 件のセッションを強制ログアウトしますか？トークンは直ちに無効になります。',
  eliminated: 'ユーザーを強制ログアウトしました',
  online: 'オンライン',
  offline: 'オフライン',
} satisfies Messages<typeof zh>;
