import type { Messages } from '../../types.js';
import type zh from '../zh-CN/dashboard.js';

export default {
  title: 'Dashboard',
  welcome: 'Welcome back, {{name}}',
  welcomeAnonymous: 'Welcome back',
  subtitle: 'Platform overview',
  tenantSubtitle: 'Tenant overview',
  enabledUsers: 'Enabled users',
  organisations: 'Organisations',
  stations: 'Positions',
  apps: 'Authorised applications',
  tenants: 'Tenants',
  enabledTenants: 'Enabled tenants',
  users: 'Users',
  products: 'Products',
  roles: 'Roles',
  signIns: 'Sign-ins in the last 7 days',
  signInCount: 'Sign-ins',
  noSignIns: 'No sign-ins in the last 7 days',
  refresh: 'Refresh',
  loadFailed: 'Load data fail',
  retry: 'Retry',
} satisfies Messages<typeof zh>;
