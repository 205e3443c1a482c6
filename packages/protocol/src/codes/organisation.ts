/**
 * Response codes of the organisation area (`organisation.reason`); messages under
 * `errors:organisation.<reason>` in @mp/i18n (locales/<locale>/errors-organisation.ts).
 * SPEC §3 Organisation, §5 Organisation and Import files; docs/organisations.md.
 */
export const OrganisationCodes = {
  /** The organisation does not exist in the tenant (also another tenant's id). */
  NOT_FOUND: 'organisation.not_found',
  /** The name contains a single quote or an angle bracket. */
  NAME_PATTERN: 'organisation.name_pattern',
  /** The code is not letters, digits, underscores and hyphens. */
  CODE_PATTERN: 'organisation.code_pattern',
  /** The code is used by another organisation of the tenant's category (params: code). */
  CODE_IN_USE: 'organisation.code_in_use',
  /** The type is not 0–6. */
  TYPE_INVALID: 'organisation.type_invalid',
  /** The sort order is not a non-negative integer (SPEC §5 "positive integers"). */
  SORT_INVALID: 'organisation.sort_invalid',
  /** The parent organisation is required (choose-parent dialog, SPEC §5 Relation). */
  PARENT_REQUIRED: 'organisation.parent_required',
  /** The parent organisation is not an organisation of the tenant's tree. */
  PARENT_NOT_FOUND: 'organisation.parent_not_found',
  /** The parent is the organisation itself or one of its descendants. */
  PARENT_CYCLE: 'organisation.parent_cycle',
  /** The root organisation has no parent: it cannot move, leave the tree, be disabled or deleted. */
  ROOT_FIXED: 'organisation.root_fixed',
  /** Delete refused: the organisation still has sub-organisations (params: name). */
  HAS_CHILDREN: 'organisation.has_children',
  /** Delete refused: users still belong to it (params: name). */
  HAS_USERS: 'organisation.has_users',
  /** Delete refused: positions still belong to it (params: name). */
  HAS_STATIONS: 'organisation.has_stations',
  /** Delete refused: roles still belong to it (params: name). */
  HAS_ROLES: 'organisation.has_roles',
  /** Take out of the tree: only a leaf may become a single organisation again (params: name). */
  DETACH_HAS_CHILDREN: 'organisation.detach_has_children',
  /** Take out of the tree: the organisation is not in the tree. */
  NOT_IN_TREE: 'organisation.not_in_tree',
  /** Import: the sheet has no rows. */
  IMPORT_EMPTY: 'organisation.import_empty',
  /** Import: more rows than an import accepts (params: max). */
  IMPORT_TOO_MANY: 'organisation.import_too_many',
  /** Import row: the code appears twice in the file (params: code). */
  IMPORT_CODE_DUPLICATE: 'organisation.import_code_duplicate',
  /** Import row: the parent code is neither in the file nor an organisation of the tenant (params: code). */
  IMPORT_PARENT_UNKNOWN: 'organisation.import_parent_unknown',
  /** Import row: the parent codes form a cycle (params: code). */
  IMPORT_CYCLE: 'organisation.import_cycle',
  /** Import row: the type is not one of the type names or 0–6. */
  IMPORT_TYPE: 'organisation.import_type',
  /** Import row: the status is not enabled/disabled. */
  IMPORT_STATUS: 'organisation.import_status',
  /** Import row: the root organisation's code cannot be imported (params: code). */
  IMPORT_ROOT: 'organisation.import_root',
} as const;
