/**
 * The namespaces the console's public screens use (sign-in, reset, 404, the frame's guard and the HTTP
 * messages): fetched first, the rest with the first signed-in screen (issue 17, `loadLocaleFirst`).
 */
import common from './common.js';
import login from './login.js';
import otc from './otc.js';
import http from './http.js';
import session from './session.js';
import layout from './layout.js';

export default { common, login, otc, http, session, layout };
