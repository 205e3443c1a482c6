import common from './common.js';
import errors from './errors.js';
import login from './login.js';
import layout from './layout.js';
import http from './http.js';
import grid from './grid.js';
import tenant from './tenant.js';
import dashboard from './dashboard.js';
import menu from './menu.js';
import product from './product.js';
import user from './user.js';
import role from './role.js';
import sysconfig from './sysconfig.js';
import licence from './licence.js';
import session from './session.js';
import oidc from './oidc.js';
import otc from './otc.js';
import client from './client.js';
import auditlog from './auditlog.js';
import station from './station.js';
import organisation from './organisation.js';
import job from './job.js';

import orgmember from './orgmember.js';
import account from './account.js';
import tenantsettings from './tenantsettings.js';
import tenantuser from './tenantuser.js';
/** Every namespace of this locale. */
export default { common, errors, tenantuser, orgmember, account, tenantsettings, login, layout, http, grid, tenant, dashboard, menu, product, user, role, sysconfig, licence, session, oidc, otc, client, auditlog, station, job, organisation };
