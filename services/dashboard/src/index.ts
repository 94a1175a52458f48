export { createDashboardApp, type DashboardOptions } from './app';
export { startDashboard } from './server';
