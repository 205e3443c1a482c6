import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-notice.js';

/** お知らせのサーバーメッセージ：`errors:notice.<reason>`（docs/notices.md）。 */
export default {
  notice: {
    not_found: 'お知らせが存在しないか、このアプリケーションのものではありません',
    title_required: 'お知らせのタイトルを入力してください',
    title_too_long: 'お知らせのタイトルは {{max}} 文字以内で入力してください',
    body_too_long: 'お知らせの内容が長すぎます（{{max}} 文字以内）',
    body_required: 'お知らせの内容を入力してください',
    audience_required: '配信対象を選択してください',
    target_unknown: '配信対象の「{{id}}」はこのアプリケーションのテナント、組織、ロール、ユーザーではありません',
    time_invalid: '公開日時または失効日時が正しくありません',
    expire_before_publish: '失効日時は公開日時より後にしてください',
    expired: 'お知らせは失効しているため公開できません',
    state: '現在の状態ではこの操作はできません',
    image_unknown: '画像「{{id}}」が存在しないか使用できません。もう一度アップロードしてください',
  },
} satisfies Messages<typeof zh>;
