import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors.js';
import productErrors from './errors-product.js';
import userErrors from './errors-user.js';
import roleErrors from './errors-role.js';
import sysconfigErrors from './errors-sysconfig.js';
import licenceErrors from './errors-licence.js';
import otcErrors from './errors-otc.js';
import clientErrors from './errors-client.js';
import apppageErrors from './errors-apppage.js';
import sessionErrors from './errors-session.js';
import profileErrors from './errors-profile.js';
import myappsErrors from './errors-myapps.js';
import opsErrors from './errors-ops.js';
import signinErrors from './errors-signin.js';
import stationErrors from './errors-station.js';
import bigfileErrors from './errors-bigfile.js';
import wechatErrors from './errors-wechat.js';
import faceErrors from './errors-face.js';
import orgmemberErrors from './errors-orgmember.js';
import appuserErrors from './errors-appuser.js';
import accountErrors from './errors-account.js';
import tenantsettingsErrors from './errors-tenantsettings.js';
import organisationErrors from './errors-organisation.js';
import auditlogErrors from './errors-auditlog.js';
import tenantroleErrors from './errors-tenantrole.js';
import appgrantErrors from './errors-appgrant.js';
import apptenantErrors from './errors-apptenant.js';
import mappingErrors from './errors-mapping.js';
import appapiErrors from './errors-appapi.js';
import appmobilemenuErrors from './errors-appmobilemenu.js';
import appmenuErrors from './errors-appmenu.js';
import policyErrors from './errors-policy.js';
import approleErrors from './errors-approle.js';
import noticeErrors from './errors-notice.js';
import serviceaccountErrors from './errors-serviceaccount.js';
import calllogErrors from './errors-calllog.js';
import messageErrors from './errors-message.js';
import workflowErrors from './errors-workflow.js';

