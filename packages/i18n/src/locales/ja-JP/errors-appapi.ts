import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appapi.js';

export default {
  not_found: 'API が存在しないか、削除されています',
  url_suffix: 'サービス URL は .do で終わる必要があります',
  url_space: 'サービス URL に空白は使用できません',
  url_in_use: 'サービス URL「{{url}}」はこのアプリの別の API で使用されています',
  import_invalid: '{{count}} 行がチェックに失敗したため、何もインポートされませんでした',
  import_unreadable: 'ファイルを読み取れません。有効な Excel ファイルをアップロードしてください',
  import_column_missing: '必須の列「{{column}}」がありません。テンプレートを使用してください',
  import_empty: 'ファイルにデータ行がありません',
  import_too_many: '一度にインポートできるのは {{max}} 行までです',
  import_duplicate: '{{row}} 行目とサービス URL が重複しています',
  field: {
    name: 'API 名',
    serviceName: 'サービス名',
    moduleName: 'モジュール名',
    url: 'サービス URL',
    description: '説明',
  },
} satisfies Messages<typeof zh>;
