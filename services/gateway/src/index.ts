export { startGateway, type Gateway } from './service';
export { gatewayConfig, type GatewayConfig } from './config';
export { createTenant } from './domain/tenants';
