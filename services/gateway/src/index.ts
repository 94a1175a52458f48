export { startGateway, type Gateway } from './service';
export { gatewayConfig, type GatewayConfig } from './config';
export { createTenant } from './domain/tenants';
export { startSubmission, type Submission } from './submission/start-submission';
export { submissionConfig, type SubmissionConfig } from './submission/config';
export { totpCode } from './domain/totp';
