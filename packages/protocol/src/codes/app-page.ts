/**
 * Response codes of the page designer (`apppage.reason`; SPEC §2 Page manager, §4 Editing, §5 Page, §8
 * Menu messages; docs/applications.md "Page designer"). Messages under `errors:apppage.<reason>` in
 * @mp/i18n (locales/<locale>/errors-apppage.ts).
 */
export const AppPageCodes = {
  /** No such page in this application (unknown id, or another application's). */
  NOT_FOUND: 'apppage.not_found',
  /** No such form, control or column in this application. */
  NODE_NOT_FOUND: 'apppage.node_not_found',
  /** The page name is not letters, digits and Chinese characters only (SPEC §5 Page). */
  NAME_PATTERN: 'apppage.name_pattern',
  /** The formID is not letters, digits, '_' and '-'. */
  FORM_ID_PATTERN: 'apppage.form_id_pattern',
  /** Another page of the application has this formID (param `formId`). */
  FORM_ID_IN_USE: 'apppage.form_id_in_use',
  /** Another page of the application has this path (param `path`). */
  PATH_IN_USE: 'apppage.path_in_use',
  /** A control name, field name or alias holds characters that are not allowed (param `value`). */
  NODE_NAME_PATTERN: 'apppage.node_name_pattern',
  /** SPEC §8 'Control already exists in the list': a control name repeated in one form or composite (param `name`). */
  CONTROL_EXISTS: 'apppage.control_exists',
  /** A form name repeated in the page (param `name`). */
  FORM_EXISTS: 'apppage.form_exists',
  /** SPEC §8 'The field already exists in the list': a column or field name repeated in one grid (param `name`). */
  FIELD_EXISTS: 'apppage.field_exists',
  /** SPEC §8 'please select a form or control node': a control must belong to a form or composite control. */
  SELECT_NODE: 'apppage.select_node',
  /** Forms are top-level nodes only. */
  FORM_TOP_LEVEL: 'apppage.form_top_level',
  /** SPEC §4: only composite and grid controls have children (param `type`). */
  NO_CHILDREN: 'apppage.no_children',
  /** SPEC §4: composite and grid controls do not nest under a composite or grid control. */
  NO_NESTING: 'apppage.no_nesting',
  /** Columns belong to a grid control only. */
  COLUMN_IN_GRID: 'apppage.column_in_grid',
  /** A grid control holds columns only. */
  GRID_COLUMNS_ONLY: 'apppage.grid_columns_only',
  /** A control's type cannot change while it has children, nor a form's or column's. */
  TYPE_FIXED: 'apppage.type_fixed',
  /** A node cannot move under itself or one of its descendants, nor to another page. */
  MOVE_INVALID: 'apppage.move_invalid',
  /** A chosen API is not in this application's API registry (param `id`). */
  API_UNKNOWN: 'apppage.api_unknown',
  /**
   * SPEC §8 'Invalid page information, please check the setting file', one code per reason (each message
   * starts with that sentence; docs/applications.md "Setting file format"). Params: `at` the JSON path.
   */
  FILE_JSON: 'apppage.file_json',
  /** The file is larger than SETTING_FILE_MAX_BYTES (param `max`, bytes). */
  FILE_TOO_LARGE: 'apppage.file_too_large',
  /** `version` is not one this server reads (param `version`). */
  FILE_VERSION: 'apppage.file_version',
  /** A member is missing, of the wrong type or too long (params `at`, `detail`). */
  FILE_SHAPE: 'apppage.file_shape',
  /** An unknown control type (params `at`, `type`). */
  FILE_TYPE: 'apppage.file_type',
  /** A nesting rule of SPEC §4 is broken (param `at`). */
  FILE_NESTING: 'apppage.file_nesting',
  /** A form, control or column name repeated among its siblings (params `at`, `name`). */
  FILE_DUPLICATE: 'apppage.file_duplicate',
  /** An API url not in the application's registry (param `url`). */
  FILE_API: 'apppage.file_api',
  /** More nodes than SETTING_FILE_MAX_NODES (param `max`). */
  FILE_TOO_MANY: 'apppage.file_too_many',
  /** A field of the file's page, form, control or column breaks its rule (params `at`, `detail`). */
  FILE_FIELD: 'apppage.file_field',
  /** The sharing target is not another application the caller administers (param `app`). */
  SHARE_APP_INVALID: 'apppage.share_app_invalid',
  /** The target application's registry lacks an API the page uses (params `app`, `url`). */
  SHARE_API_MISSING: 'apppage.share_api_missing',
  /** The target application has another page (other formID) at this path (params `app`, `path`). */
  SHARE_PATH_IN_USE: 'apppage.share_path_in_use',
} as const;
