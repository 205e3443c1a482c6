import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenant.js';

export default {
  title: 'テナント管理',
  addTitle: 'テナントの新規作成',
  modifyTitle: 'テナントの変更',
  newTenant: 'テナントを新規作成',
  keyword: 'キーワード',
  keywordPlaceholder: '名称、コードまたは略称',
  builtIn: '組み込み',
  builtInLocked: '組み込みテナントは削除または無効化できません',
  codeLocked: 'テナントコードは作成後に変更できません',
  codePattern: 'アプリケーションテナントコードは英字と数字で構成してください',
  exportFileName: 'テナント一覧.xlsx',
  field: {
    logo: 'ロゴ',
    name: 'テナント名',
    code: 'テナントコード',
    abbreviation: '略称',
    address: '住所',
    status: 'ステータス',
    description: '説明',
    creator: '作成者',
    createdAt: '作成日時',
    updatedAt: '更新日時',
    id: 'テナント ID',
  },
  placeholder: {
    name: '例：東日本支社',
    code: '英数字、例：east01',
    abbreviation: '例：東日本',
    address: 'テナントの所在地',
    description: '任意、200 文字以内',
  },
  logoHint: 'PNG、JPG、GIF などの画像、10M 以下',
} satisfies Messages<typeof zh>;
