import type { Messages } from '../../types.js';
import type zh from '../zh-CN/myapps.js';

export default {
  title: 'マイアプリ',
  intro: 'アプリを選ぶと、シングルサインオンで開きます。',
  search: 'アプリ名またはコードで検索',
  empty: '利用できるアプリはまだありません',
  count: '{{count}} 件のアプリ',
  noAddress: 'このアプリにはコールバックアドレスが設定されていないため、開けません',
  popupBlocked: 'ブラウザが新しいウィンドウをブロックしました。このサイトのポップアップを許可して再試行してください',
  frame: {
    back: 'マイアプリに戻る',
    newWindow: '新しいウィンドウで開く',
    notFound: 'アプリが見つからないか、利用権限がなくなりました',
  },
  home: {
    morning: 'おはようございます、{{name}} さん',
    afternoon: 'こんにちは、{{name}} さん',
    evening: 'こんばんは、{{name}} さん',
    intro: 'あなたのホームページです。',
  },
} satisfies Messages<typeof zh>;
