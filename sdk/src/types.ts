// Named API shapes (aliases of the generated `components['schemas']`) and helpers over the generated `operations`.
import type { components, operations } from '@mailplane/contracts/openapi';

export type { components, operations, paths, webhooks } from '@mailplane/contracts/openapi';

type Schemas = components['schemas'];

/** Operations the platform sends to you (the contract's `webhooks`), which no client calls. */
export type WebhookOperationId = 'deliverEvent';
/** Operations a client calls. */
export type OperationId = Exclude<keyof operations, WebhookOperationId>;
/** Path parameters of an operation (`{}` when it has none). */
export type PathOf<K extends OperationId> = operations[K]['parameters'] extends { path: infer P } ? P : Record<string, never>;
/** Query parameters of an operation. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
/** JSON request body of an operation (`never` when it takes none). */
export type BodyOf<K extends OperationId> =
  NonNullable<operations[K]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;
type Answer<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content?: never } ? void : unknown;
/** JSON body of an operation's success answer (`void` for 204). */
export type ResultOf<K extends OperationId> = {
  [S in keyof operations[K]['responses']]: S extends 200 | 201 | 202 | 204 ? Answer<operations[K]['responses'][S]> : never;
}[keyof operations[K]['responses']];

export type Problem = Schemas['Problem'];
export type ProblemCode = Schemas['ProblemCode'];
export type QuotaProblem = Schemas['QuotaProblem'];

export type Permission = Schemas['Permission'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type Me = Schemas['Me'];
export type Member = Schemas['Member'];
export type Invitation = Schemas['Invitation'];
export type CreatedInvitation = Schemas['CreatedInvitation'];
export type TotpEnrollment = Schemas['TotpEnrollment'];
export type AuditRecord = Schemas['AuditRecord'];
export type AuditLogPage = Schemas['AuditLogPage'];

export type SendEmailRequest = Schemas['SendEmailRequest'];
export type SendTestEmailRequest = Schemas['SendTestEmailRequest'];
export type SendResult = Schemas['SendResult'];
export type EmailSummary = Schemas['EmailSummary'];
export type Email = Schemas['Email'];
export type EmailList = Schemas['EmailList'];
export type ListEmailsQuery = QueryOf<'listEmails'>;
export type EmailStats = Schemas['EmailStats'];
export type DayStats = Schemas['DayStats'];
export type Reputation = Schemas['Reputation'];

export type CreateIdentityRequest = Schemas['CreateIdentityRequest'];
export type Identity = Schemas['Identity'];
export type IdentityList = Schemas['IdentityList'];
export type UpdateIdentityRequest = Schemas['UpdateIdentityRequest'];

export type Template = Schemas['Template'];
export type TemplateSummary = Schemas['TemplateSummary'];
export type TemplateList = Schemas['TemplateList'];
export type TemplateVersion = Schemas['TemplateVersion'];
export type TemplateVersionList = Schemas['TemplateVersionList'];
export type CreateTemplateRequest = Schemas['CreateTemplateRequest'];
export type UpdateTemplateRequest = Schemas['UpdateTemplateRequest'];
export type RenderTemplateRequest = Schemas['RenderTemplateRequest'];
export type RenderedTemplate = Schemas['RenderedTemplate'];
export type Engagement = Schemas['Engagement'];

export type InboundRoute = Schemas['InboundRoute'];
export type InboundRouteList = Schemas['InboundRouteList'];
export type CreateInboundRouteRequest = Schemas['CreateInboundRouteRequest'];
export type UpdateInboundRouteRequest = Schemas['UpdateInboundRouteRequest'];
export type InboundMessage = Schemas['InboundMessage'];
export type InboundMessageSummary = Schemas['InboundMessageSummary'];
export type InboundMessageList = Schemas['InboundMessageList'];
export type EmailReceived = Schemas['EmailReceived'];

export type EventType = Schemas['EventType'];
export type CreateWebhookEndpointRequest = Schemas['CreateWebhookEndpointRequest'];
export type UpdateWebhookEndpointRequest = Schemas['UpdateWebhookEndpointRequest'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpoint'];
export type WebhookEndpointList = Schemas['WebhookEndpointList'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type RotatedSecret = Schemas['RotatedSecret'];

export type AddSuppressionRequest = Schemas['AddSuppressionRequest'];
export type Suppression = Schemas['Suppression'];
export type SuppressionList = Schemas['SuppressionList'];

export type Catalogue = Schemas['Catalogue'];
export type BillingState = Schemas['BillingState'];
export type CheckoutRequest = Schemas['CheckoutRequest'];
export type CheckoutResult = Schemas['CheckoutResult'];
export type CheckoutMethods = Schemas['CheckoutMethods'];
export type Quote = Schemas['Quote'];
export type UpgradeRequest = Schemas['UpgradeRequest'];
export type UpgradeResult = Schemas['UpgradeResult'];
export type DowngradeRequest = Schemas['DowngradeRequest'];
export type DowngradeResult = Schemas['DowngradeResult'];
export type CancelResult = Schemas['CancelResult'];
export type Health = Schemas['Health'];

/** The data of each webhook event type; a type the contract adds without an entry here fails the type-check. */
export interface WebhookEventData {
  'email.queued': Schemas['EmailEvent'];
  'email.sent': Schemas['EmailSent'];
  'email.deferred': Schemas['EmailDeferred'];
  'email.failed': Schemas['EmailFailed'];
  'email.suppressed': Schemas['EmailEvent'];
  'email.scheduled': Schemas['EmailScheduled'];
  'email.canceled': Schemas['EmailEvent'];
  'email.bounced': Schemas['EmailReported'];
  'email.complained': Schemas['EmailReported'];
  'email.opened': Schemas['EmailOpened'];
  'email.clicked': Schemas['EmailClicked'];
  'recipient.unsubscribed': Schemas['RecipientUnsubscribed'];
  'identity.verified': Schemas['IdentityChecked'];
  'identity.failed': Schemas['IdentityChecked'];
  'identity.dkim_rotation_proposed': Schemas['DkimRotationProposed'];
  'endpoint.disabled': Schemas['EndpointDisabled'];
  'email.received': Schemas['EmailReceived'];
  'sending.review': Schemas['SendingStatusChanged'];
  'sending.paused': Schemas['SendingStatusChanged'];
  'sending.resumed': Schemas['SendingStatusChanged'];
}
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type _EveryEventTypeHasData = Holds<Exactly<keyof WebhookEventData, EventType>>;
/** Schemas openapi-typescript could only type `unknown` (an unsupported construct): none, or the generator needs a rule. */
type UnknownSchemas = { [K in keyof Schemas]: unknown extends Schemas[K] ? K : never }[keyof Schemas];
export type _NoSchemaIsUnknown = Holds<Exactly<UnknownSchemas, never>>;

/** A verified webhook delivery, discriminated on `type`. */
export type WebhookEvent = {
  [T in EventType]: Omit<Schemas['WebhookEvent'], 'type' | 'data'> & { type: T; data: WebhookEventData[T] };
}[EventType];
