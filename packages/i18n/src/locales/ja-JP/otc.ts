import type { Messages } from '../../types.js';
import type zh from '../zh-CN/otc.js';

/** Console texts of dynamic-code sign-in, MFA and password recovery (SPEC §1 Login, §2, §5, §8 Login). */
export default {
  tabs: { password: 'パスワード', code: 'ワンタイムコード' },
  loginType: { email: 'メール', mobile: '携帯電話' },
  email: 'メールアドレス',
  mobile: '携帯電話番号',
  emailInvalid: '正しいメールアドレスを入力してください',
  mobileInvalid: '正しい携帯電話番号を入力してください',
  dynamicCode: 'ワンタイムコード',
  dynamicCodeEmpty: 'ワンタイムコードを入力してください',
  send: 'コードを取得',
  resend: '{{seconds}} 秒後に再取得',
  sent: 'アドレスが登録されていれば、コードを送信しました（{{minutes}} 分間有効）',
  submit: 'ログイン',
  forgot: 'パスワードをお忘れですか？',
  forgotTitle: 'パスワードの再設定',
  forgotIntro: 'ユーザー名を入力してください。アカウントに登録されたメールアドレスにパスワード再設定リンクを送信します。',
  forgotUsername: 'ユーザー名',
  forgotUsernameRequired: 'ユーザー名を入力してください',
  forgotSubmit: '再設定メールを送信',
  forgotSent: 'アカウントが存在しメールアドレスが登録されていれば、再設定メールを送信しました。30 分以内に再設定してください。',
  mfaTitle: 'ログインの確認',
  mfaIntro: 'アカウント保護のため、メールまたは携帯電話に送信された確認コードを入力してログインを完了してください。',
  mfaChannel: '送信先',
  mfaSent: '{{to}} に確認コードを送信しました（{{minutes}} 分間有効）',
  mfaConfirm: '確認',
  mfaBack: 'ログインに戻る',
  countdown: '{{seconds}} 秒後にログイン画面に戻ります',
} satisfies Messages<typeof zh>;
