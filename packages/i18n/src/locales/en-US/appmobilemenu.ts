import type { Messages } from '../../types.js';
import type zh from '../zh-CN/appmobilemenu.js';

export default {
  title: 'Mobile app menus',
  intro:
    'The app entries of the mobile (Phone platform) home screen: each has a list icon, a normal icon and a highlight icon, an order, and can be enabled or disabled.',
  newMenu: 'New app',
  addTitle: 'New app',
  modifyTitle: 'Edit App',
  keyword: 'App name',
  keywordPlaceholder: 'Search by app name',
  noIcon: 'None',
  iconHint: '.png, .jpg, .jpeg, .gif, at most 10M',
  field: {
    id: 'AM_ID',
    name: 'App name',
    listIcon: 'List icon',
    normalIcon: 'Normal icon',
    highlightIcon: 'Highlight icon',
    enabled: 'Enabled',
    description: 'Description',
    sort: 'Sequence',
  },
} satisfies Messages<typeof zh>;
