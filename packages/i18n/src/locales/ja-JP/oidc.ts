import type { Messages } from '../../types.js';
import type zh from '../zh-CN/oidc.js';

export default {
  systemName: 'MP3.0 シングルサインオン',
  errorTitle: 'サインインを続行できません',
  errorHint: 'アプリケーションに戻り、もう一度サインインしてください。問題が続く場合は管理者に連絡してください。',
  errorDetail: '詳細',
  error: {
    invalid_request: 'サインイン要求が正しくありません。',
    invalid_client: 'アプリケーションが登録されていないか、無効になっています。',
    invalid_redirect_uri: 'アプリケーションが送信したリダイレクト先は登録されていません。',
    unauthorized_client: 'このアプリケーションはこの認可方式を使用できません。',
    session_not_found: 'サインイン要求の有効期限が切れました。アプリケーションに戻り、もう一度サインインしてください。',
    invalid_grant: '認可は無効になりました。',
    access_denied: 'このアプリケーションを利用する権限がありません。',
    server_error: 'サーバーエラーです。しばらくしてから再試行してください。',
    ticket_invalid: 'サインインの引き継ぎ情報が期限切れか、既に使用されています。もう一度サインインしてください。',
    redirect_mismatch: 'リダイレクト先がサインイン要求と一致しません。',
    other: 'サインイン中にエラーが発生しました。',
  },
  signInAgain: 'もう一度サインイン',
  logoutTitle: 'サインアウト',
  logoutQuestion: '{{system}} からサインアウトしますか？',
  logoutFrom: 'アプリケーション：{{client}}',
  logoutYes: 'はい、サインアウトします',
  logoutNo: 'いいえ、サインインしたままにします',
  logoutDoneTitle: 'サインアウトしました',
  logoutDone: 'サインアウトが完了しました。',
  logoutDoneFrom: '{{client}} からのサインアウトが完了しました。',
} satisfies Messages<typeof zh>;
