import type { Messages } from '../../types.js';
import type zh from '../zh-CN/iconchooser.js';

/** The icon chooser (shared components/IconChooser; SPEC §2 Icon chooser, §5 Icon, §8). */
export default {
  title: 'Choose an icon',
  choose: 'Choose icon',
  change: 'Change icon',
  none: 'No icon chosen',
  system: 'System icon',
  custom: 'Custom',
  search: 'Search icon name',
  upload: 'Upload image',
  uploadHint: '.png, .jpg, .jpeg, .gif, at most 10M',
  ok: 'OK',
  cancel: 'Cancel',
  delete: 'Delete',
  more: '{{count}} more icons: type a keyword to narrow the list',
  loading: 'Loading icons…',
  notFound: 'No icon matches',
  imageType: 'Can only upload image (.png, .jpg, .jpeg, .gif)',
  tooLarge: 'File size can not over 10M',
  required: 'Please choose an icon',
} satisfies Messages<typeof zh>;
