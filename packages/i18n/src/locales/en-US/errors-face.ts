import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-face.js';

export default {
  not_found: 'The user has no face photo (photo not found)',
} satisfies Messages<typeof zh>;
