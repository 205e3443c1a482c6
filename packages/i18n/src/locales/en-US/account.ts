import type { Messages } from '../../types.js';
import type zh from '../zh-CN/account.js';

/** Account management (SPEC §2 accountManagement; §3 WeChat type; §8 unbind and association messages). */
export default {
  title: 'Account management',
  newAccount: 'New account',
  addTitle: 'New account',
  modifyTitle: 'Modify account',
  associate: 'Associate user',
  associateTitle: 'Associate user — {{account}}',
  unbind: 'Unbind WeChat',
  accountPattern: 'The account may contain only letters, digits and _ - . @',
  unbindNone: 'Please select a user for unbind wechat account',
  unbindMany: 'Only one user selected for unbind wechat account',
  unbindConfirm: 'Are you sure to unbind wechat?',
  unbound: 'Unbound successfully',
  notBound: 'The account is not associated with a user',
  associated: 'User association succeeded',
  userRequired: 'Please choose a user',
  chooseOne: 'please choose one record',
  selectAll: 'Select this page',
  keyword: 'Account / nickname',
  type: { 1: 'Enterprise WeChat', 2: 'Official account', 3: 'Open platform' },
  bound: { label: 'Association', yes: 'Associated', no: 'Not associated' },
  field: {
    account: 'Account',
    nickname: 'Nickname',
    accountType: 'Account type',
    status: 'Status',
    user: 'Associated user',
    boundAt: 'Associated at',
    updatedAt: 'Update time',
    creator: 'Creator',
  },
  placeholder: {
    account: 'Enterprise WeChat UserID or OpenID',
    nickname: 'Enter a nickname',
    accountType: 'Choose the account type',
    keyword: 'User name or employee name',
  },
  column: { username: 'User name', employeeName: 'Employee name', org: 'Affiliated organisation', status: 'Status' },
} satisfies Messages<typeof zh>;
