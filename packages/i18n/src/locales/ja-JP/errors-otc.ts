import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-otc.js';

/** Server messages of one-time codes, MFA and password recovery: `errors:otc.<reason>`, mail and SMS texts. */
export default {
  code_invalid: '確認コードが正しくないか、有効期限が切れています。再取得してください',
  code_too_many_tries: '確認コードの誤りが多すぎます。再取得してください',
  code_empty: 'ワンタイムコードを入力してください',
  mobile_invalid: '正しい携帯電話番号を入力してください',
  email_invalid: '正しいメールアドレスを入力してください',
  mail_not_configured: 'メール設定が有効になっていないため、メールを送信できません。管理者に連絡してください',
  sms_not_configured: 'SMS 設定が有効になっていないため、SMS を送信できません。管理者に連絡してください',
  sms_send_failed: 'SMS を送信できませんでした：{{reason}}',
  mfa_ticket_invalid: 'ログイン確認の有効期限が切れました。もう一度ログインしてください',
  reset_link_invalid: 'パスワード再設定リンクの有効期限が切れています。最新のリンクを使用するか、もう一度パスワードを再設定してください',
  mfa_no_address: 'アカウントにメールアドレスも携帯電話番号も登録されていないため、ログイン確認ができません。管理者に連絡してください',
  public_url_missing: 'サーバーの公開アドレス（MP_PUBLIC_URL）が設定されていないため、再設定メールを送信できません',
  sms: '【{{system}}】確認コードは {{code}} です。{{minutes}} 分間有効です。他人に教えないでください。',
  mail: {
    loginSubject: '{{system}} ログイン確認コード',
    mfaSubject: '{{system}} ログイン認証コード',
    codeBody:
      '{{name}} 様\n\n確認コード：{{code}}\n\nこのコードは {{minutes}} 分間有効で、1 回だけ使用できます。お心当たりがない場合はこのメールを無視し、パスワードの変更をご検討ください。\n\n{{system}}',
    resetSubject: '{{system}} パスワードの再設定',
    resetBody:
      '{{name}} 様\n\nアカウント {{username}} のパスワード再設定の依頼を受け付けました。{{minutes}} 分以内に次のリンクを開いて新しいパスワードを設定してください（リンクは 1 回だけ使用できます）：\n\n{{link}}\n\nお心当たりがない場合はこのメールを無視してください。パスワードは変更されません。\n\n{{system}}',
    resetLinkText: '新しいパスワードを設定',
  },
} satisfies Messages<typeof zh>;
