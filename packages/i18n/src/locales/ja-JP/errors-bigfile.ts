import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-bigfile.js';

/** 大容量ファイルのサーバーメッセージ：`errors:bigfile.<reason>`（SPEC §2 /bigfile、docs/bigfile.md）。 */
export default {
  disabled: '大容量ファイルのアップロードは無効です',
  too_large: 'ファイルサイズは {{max}} を超えることはできません',
  type_not_allowed: 'この種類のファイルはアップロードできません（許可：{{accept}}）',
  quota_exceeded: '保存領域が不足しています（残り {{free}}）',
  name_required: 'ファイル名が必要です',
  length_required: 'アップロードではファイルサイズを宣言する必要があります',
  not_found: 'アップロードが存在しないか、期限切れです',
  offset_mismatch: 'アップロード位置が一致しません。アップロードを続けてください',
  protocol: '無効なアップロード要求です：{{detail}}',
} satisfies Messages<typeof zh>;
