import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-workflow.js';

/** 承認ワークフローのサーバーメッセージ：`errors:workflow.<reason>`（docs/workflow.md）。 */
export default {
  workflow: {
    not_found: '申請が存在しないか、閲覧する権限がありません',
    reason_required: '申請理由を入力してください',
    app_unavailable: 'このアプリケーションは申請できません：テナントが利用していないか、無効になっています',
    already_user: 'このアプリケーションはすでに利用できます',
    role_unavailable: 'このロールは申請できません：存在しない、無効、またはアプリケーションの利用者ではありません',
    already_member: 'このロールはすでに付与されています',
    duplicate: '同じ申請がすでに承認待ちです',
    already_decided: 'この申請は他の人によって処理済みか、次のステップに進んでいます。更新して再試行してください',
    not_approver: 'この申請の現在のステップの承認者ではありません',
    not_withdrawable: '承認待ちの申請を取り下げられるのは申請者のみです',
    inaccessible: 'プロセスエラーまたはアクセスできないプロセス',
    not_resolvable: '現在のステップに承認者がいない承認待ちの申請のみ再割り当てまたはクローズできます。最後のステップは再割り当てできません',
    steps_invalid: 'プロセスが無効です：アプリケーション管理者は最後のステップにのみ置く必要があります',
  },
} satisfies Messages<typeof zh>;
