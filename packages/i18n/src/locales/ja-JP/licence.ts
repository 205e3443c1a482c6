import type { Messages } from '../../types.js';
import type zh from '../zh-CN/licence.js';

export default {
  title: 'ライセンス管理',
  current: '現在のライセンス',
  refresh: '更新',
  state: {
    trial: '試用中',
    trial_ended: '試用終了',
    active: 'アクティベート済み',
    expired: '期限切れ',
  },
  field: {
    customer: '顧客',
    serial: 'ライセンス番号',
    issuedAt: '発行日',
    expiresAt: '有効期限',
    trialStartedAt: 'インストール日',
    trialEndsAt: '試用終了日',
    daysLeft: '残り日数',
    activatedBy: 'アクティベートした人',
    activatedAt: 'アクティベート日時',
    fingerprint: 'コードの指紋',
    limits: '上限',
    status: '状態',
  },
  days: '{{count}} 日',
  dayOne: '{{count}} 日',
  unit: '日',
  unitOne: '日',
  unlimited: '無制限',
  trialCustomer: '未アクティベート（試用）',
  usage: {
    title: '使用状況',
    tenants: 'テナント',
    users: 'ユーザー',
    of: '{{used}} / {{limit}}',
    unlimitedOf: '{{used}} / 無制限',
  },
  limitsText: 'テナント {{tenants}}、ユーザー {{users}}',
  alert: {
    trial:
      'システムはまだアクティベートされておらず、試用中です（残り {{days}}）。試用期間中はテナント数とユーザー数に上限はありません。終了後はアクティベートするまでテナントとユーザーを追加できません。',
    trial_ended: '試用期間は {{date}} に終了しました。既存のデータとサインインには影響しませんが、テナントとユーザーの追加にはアクティベートが必要です。',
    warn: 'ライセンスは {{date}} に期限切れになります（残り {{days}}）。早めに販売元から新しいアクティベーションコードを入手してください。',
    expired:
      'ライセンスは {{date}} に期限切れになりました。既存のデータとサインインには影響しませんが、新しいアクティベーションコードを有効化するまでテナントとユーザーを追加できません。',
  },
  activate: {
    title: 'システムのアクティベート',
    code: 'アクティベーションコード',
    placeholder: '販売元から受け取ったアクティベーションコードを貼り付けてください',
    required: 'アクティベーションコードを入力してください',
    hint: 'コードはこのサーバー上でオフライン検証され、ネットワーク接続は不要です。新しいライセンスはすぐに有効になり、以前のライセンスは履歴に残ります。',
    submit: 'アクティベート',
    success: 'アクティベートしました。ライセンスの有効期限は {{date}} です',
  },
  history: {
    title: 'アクティベート履歴',
    inForce: '有効',
    replaced: '置き換え済み',
  },
  badge: {
    trial: '試用 残り {{days}}',
    warn: 'ライセンス 残り {{days}}',
    expired: 'ライセンス期限切れ',
    trial_ended: '試用終了',
    tip: 'ライセンス管理を開く',
  },
} satisfies Messages<typeof zh>;
