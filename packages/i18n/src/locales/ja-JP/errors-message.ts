import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-message.js';

/** メッセージテンプレート、メッセージ、「マイメッセージ」のサーバーメッセージ：`errors:messagetemplate.<reason>`、`errors:message.<reason>`（docs/messages.md）。 */
export default {
  messagetemplate: {
    not_found: 'メッセージテンプレートが存在しないか、このアプリケーションのものではありません',
    code_in_use: 'テンプレートコード「{{code}}」は既に存在します',
    code_pattern: 'テンプレートコードには英字、数字、アンダースコアのみ使用でき、30文字以内です',
    content_required: '少なくとも1つの言語で本文を入力してください',
    subject_required: '{{language}}の件名を入力してください',
    subject_too_long: '{{language}}の件名は{{max}}文字以内で入力してください',
    body_too_long: '{{language}}の本文は{{max}}文字以内で入力してください',
    script_tag: '{{language}}の内容にスクリプトタグを含めることはできません',
    placeholder_unknown: '不明な変数：{{names}}',
    placeholder_malformed: '変数の形式が正しくありません：{{names}}（{{example}} の形式で記述してください）',
    variable_name: '変数名「{{name}}」は無効です：英字で始まり、英字・数字・アンダースコアのみ、30文字以内で、組み込み変数と同じ名前は使えません',
    variable_duplicate: '変数「{{name}}」が重複しています',
    variable_too_many: '独自の変数は{{max}}個までです',
    in_use: 'テンプレート「{{code}}」は送信予定のメッセージ{{count}}件で使用中です。先にそれらを取り消してください',
    disabled: 'テンプレート「{{code}}」は無効です',
  },
  message: {
    not_found: 'メッセージが存在しません',
    channel_required: '送信チャネルを選択してください',
    body_required: 'メッセージ本文を入力してください',
    audience_required: '受信者、組織、ロールを少なくとも1つ選択してください',
    target_unknown: '受信対象「{{id}}」はこのアプリケーションのものではありません',
    value_required: '変数「{{name}}」の値を入力してください',
    value_too_long: '変数「{{name}}」の値は{{max}}文字以内で入力してください',
    send_at_invalid: '送信日時は1年以内の将来の日時にしてください',
    not_scheduled: '取り消せるのは未送信の予約メッセージのみです',
    not_failed: '再送できるのは送信に失敗した配信のみです',
  },
} satisfies Messages<typeof zh>;
