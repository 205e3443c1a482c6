import type { Messages } from '../../types.js';
import type zh from '../zh-CN/iconchooser.js';

/** アイコン選択（共有コンポーネント components/IconChooser；SPEC §2 Icon chooser、§5 Icon、§8）。 */
export default {
  title: 'アイコンを選択',
  choose: 'アイコンを選択',
  change: 'アイコンを変更',
  none: 'アイコン未選択',
  system: 'システムアイコン',
  custom: 'カスタム',
  search: 'アイコン名で検索',
  upload: '画像をアップロード',
  uploadHint: '.png、.jpg、.jpeg、.gif、10M 以内',
  ok: 'OK',
  cancel: 'キャンセル',
  delete: '削除',
  more: 'ほかに {{count}} 個のアイコンがあります。キーワードで絞り込んでください',
  loading: 'アイコンを読み込み中…',
  notFound: '一致するアイコンがありません',
  imageType: '画像（.png、.jpg、.jpeg、.gif）のみアップロードできます',
  tooLarge: 'ファイルサイズは 10M を超えることはできません',
  required: 'アイコンを選択してください',
} satisfies Messages<typeof zh>;
