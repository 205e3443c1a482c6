import type { Messages } from '../../types.js';
import type zh from '../zh-CN/myapps.js';

export default {
  title: 'My apps',
  intro: 'Choose an application to open it with single sign-on.',
  search: 'Search application name or code',
  empty: 'No application is available to you yet',
  count: '{{count}} application(s)',
  noAddress: 'This application has no callback address and cannot be opened',
  popupBlocked: 'The browser blocked the new window; allow pop-ups for this site and try again',
  frame: {
    back: 'Back to my apps',
    newWindow: 'Open in a new window',
    notFound: 'The application was not found, or you may no longer use it',
  },
  home: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
    intro: 'This is your personal home.',
  },
} satisfies Messages<typeof zh>;
