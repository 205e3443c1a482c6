import common from './common.js';
import myapps from './myapps.js';
import appuser from './appuser.js';
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
import profile from './profile.js';
import oidc from './oidc.js';
import otc from './otc.js';
import client from './client.js';
import auditlog from './auditlog.js';
import station from './station.js';
import apptenant from './apptenant.js';
import mapping from './mapping.js';
import appapi from './appapi.js';
import appmobilemenu from './appmobilemenu.js';
import organisation from './organisation.js';
import job from './job.js';

import orgmember from './orgmember.js';
import account from './account.js';
import tenantsettings from './tenantsettings.js';
import tenantuser from './tenantuser.js';
import tenantrole from './tenantrole.js';
import apppage from './apppage.js';
import appmenu from './appmenu.js';
import iconchooser from './iconchooser.js';
import appgrant from './appgrant.js';
import approle from './approle.js';
import workflow from './workflow.js';
import appdashboard from './appdashboard.js';
import notice from './notice.js';
import calllog from './calllog.js';
import message from './message.js';
import serviceaccount from './serviceaccount.js';
import bigfile from './bigfile.js';
import face from './face.js';
/** Every namespace of this locale. */
export default {
  common,
  serviceaccount,
  bigfile,
  face,
  calllog,
  notice,
  message,
  workflow,
  appdashboard,
  approle,
  appuser,
  myapps,
  apppage,
  appmenu,
  iconchooser,
  errors,
  appapi,
  appmobilemenu,
  tenantuser,
  tenantrole,
  appgrant,
  orgmember,
  account,
  tenantsettings,
  login,
  layout,
  http,
  grid,
  tenant,
  dashboard,
  menu,
  product,
  user,
  role,
  sysconfig,
  licence,
  session,
  profile,
  oidc,
  otc,
  client,
  auditlog,
  station,
  job,
  organisation,
  apptenant,
  mapping,
};
