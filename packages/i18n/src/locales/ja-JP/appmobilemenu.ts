import type { Messages } from '../../types.js';
import type zh from '../zh-CN/appmobilemenu.js';

export default {
  title: 'モバイルアプリメニュー',
  intro:
    'モバイル（Phone プラットフォーム）のホーム画面に表示するアプリの入口です。リストアイコン、通常アイコン、ハイライトアイコンと表示順を持ち、有効・無効を切り替えられます。',
  newMenu: 'アプリを追加',
  addTitle: 'アプリを追加',
  modifyTitle: 'アプリを編集',
  keyword: 'アプリ名',
  keywordPlaceholder: 'アプリ名で検索',
  noIcon: 'なし',
  iconHint: '.png、.jpg、.jpeg、.gif、10M まで',
  field: {
    id: 'AM_ID',
    name: 'アプリ名',
    listIcon: 'リストアイコン',
    normalIcon: '通常アイコン',
    highlightIcon: 'ハイライトアイコン',
    enabled: '有効',
    description: '説明',
    sort: '表示順',
  },
} satisfies Messages<typeof zh>;
