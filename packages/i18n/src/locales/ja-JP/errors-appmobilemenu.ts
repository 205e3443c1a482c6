import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appmobilemenu.js';

export default {
  not_found: 'モバイルアプリメニューが存在しないか、削除されています',
  name_in_use: 'アプリ名「{{name}}」は既に存在します',
  icon_not_found: '{{field}}の画像が存在しません。もう一度アップロードしてください',
  icon_type: '画像（.png、.jpg、.jpeg、.gif）のみアップロードできます',
  field: {
    name: 'アプリ名',
    listIcon: 'リストアイコン',
    normalIcon: '通常アイコン',
    highlightIcon: 'ハイライトアイコン',
    description: '説明',
  },
} satisfies Messages<typeof zh>;
