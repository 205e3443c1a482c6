import type { Messages } from '../../types.js';
import type zh from '../zh-CN/orgmember.js';

/** Organisation members (SPEC §2 orgEmployeeRelation: organisation tree + member grid, add/remove members). */
export default {
  title: 'Organisation members',
  titleOf: 'Organisation members — {{name}}',
  tree: 'Organisations',
  chooseOrg: 'Choose an organisation on the left first',
  includeSub: 'Include sub-organisations',
  keyword: 'User name / employee name',
  add: 'Add members',
  addTitle: 'Add members — {{name}}',
  userRequired: 'Please choose at least one user',
  added: 'Members added successfully',
  removed: 'Members removed successfully',
  selected: '{{count}} user(s) selected',
  removeOne: 'Remove',
  confirmRemove: 'Are you sure to remove the {{count}} selected member(s)?',
  affiliatedTip: 'Users affiliated with this organisation cannot be removed here; change it in user management',
  relation: { label: 'Relation', affiliated: 'Affiliated', member: 'Member' },
  column: {
    username: 'User name',
    employeeName: 'Employee name',
    org: 'Organisation',
    status: 'Status',
    createdAt: 'Added at',
    currentOrg: 'Affiliated organisation',
  },
} satisfies Messages<typeof zh>;
