import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appgrant.js';

/** テナントロールのアプリケーション権限付与のサーバーメッセージ：`errors:appgrant.<reason>`（docs/applications.md）。 */
export default {
  app_not_used: 'このテナントはアプリケーション「{{id}}」を利用していません',
  item_unknown: '付与項目「{{id}}」はこのアプリケーションの権限ツリーのノードではありません',
} satisfies Messages<typeof zh>;
