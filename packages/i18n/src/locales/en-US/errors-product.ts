import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-product.js';

export default {
  code_pattern: 'The product code must consist of letters, numbers and underscores',
  code_in_use: 'The product code "{{code}}" is already in use',
  version_pattern: 'The version must consist of letters, numbers, dots, hyphens and underscores, starting with a letter or number',
  url_invalid: 'The callback address must be a valid address starting with http:// or https://',
  email_invalid: 'Please enter a valid e-mail address of the person in charge',
  phone_invalid: 'Please enter a valid telephone number of the person in charge',
  not_found: 'The product does not exist or has been deleted',
  built_in: 'The built-in product "{{name}}" cannot be deleted',
  in_use: 'The product "{{name}}" is authorised to {{count}} tenant(s); withdraw the authorisation before deleting it',
  not_enabled: 'The product "{{name}}" is disabled and cannot be authorised',
  admin_not_found: 'A chosen administrator does not exist or is disabled',
} satisfies Messages<typeof zh>;
