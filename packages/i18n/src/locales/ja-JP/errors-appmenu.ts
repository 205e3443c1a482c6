import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appmenu.js';

/** メニューデザイナーのサーバーメッセージ：`errors:appmenu.<reason>`（SPEC §5 Menu、§8 Menu messages）。 */
export default {
  not_found: 'メニューが存在しないか、削除されています',
  code_required: 'メニューコードを入力してください',
  code_pattern: 'メニューコードには数字または英字のみ使用できます',
  code_too_long: 'メニューコードは {{max}} 文字以内で入力してください',
  code_in_use: 'メニューコード「{{code}}」はこのアプリケーションで既に使用されています',
  name_required: 'メニュー名を入力してください',
  name_pattern: 'メニュー名には数字、英字、漢字および _ ( ) （ ） - のみ使用できます',
  name_too_long: 'メニュー名は {{max}} 文字以内で入力してください',
  target_required: '対象ページを空にすることはできません',
  target_invalid: '対象ページは {{max}} 文字以内で、スクリプトタグを含めることはできません',
  page_not_found: '選択したページはこのアプリケーションのものではありません',
  under_page: 'ページの下にメニューを追加することはできません',
  parent_not_found: '親メニューはこのアプリケーションのものではありません',
  move_cycle: 'メニューを自身またはその下位メニューの下に移動することはできません',
  root_delete: 'ルートノードは削除できません',
  root_readonly: 'ルートノードは編集、移動、無効化できません',
  has_children: 'モジュール「{{name}}」にはまだ {{count}} 個のサブメニューがあります。確認のうえサブメニューごと削除してください',
  description_invalid: '説明は {{max}} 文字以内で、スクリプトタグを含めることはできません',
  icon_invalid: 'アイコンはシステムアイコン名かアップロードしたカスタム画像である必要があります',
  icon_type: '画像（.png、.jpg、.jpeg、.gif）のみアップロードできます',
  icon_too_large: 'ファイルサイズは 10M を超えることはできません',
  too_many: '1 つのアプリケーションのメニューは最大 {{max}} 個です',
} satisfies Messages<typeof zh>;
