/**
 * The service-call statistics and call-log screens of the three areas (issue 18; docs/call-logs.md): the same
 * two screens (components/CallLogs) for the platform administrator (`/platformAdmin/callStats`, `callLogs`),
 * the tenant administrator (`/tenancy/callStats`, `callLogs`) and the application administrator
 * (`/app/callStats`, `callLogs`). The router lazy-loads this module and picks one export.
 */
import CallLogPage from '../../components/CallLogs/CallLogPage';
import CallStatsPage from '../../components/CallLogs/CallStatsPage';

export const PlatformCallStats = () => <CallStatsPage audience="platform" />;
export const PlatformCallLogs = () => <CallLogPage audience="platform" />;
export const TenantCallStats = () => <CallStatsPage audience="tenant" />;
export const TenantCallLogs = () => <CallLogPage audience="tenant" />;
export const AppCallStats = () => <CallStatsPage audience="app" />;
export const AppCallLogs = () => <CallLogPage audience="app" />;
