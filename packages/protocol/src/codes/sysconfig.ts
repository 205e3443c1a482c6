/**
 * Response codes of the sysconfig area (`sysconfig.reason`); messages under `errors:sysconfig.<reason>` in @mp/i18n
 * (locales/<locale>/errors-sysconfig.ts). Platform configuration: SPEC §7 codetable calls, §9.
 */
export const SysconfigCodes = {
  /** `savecodetablelist` names a code type it does not edit ({{codeType}}). */
  CODE_TYPE_NOT_EDITABLE: 'sysconfig.code_type_not_editable',
  /** Two entries of one code type share a key ({{codeKey}}). */
  CODE_KEY_DUPLICATE: 'sysconfig.code_key_duplicate',
  /** A password rule or verification rule is not a valid regular expression ({{codeKey}}). */
  REGEX_INVALID: 'sysconfig.regex_invalid',
  /** The saved code table must keep code type 1: the password rule. */
  PASSWORD_RULE_REQUIRED: 'sysconfig.password_rule_required',
  /** A number outside its range ({{field}}, {{min}}, {{max}}). */
  NUMBER_RANGE: 'sysconfig.number_range',
  /** Two configuration entries of one kind share a name ({{name}}). */
  NAME_DUPLICATE: 'sysconfig.name_duplicate',
  /** The configuration entry does not exist (any more). */
  CONFIG_NOT_FOUND: 'sysconfig.config_not_found',
  /** The test mail could not be sent ({{reason}}). */
  MAIL_SEND_FAILED: 'sysconfig.mail_send_failed',
  /** The LDAP server could not be reached ({{url}}, {{reason}}). */
  LDAP_UNREACHABLE: 'sysconfig.ldap_unreachable',
  /** The LDAP server refused the bind DN and password. */
  LDAP_BIND_FAILED: 'sysconfig.ldap_bind_failed',
  /** The LDAP server answered the base DN search with an error ({{reason}}). */
  LDAP_SEARCH_FAILED: 'sysconfig.ldap_search_failed',
  /** Organisation category keys are 1–9999; 0 is the main tree. */
  ORG_CATEGORY_MAIN: 'sysconfig.org_category_main',
  /** The organisation category does not exist in this tenant. */
  ORG_CATEGORY_NOT_FOUND: 'sysconfig.org_category_not_found',
  /** Another category of the tenant has this name ({{name}}). */
  ORG_CATEGORY_NAME_IN_USE: 'sysconfig.org_category_name_in_use',
  /** Organisations still use the category ({{count}}). */
  ORG_CATEGORY_IN_USE: 'sysconfig.org_category_in_use',
} as const;
