export { createDashboardApp, type DashboardOptions } from './app';
export { startDashboard } from './server';
export { openSessions, DEFAULT_SESSION_LIMITS, type SessionLimits } from './sessions';
