import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appmenu.js';

/** Server messages of the menu designer: `errors:appmenu.<reason>` (SPEC §5 Menu, §8 Menu messages). */
export default {
  not_found: 'The menu does not exist or has been deleted',
  code_required: 'Please enter the menu code',
  code_pattern: 'The menu code may contain only digits or English letters',
  code_too_long: 'The menu code cannot be longer than {{max}} characters',
  code_in_use: 'The menu code "{{code}}" is already in use in this application',
  name_required: 'Please enter the menu name',
  name_pattern: 'The menu name may contain only digits, letters, Chinese characters and _ ( ) （ ） -',
  name_too_long: 'The menu name cannot be longer than {{max}} characters',
  target_required: 'Target page can not be a empty value',
  target_invalid: 'The target page cannot be longer than {{max}} characters nor contain a script tag',
  page_not_found: 'The chosen page does not belong to this application',
  under_page: 'You can not add a menu to the web page',
  parent_not_found: 'The parent menu does not belong to this application',
  move_cycle: 'A menu cannot be moved under itself or one of its sub-menus',
  root_delete: 'Root node can not be deleted',
  root_readonly: 'The root node cannot be edited, moved or disabled',
  has_children: 'The module "{{name}}" still has {{count}} sub-menus; confirm to delete them with it',
  description_invalid: 'The description cannot be longer than {{max}} characters nor contain a script tag',
  icon_invalid: 'The icon must be a system icon name or an uploaded custom image',
  icon_type: 'Can only upload image (.png, .jpg, .jpeg, .gif)',
  icon_too_large: 'File size can not over 10M',
  too_many: 'An application can have at most {{max}} menus',
} satisfies Messages<typeof zh>;
