import type { Messages } from '../../types.js';
import type zh from '../zh-CN/serviceaccount.js';

/** サービスアカウント画面（プラットフォームとテナント領域；docs/service-accounts.md）。 */
export default {
  title: 'サービスアカウント',
  intro:
    'サービスアカウントは管理 API を呼び出す自動化スクリプト用の資格情報です。選択したロールの権限だけを持ち、対話的にはサインインできません。スクリプトはキー ID とシークレットで短期トークンを取得します。',
  newAccount: 'サービスアカウント追加',
  addTitle: 'サービスアカウント追加',
  modifyTitle: 'サービスアカウント編集',
  keyword: 'キーワード',
  keywordPlaceholder: '名前またはキー ID',
  empty: 'サービスアカウントはまだありません',
  field: {
    name: '名前',
    keyId: 'キー ID',
    description: '説明',
    roles: 'ロール',
    expiresAt: '有効期限',
    lastUsedAt: '最終使用',
    createdAt: '作成日時',
    status: 'ステータス',
  },
  placeholder: {
    name: '例：夜間の人事同期',
    description: '用途、担当者',
    roles: 'ロールを選択（1 つ以上）',
    expiresAt: '空欄：無期限',
  },
  rolesHelp: 'サービスアカウントの権限はこれらのロールの付与内容と同じで、管理者権限は決して持ちません。',
  expiresHelp: '資格情報はこの日（UTC）の終わりに失効します。',
  never: '未使用',
  noExpiry: '無期限',
  expired: '期限切れ',
  rotate: 'シークレット更新',
  rotateTitle: '「{{name}}」のシークレットを更新しますか？',
  rotateContent: '古いシークレットとそれで開いたセッションは直ちに無効になります。スクリプトには新しいシークレットが必要です。',
  rotated: '新しいシークレットを発行しました',
  secret: {
    title: 'サービスアカウントのシークレットを今すぐ保存してください',
    warning:
      'シークレットは今回だけ表示され、このダイアログを閉じると二度と表示できません。スクリプトのシークレット保管場所にコピーしてください。紛失した場合はシークレットを更新してください。',
    keyId: 'キー ID',
    secret: 'シークレット',
    copy: 'シークレットをコピー',
    copied: 'シークレットをコピーしました',
    done: 'シークレットを保存しました',
  },
} satisfies Messages<typeof zh>;
