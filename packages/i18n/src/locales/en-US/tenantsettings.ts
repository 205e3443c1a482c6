import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenantsettings.js';

/** The tenant's system configuration (SPEC §2 Tenant sysconfig: defaults of new users, organisation categories). */
export default {
  title: 'System configuration',
  users: {
    title: 'New users',
    validityDays: 'Default validity (days)',
    validityHelp: 'When a user of this tenant is added without an expiry date, it becomes the effective date plus this many days. Leave empty for no default.',
    unit: 'days',
  },
  categories: {
    title: 'Organisation categories',
    help: 'The main organisation tree (0) is built in; other categories are the category trees of the organisation element library.',
    key: 'Category number',
    name: 'Category name',
    add: 'New category',
    builtIn: 'Built-in',
    confirmDelete: 'Are you sure to delete the category "{{name}}"?',
  },
  saved: 'Saved successfully',
  noAccess: "Only the tenant's administrators can change the system configuration",
} satisfies Messages<typeof zh>;
