import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-apppage.js';

/** ページデザイナーのサーバーメッセージ：`errors:apppage.<reason>`（docs/applications.md）。 */
export default {
  not_found: 'ページが存在しないか、削除されています',
  node_not_found: 'フォーム、コントロール、または列が存在しないか、削除されています',
  name_pattern: 'ページ名には英字、数字、漢字のみ使用できます',
  form_id_pattern: 'formID には英字、数字、アンダースコア、ハイフンのみ使用できます',
  form_id_in_use: 'formID「{{formId}}」はこのアプリの別のページで使用されています',
  path_in_use: 'ページパス「{{path}}」はこのアプリの別のページで使用されています',
  node_name_pattern: '「{{value}}」に使用できない文字が含まれています',
  control_exists: 'コントロールは既にリストに存在します：{{name}}',
  form_exists: 'フォームは既にリストに存在します：{{name}}',
  field_exists: 'フィールドは既にリストに存在します：{{name}}',
  select_node: 'フォームまたはコントロールのノードを選択してください',
  form_top_level: 'フォームはページの最上位にのみ置けます',
  no_children: '子ノードを持てるのは複合コントロールとグリッドコントロールのみです',
  no_nesting: '複合コントロールとグリッドコントロールは複合またはグリッドの下に入れられません',
  column_in_grid: '列はグリッドコントロールの下にのみ追加できます',
  grid_columns_only: 'グリッドコントロールには列のみ追加できます',
  type_fixed: 'フォーム、列、子ノードを持つコントロールの種類は変更できません',
  move_invalid: 'ノードを自身や子孫の下、または別のページへ移動することはできません',
  api_unknown: 'API「{{id}}」はこのアプリの API 一覧にありません',
  file_json: 'ページ情報が無効です。設定ファイルを確認してください：有効な JSON ではありません',
  file_too_large: 'ページ情報が無効です。設定ファイルを確認してください：{{max}} バイト以下にしてください',
  file_version: 'ページ情報が無効です。設定ファイルを確認してください：バージョン「{{version}}」には対応していません',
  file_shape: 'ページ情報が無効です。設定ファイルを確認してください：{{at}} {{detail}}',
  file_type: 'ページ情報が無効です。設定ファイルを確認してください：{{at}} のコントロール種類「{{type}}」は不明です',
  file_nesting:
    'ページ情報が無効です。設定ファイルを確認してください：{{at}} は入れ子のルールに違反しています（子を持てるのは複合とグリッドのみで互いに入れ子不可、列はグリッドの下のみ）',
  file_duplicate: 'ページ情報が無効です。設定ファイルを確認してください：{{at}} の名前「{{name}}」が重複しています',
  file_api: 'ページ情報が無効です。設定ファイルを確認してください：API「{{url}}」はこのアプリの API 一覧にありません',
  file_too_many: 'ページ情報が無効です。設定ファイルを確認してください：ノードは {{max}} 個までです',
  file_field: 'ページ情報が無効です。設定ファイルを確認してください：{{at}} の値が無効です',
  share_app_invalid: 'アプリ「{{app}}」はあなたが管理する別のアプリではありません',
  share_api_missing: 'アプリ「{{app}}」の API 一覧に API「{{url}}」がありません',
  share_path_in_use: 'アプリ「{{app}}」の別のページがパス「{{path}}」を使用しています',
} satisfies Messages<typeof zh>;