export default {
  '10001001920': 'ユーザー規約とプライバシーポリシーに同意してください',
  '10009021001': 'トークンが無効です。再度ログインしてください',
  '10009021002': 'トークンの有効期限が切れました。再度ログインしてください',
  '10025000350': 'このアカウントは別の場所でログインされました。再度ログインしてください',
  '10009029001': 'この API を利用する権限がありません',
  protocol: {
    signature_invalid: 'リクエストの署名が無効です',
    timestamp_stale: 'リクエストのタイムスタンプが許容範囲外です。端末の時刻を確認してください',
    nonce_replayed: '重複したリクエストは拒否されました',
    headers_missing: '必須のリクエストヘッダーがありません：{{names}}',
    token_missing: '認証の有効期限が切れました。再度ログインしてください',
    body_invalid: 'リクエストパラメータが不正です：{{detail}}',
    payload_too_large: 'リクエストのサイズが上限を超えています',
    rate_limited: 'リクエストが多すぎます。{{seconds}} 秒後に再試行してください',
    decrypt_failed: '暗号化データを復号できません',
    not_found: 'その API は存在しません',
    bad_characters: 'フィールド {{field}} に使用できない文字（NUL 文字または対になっていないサロゲート）が含まれています',
    bad_key: 'フィールド名 {{field}} は使用できません',
    too_deep: 'リクエストの入れ子が深すぎます（{{field}}）',
    bad_url: 'リクエストのアドレスのパーセントエンコーディングが不正です',
    url_too_long: 'リクエストのアドレスが長すぎます',
    headers_too_large: 'リクエストヘッダーが大きすぎます',
    unsupported_media_type: 'リクエストのコンテンツタイプはサポートされていません。application/json で送信してください',
    body_not_allowed: 'GET リクエストにはボディを付けられません',
    bad_request: 'リクエストの形式が正しくありません',
    request_timeout: 'リクエストが時間内にすべて届きませんでした',
    timestamp_invalid: 'リクエストのタイムスタンプは 10 進数のミリ秒でなければなりません',
    sign_range_wrong: '署名範囲が正しくありません：JSON ボディ付きの POST は 2、それ以外は 1 です',
    server_error: 'サーバー例外が発生しました。管理者に連絡してください（リクエスト {{requestId}}）',
    database_unavailable: 'データベースに一時的に接続できません。しばらくしてから再試行してください',
  },
  login: {
    captcha_required: '認証コードを入力してください',
    captcha_wrong: '認証コードが間違っているか期限切れです。再入力してください',
    bad_credentials: 'ユーザー名またはパスワードが間違っています',
    account_locked: 'ログイン失敗が続いたためアカウントがロックされました。{{minutes}} 分後に再試行するか管理者に連絡してください',
    account_disabled: 'このアカウントは無効化されています。管理者に連絡してください',
    account_expired: 'このアカウントは有効期間外です。管理者に連絡してください',
    tenant_disabled: '所属テナントが無効化されています。プラットフォーム管理者に連絡してください',
    test_account: 'テストアカウントでのログインはまだサポートされていません',
  },
  password: {
    strength_failed: 'パスワード強度の検証に失敗しました',
    mismatch: '2 つのパスワードが一致しません',
    original_wrong: '現在のパスワードが間違っています',
  },
  validation: {
    required: '{{field}}を入力してください',
    too_long: '{{field}}は {{max}} 文字以内で入力してください',
    pattern: '{{field}}の形式が正しくありません',
    script_tag: '送信データに script タグを含めることはできません',
    choose_at_least_one: '少なくとも 1 件選択してください',
  },
  tenant: {
    code_pattern: 'アプリケーションテナントコードは英字と数字で構成してください',
    code_in_use: 'テナントコード「{{code}}」は既に使用されています',
    not_found: 'テナントが存在しないか削除されています',
    built_in: '組み込みテナント「{{name}}」は削除・無効化できません',
    has_users: 'テナント「{{name}}」にはまだユーザー、ロールまたは組織があるため削除できません',
    admin_user_invalid: '管理者はこのテナントまたはプラットフォームテナントの有効なユーザーである必要があります',
    product_duplicate: '同じ製品を重複して認可することはできません',
  },
  job: {
    not_found: 'ジョブが存在しません',
  },
  file: {
    invalid_type: 'ファイル形式が無効です',
    too_large: 'ファイルサイズは {{size}} を超えられません',
    name_too_long: 'ファイル名は 50 文字以内にしてください',
    not_found: 'ファイルが存在しません',
  },
  product: productErrors,
  user: userErrors,
  role: roleErrors,
  sysconfig: sysconfigErrors,
  licence: licenceErrors,
  otc: otcErrors,
  client: clientErrors,
  apppage: apppageErrors,
  session: sessionErrors,
  profile: profileErrors,
  myapps: myappsErrors,
  ops: opsErrors,
  signin: signinErrors,
  station: stationErrors,
  bigfile: bigfileErrors,
  wechat: wechatErrors,
  face: faceErrors,
  orgmember: orgmemberErrors,
  appuser: appuserErrors,
  account: accountErrors,
  tenantsettings: tenantsettingsErrors,
  organisation: organisationErrors,
  auditlog: auditlogErrors,
  tenantrole: tenantroleErrors,
  appgrant: appgrantErrors,
  apptenant: apptenantErrors,
  mapping: mappingErrors,
  appapi: appapiErrors,
  appmobilemenu: appmobilemenuErrors,
  appmenu: appmenuErrors,
  policy: policyErrors,
  ...approleErrors,
  ...noticeErrors,
  ...serviceaccountErrors,
  ...calllogErrors,
  ...messageErrors,
  ...workflowErrors,
  field: {
    account: 'アカウント',
    nickname: 'ニックネーム',
    userValidityDays: '新規ユーザーの既定有効期間（日）',
    externalCode: 'アプリケーション組織コード',
    externalName: 'アプリケーション内の名称',
    externalAccount: 'アプリケーションアカウント',
    clientId: 'クライアント ID',
    formId: 'formID',
    pageName: 'ページ名',
    pagePath: 'ページパス',
    nodeName: '名前',
    fieldName: 'フィールド名',
    selector: 'セレクター',
    dataSource: 'データソース',
    alias: '表示名',
    codeKey: 'キー',
    codeVal: '値',
    systemName: 'システム名',
    host: 'サーバーアドレス',
    port: 'ポート',
    fromAddress: '送信者アドレス',
    fromName: '送信者名',
    ldapUrl: 'LDAP アドレス',
    domain: 'ドメイン',
    baseDn: 'ベース DN',
    bindDn: 'バインド DN',
    userFilter: 'ユーザーフィルター',
    timeoutSeconds: 'タイムアウト（秒）',
    smsUrl: 'SMS API アドレス',
    accessKeyId: 'AccessKey ID',
    signName: 'SMS 署名',
    templateCode: 'テンプレートコード',
    corpId: '企業 ID（CorpID）',
    agentId: 'アプリ AgentID',
    appId: 'AppID',
    mailPassword: 'メールパスワード',
    bindPassword: 'バインドパスワード',
    appSecret: 'アプリシークレット',
    recipient: '宛先',
    orgCategoryKey: '分類番号',
    orgCategoryName: '分類名',
    httpHeaders: 'リクエストヘッダー',
    bodyTemplate: 'リクエストボディテンプレート',
    dynamicCode: 'ワンタイムコード',
    code: 'コード',
    name: '名称',
    abbreviation: '略称',
    logo: 'ロゴ',
    address: '住所',
    status: 'ステータス',
    description: '説明',
    stationLevel: '職位レベル',
    stationType: '職位の種別',
    username: 'ユーザー名',
    password: 'パスワード',
    newPassword: '新しいパスワード',
    confirmPassword: 'パスワード（確認）',
    oldPassword: '現在のパスワード',
    tenantId: 'テナントID',
    creator: '作成者',
    createdAt: '作成日時',
    updatedAt: '更新日時',
    enabled: '有効',
    disabled: '無効',
    roleNo: 'ロール番号',
    roleName: 'ロール名',
    roleCategory: 'ロール分類',
    roleOrg: '所属組織',
    version: 'バージョン',
    callbackUrl: 'コールバックアドレス',
    department: '開発部門',
    ownerName: '責任者',
    ownerEmail: '責任者のメールアドレス',
    ownerPhone: '責任者の電話番号',
    opsOwner: '運用責任者',
    builtIn: '組み込み',
    admins: '管理者',
  },
} satisfies Messages<typeof zh>;
