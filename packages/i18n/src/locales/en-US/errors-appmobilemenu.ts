import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appmobilemenu.js';

export default {
  not_found: 'The mobile app menu does not exist or has been deleted',
  name_in_use: 'The app name "{{name}}" already exists',
  icon_not_found: 'The image of the {{field}} does not exist; please upload it again',
  icon_type: 'Can only upload image (.png, .jpg, .jpeg, .gif)',
  field: {
    name: 'App name',
    listIcon: 'list icon',
    normalIcon: 'normal icon',
    highlightIcon: 'highlight icon',
    description: 'description',
  },
} satisfies Messages<typeof zh>;
