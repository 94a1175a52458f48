import type { Schemas } from './schemas';

export type InboundRoute = Schemas['InboundRoute'];
export type CreateInboundRouteRequest = Schemas['CreateInboundRouteRequest'];
/** PATCH body: at least one field. */
export type UpdateInboundRouteRequest = Schemas['UpdateInboundRouteRequest'];
export type InboundMessage = Schemas['InboundMessage'];
export type InboundMessageSummary = Schemas['InboundMessageSummary'];
/** The data of `email.received`; also the `body` of GET /inbound/messages/{id}. */
export type EmailReceived = Schemas['EmailReceived'];
