// NEVER RENAME a queue or exchange without a migration: durable queues keep their messages under the old name.

export const RPC_QUEUES = {
  billing: 'rpc.billing',
  mail: 'rpc.mail',
  webhooks: 'rpc.webhooks',
} as const;

export const QUEUES = {
  ...RPC_QUEUES,
  /** Work items `mail.send` ({ messageId }): one per message to sign and relay. */
  mailOutbox: 'mail.outbox',
  /** Bound to `entitlement.changed`: mail's local copy of each tenant's plan and quota. */
  mailEntitlements: 'mail.entitlements',
  /** Bound to `entitlement.changed`: the webhooks service's copy of each tenant's plan (its endpoint limit). */
  webhooksEntitlements: 'webhooks.entitlements',
  /** Bound to every webhook event type: fan-out to the tenant's endpoints. */
  webhooksEvents: 'webhooks.events',
  /** Bound to `audit.recorded`: the gateway keeps each record in the tenant's audit log, once. */
  gatewayAudit: 'gateway.audit',
  /** Work items `webhooks.deliver` ({ deliveryId, dispatchId, endpointId }): one per (event, endpoint) attempt, delayed on retry. */
  webhooksDeliveries: 'webhooks.deliveries',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const WORK_TYPES = {
  mailSend: 'mail.send',
  webhooksDeliver: 'webhooks.deliver',
} as const;

export const rpcQueue = (service: keyof typeof RPC_QUEUES): string => RPC_QUEUES[service];

/** Beside each RPC queue, `<queue>.health` answers pings, so a health check never waits behind a queue of requests. */
export const healthQueueOf = (queue: string): string => `${queue}.health`;
