import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-apppage.js';

/** Server messages of the page designer: `errors:apppage.<reason>` (docs/applications.md "Page designer"). */
export default {
  not_found: 'The page does not exist or has been deleted',
  node_not_found: 'The form, control or column does not exist or has been deleted',
  name_pattern: 'The page name may contain only letters, digits and Chinese characters',
  form_id_pattern: 'The formID may contain only letters, digits, underscores and hyphens',
  form_id_in_use: 'The formID "{{formId}}" is already used by another page of this application',
  path_in_use: 'The page path "{{path}}" is already used by another page of this application',
  node_name_pattern: '"{{value}}" contains characters that are not allowed',
  control_exists: 'Control already exists in the list: {{name}}',
  form_exists: 'Form already exists in the list: {{name}}',
  field_exists: 'The field already exists in the list: {{name}}',
  select_node: 'please select a form or control node',
  form_top_level: 'Forms can only be at the top level of a page',
  no_children: 'Only composite and grid controls can have children',
  no_nesting: 'Composite and grid controls cannot be nested under a composite or grid control',
  column_in_grid: 'Columns can only be added to a grid control',
  grid_columns_only: 'A grid control can only hold columns',
  type_fixed: 'The type of a form, a column or a control with children cannot be changed',
  move_invalid: 'A node cannot be moved under itself or its descendants, nor to another page',
  api_unknown: 'The API "{{id}}" is not in this application\'s API registry',
  file_json: 'Invalid page information, please check the setting file: it is not valid JSON',
  file_too_large: 'Invalid page information, please check the setting file: it must not exceed {{max}} bytes',
  file_version: 'Invalid page information, please check the setting file: version "{{version}}" is not supported',
  file_shape: 'Invalid page information, please check the setting file: {{at}} {{detail}}',
  file_type: 'Invalid page information, please check the setting file: unknown control type "{{type}}" at {{at}}',
  file_nesting:
    'Invalid page information, please check the setting file: {{at}} breaks a nesting rule (only composite and grid controls have children and they do not nest; columns only under a grid)',
  file_duplicate: 'Invalid page information, please check the setting file: the name "{{name}}" at {{at}} is repeated',
  file_api: 'Invalid page information, please check the setting file: the API "{{url}}" is not in this application\'s API registry',
  file_too_many: 'Invalid page information, please check the setting file: at most {{max}} nodes',
  file_field: 'Invalid page information, please check the setting file: the value at {{at}} is not valid',
  share_app_invalid: 'The application "{{app}}" is not another application you administer',
  share_api_missing: 'The API registry of the application "{{app}}" has no API "{{url}}"',
  share_path_in_use: 'Another page of the application "{{app}}" already uses the path "{{path}}"',
} satisfies Messages<typeof zh>;
