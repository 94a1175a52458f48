export { startGateway, type Gateway } from './gateway';
export { gatewayConfig, type GatewayConfig } from './config';
export { createTenant } from './domain/tenants';
