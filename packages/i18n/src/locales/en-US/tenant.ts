import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenant.js';

export default {
  title: 'Tenant management',
  addTitle: 'New tenant',
  modifyTitle: 'Modify tenant',
  newTenant: 'New tenant',
  keyword: 'Keyword',
  keywordPlaceholder: 'Name, code or abbreviation',
  builtIn: 'Built-in',
  builtInLocked: 'The built-in tenant cannot be deleted or disabled',
  codeLocked: 'The tenant code cannot be changed after creation',
  codePattern: 'The application tenant code must consist of letters and numbers',
  exportFileName: 'tenants.xlsx',
  field: {
    logo: 'Logo',
    name: 'Tenant name',
    code: 'Tenant code',
    abbreviation: 'Abbreviation',
    address: 'Address',
    status: 'Status',
    description: 'Description',
    creator: 'Creator',
    createdAt: 'Create time',
    updatedAt: 'Update time',
    id: 'Tenant ID',
  },
  placeholder: {
    name: 'e.g. East China branch',
    code: 'Letters and digits, e.g. east01',
    abbreviation: 'e.g. East',
    address: 'Office address of the tenant',
    description: 'Optional, at most 200 characters',
  },
  logoHint: 'PNG, JPG, GIF or another image, at most 10M',
} satisfies Messages<typeof zh>;
