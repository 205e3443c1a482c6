import type { Messages } from '../../types.js';
import type zh from '../zh-CN/http.js';

export default {
  networkError: 'ネットワークエラーのため、この操作を完了できませんでした。',
  unknownError: '不明なエラーです。管理者に連絡してください',
  tipInformation: 'お知らせ',
  authExpired: '認証の有効期限が切れました。もう一度ログインしてください',
  requestTimeout: 'リクエストがタイムアウトしました',
  errorTitle: 'エラー',
  confirm: 'OK',
} satisfies Messages<typeof zh>;
