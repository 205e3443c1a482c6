import type { Messages } from '../../types.js';
import type zh from '../zh-CN/approle.js';

/** Application roles and permission templates screen (/app/roleManagement; docs/applications.md "Application roles and permission templates"). */
export default {
  title: 'Application roles',
  intro: 'The application\'s own roles: members are the application\'s users in the tenants using it; grants cover its menus, pages, controls and APIs. A role can be made from a permission template on the left.',
  newRole: 'New role',
  addTitle: 'New role',
  modifyTitle: 'Modify role',
  field: { code: 'Role no', name: 'Role name', status: 'Status', description: 'Description', template: 'Permission template', templateMode: 'Template use', memberCount: 'Members', updatedAt: 'Update time' },
  search: { code: 'Role no', name: 'Role name' },
  action: { members: 'Members', authorise: 'Authorise', menuGrant: 'Menu authorisation', apiGrant: 'API authorisation', viewGrant: 'View authorisation', applyTemplate: 'Apply template' },
  mode: {
    sync: 'Keep in sync', copy: 'Copy once',
    syncHelp: 'The role\'s grants are always the template\'s: they change when the template changes.',
    copyHelp: 'Copies the template\'s grants now; later the role\'s grants are edited on their own.',
  },
  noTemplate: 'No template',
  templates: {
    title: 'Permission templates', add: 'New', addTitle: 'New template', modifyTitle: 'Modify template', edit: 'Modify', delete: 'Delete',
    confirmDelete: 'Delete the template "{{name}}" and its sub-templates? Roles following them keep their current grants as their own copy.',
    menuGrant: 'Menu authorisation', apiGrant: 'API authorisation', name: 'Template name', description: 'Description', namePlaceholder: 'At most 30 characters',
    syncRoles: '{{count}} role(s) follow', rootTip: 'Root node does not support permission configuration', selectFirst: 'Template must be selected before permission configuration',
    moved: 'Moved', dragHint: 'Drag a template to change its level',
  },
  apply: { title: 'Apply template - {{name}}', template: 'Template', mode: 'Use', done: 'Template applied' },
  grant: {
    menuTitle: 'Menu authorisation - {{name}}', apiTitle: 'API authorisation - {{name}}',
    syncWarning: 'This role follows the template "{{template}}"; saving its own grants makes it a copy that no longer follows the template.',
    templateHint: 'When saved, the {{count}} role(s) following this template get the same grants.',
  },
  view: { title: 'View authorisation - {{name}}', item: 'Granted item', menu: 'Menu', purview: 'Permission', read: 'Read', readWrite: 'Read and write', empty: 'This role has no grants' },
  members: { tenant: 'Tenant' },
} satisfies Messages<typeof zh>;
