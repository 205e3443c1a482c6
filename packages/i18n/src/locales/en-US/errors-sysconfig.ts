import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-sysconfig.js';

/** Server messages of the sysconfig area: `errors:sysconfig.<reason>`. */
export default {
  code_type_not_editable: 'Code type {{codeType}} cannot be maintained here',
  code_key_duplicate: 'The key "{{codeKey}}" already exists in this type',
  regex_invalid: 'The value of "{{codeKey}}" is not a valid regular expression',
  password_rule_required: 'The code table must keep the password rule (type 1)',
  number_range: '{{field}} must be a whole number from {{min}} to {{max}}',
  name_duplicate: 'The name "{{name}}" is used twice',
  config_not_found: 'The configuration does not exist or has been deleted; refresh and try again',
  mail_send_failed: 'The test mail could not be sent: {{reason}}',
  ldap_unreachable: 'Cannot connect to the LDAP server {{url}}: {{reason}}',
  ldap_bind_failed: 'The LDAP server refused the bind DN or password',
  ldap_search_failed: 'Connected to the LDAP server, but reading the base DN failed: {{reason}}',
  org_category_main: 'The main organisation tree (category 0) is built in and cannot be changed or deleted',
  org_category_not_found: 'The organisation category does not exist or has been deleted',
  org_category_name_in_use: 'The organisation category name "{{name}}" already exists',
  org_category_in_use: '{{count}} organisations still belong to this category; it cannot be deleted',
  main_org_category: 'Main organisation tree',
  org_type: { 0: 'None', 1: 'Group', 2: 'Company', 3: 'Department', 4: 'Sub-department', 5: 'Field', 6: 'Franchise store' },
  test_mail: {
    subject: 'MP3.0 test mail ({{name}})',
    body: 'This is a test mail from MP3.0.\n\nMail configuration: {{name}} ({{host}}:{{port}})\nSent by: {{user}}\nTime: {{time}}\n\nIf you received it, this mail configuration can send mail.',
  },
} satisfies Messages<typeof zh>;
