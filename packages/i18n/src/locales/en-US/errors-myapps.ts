import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-myapps.js';

export default {
  app_not_found: 'The application does not exist or you may not use it',
  not_sso_query: 'This application signs in with OpenID Connect: open its address directly',
  no_address: "The application's callback address is not valid, so it cannot be opened; contact its administrator",
} satisfies Messages<typeof zh>;
