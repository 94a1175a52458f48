import { Transport, type ClientOptions, type RequestOptions } from './transport';
import type { BodyOf, OperationId, QueryOf, ResultOf } from './types';

type Id = string;

export class Mailplane {
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
  }

  private op<K extends OperationId>(operationId: K) {
    return (call: { path?: Record<string, string>; query?: object; body?: unknown } = {}, options?: RequestOptions) =>
      this.transport.request<ResultOf<K>>(operationId, call, options);
  }

  /** Send and read back messages. Sends carry an Idempotency-Key (generated unless given), so retries send once. */
  readonly emails = {
    send: (body: BodyOf<'sendEmail'>, options?: RequestOptions) => this.op('sendEmail')({ body }, options),
    sendTest: (body: BodyOf<'sendTestEmail'>, options?: RequestOptions) => this.op('sendTestEmail')({ body }, options),
    /** Up to 100 emails in one request, idempotent as a whole; one result (or problem) per email, in order. */
    sendBatch: (body: BodyOf<'sendEmailBatch'>, options?: RequestOptions) => this.op('sendEmailBatch')({ body }, options),
    list: (query: QueryOf<'listEmails'> = {}, options?: RequestOptions) => this.op('listEmails')({ query }, options),
    get: (id: Id, options?: RequestOptions) => this.op('getEmail')({ path: { id } }, options),
    /** Moves a scheduled email to another time (409 `not_scheduled` once it left `scheduled`). */
    update: (id: Id, body: BodyOf<'updateEmail'>, options?: RequestOptions) => this.op('updateEmail')({ path: { id }, body }, options),
    /** Cancels a scheduled email; its quota is given back. */
    cancel: (id: Id, options?: RequestOptions) => this.op('cancelEmail')({ path: { id } }, options),
    /** What happened each day (UTC), oldest first: accepted, sent, deferred, bounced… */
    stats: (query: QueryOf<'getEmailStats'> = {}, options?: RequestOptions) => this.op('getEmailStats')({ query }, options),
    /** The sending status and the bounce and complaint rates over the window, overall and per identity. */
    reputation: (options?: RequestOptions) => this.op('getReputation')({}, options),
  };

  /** Sending domains and their DKIM records. */
  readonly identities = {
    create: (body: BodyOf<'createIdentity'>, options?: RequestOptions) => this.op('createIdentity')({ body }, options),
    list: (query: QueryOf<'listIdentities'> = {}, options?: RequestOptions) => this.op('listIdentities')({ query }, options),
    get: (id: Id, options?: RequestOptions) => this.op('getIdentity')({ path: { id } }, options),
    verify: (id: Id, options?: RequestOptions) => this.op('verifyIdentity')({ path: { id } }, options),
    /** A new DKIM key (RSA unless `algorithm` says Ed25519) under a new selector, pending until a verify finds its record. */
    rotateDkimKey: (id: Id, body: BodyOf<'rotateDkimKey'> = {}, options?: RequestOptions) =>
      this.op('rotateDkimKey')({ path: { id }, body }, options),
    /** Drops a pending rotation's key and record; the current key signs on. */
    cancelDkimRotation: (id: Id, query: QueryOf<'cancelDkimRotation'> = {}, options?: RequestOptions) =>
      this.op('cancelDkimRotation')({ path: { id }, query }, options),
    delete: (id: Id, options?: RequestOptions) => this.op('deleteIdentity')({ path: { id } }, options),
    /** Receive mail at the domain: adds its MX record; verify to start receiving. */
    enableInbound: (id: Id, options?: RequestOptions) => this.op('enableInbound')({ path: { id } }, options),
    disableInbound: (id: Id, options?: RequestOptions) => this.op('disableInbound')({ path: { id } }, options),
    /** Open and click tracking defaults, and the tracking domain (a CNAME to publish, then verify). */
    update: (id: Id, body: BodyOf<'updateIdentity'>, options?: RequestOptions) =>
      this.op('updateIdentity')({ path: { id }, body }, options),
  };

  /** Received mail: routes from address patterns to an action, and the messages they took (`email.received`). */
  readonly inbound = {
    routes: {
      create: (body: BodyOf<'createInboundRoute'>, options?: RequestOptions) => this.op('createInboundRoute')({ body }, options),
      list: (query: QueryOf<'listInboundRoutes'> = {}, options?: RequestOptions) => this.op('listInboundRoutes')({ query }, options),
      get: (id: Id, options?: RequestOptions) => this.op('getInboundRoute')({ path: { id } }, options),
      update: (id: Id, body: BodyOf<'updateInboundRoute'>, options?: RequestOptions) =>
        this.op('updateInboundRoute')({ path: { id }, body }, options),
      delete: (id: Id, options?: RequestOptions) => this.op('deleteInboundRoute')({ path: { id } }, options),
    },
    /** Newest first; `emailId` lists the replies to one of your sent messages. */
    list: (query: QueryOf<'listInboundMessages'> = {}, options?: RequestOptions) => this.op('listInboundMessages')({ query }, options),
    get: (id: Id, options?: RequestOptions) => this.op('getInboundMessage')({ path: { id } }, options),
  };

  /** Stored templates: edit a draft, publish it as the next version, send with `template` and `variables`. */
  readonly templates = {
    create: (body: BodyOf<'createTemplate'>, options?: RequestOptions) => this.op('createTemplate')({ body }, options),
    list: (query: QueryOf<'listTemplates'> = {}, options?: RequestOptions) => this.op('listTemplates')({ query }, options),
    get: (id: Id, options?: RequestOptions) => this.op('getTemplate')({ path: { id } }, options),
    /** Renames it, or edits its draft (sends keep the published version until `publish`). */
    update: (id: Id, body: BodyOf<'updateTemplate'>, options?: RequestOptions) =>
      this.op('updateTemplate')({ path: { id }, body }, options),
    delete: (id: Id, options?: RequestOptions) => this.op('deleteTemplate')({ path: { id } }, options),
    /** Makes the draft the next version, the one sends use. */
    publish: (id: Id, options?: RequestOptions) => this.op('publishTemplate')({ path: { id } }, options),
    versions: (id: Id, query: QueryOf<'listTemplateVersions'> = {}, options?: RequestOptions) =>
      this.op('listTemplateVersions')({ path: { id }, query }, options),
    version: (id: Id, version: number, options?: RequestOptions) =>
      this.op('getTemplateVersion')({ path: { id, version: String(version) } }, options),
    /** Renders the draft (or a version) with a model and reports missing and unused variables, without sending. */
    render: (id: Id, body: BodyOf<'renderTemplate'>, options?: RequestOptions) =>
      this.op('renderTemplate')({ path: { id }, body }, options),
  };

  /** Webhook endpoints; check their deliveries with `verifyWebhook`. */
  readonly webhooks = {
    create: (body: BodyOf<'createWebhookEndpoint'>, options?: RequestOptions) => this.op('createWebhookEndpoint')({ body }, options),
    list: (query: QueryOf<'listWebhookEndpoints'> = {}, options?: RequestOptions) => this.op('listWebhookEndpoints')({ query }, options),
    get: (id: Id, options?: RequestOptions) => this.op('getWebhookEndpoint')({ path: { id } }, options),
    update: (id: Id, body: BodyOf<'updateWebhookEndpoint'>, options?: RequestOptions) =>
      this.op('updateWebhookEndpoint')({ path: { id }, body }, options),
    delete: (id: Id, options?: RequestOptions) => this.op('deleteWebhookEndpoint')({ path: { id } }, options),
    rotateSecret: (id: Id, options?: RequestOptions) => this.op('rotateWebhookEndpointSecret')({ path: { id } }, options),
    /** An endpoint's delivery log, each delivery with its attempts. */
    deliveries: (endpointId: Id, query: QueryOf<'listWebhookDeliveries'> = {}, options?: RequestOptions) =>
      this.op('listWebhookDeliveries')({ path: { id: endpointId }, query }, options),
    delivery: (deliveryId: Id, options?: RequestOptions) => this.op('getWebhookDelivery')({ path: { id: deliveryId } }, options),
    redeliver: (deliveryId: Id, options?: RequestOptions) => this.op('redeliverWebhook')({ path: { id: deliveryId } }, options),
    /** Queues again what failed since a time (bounded; follow `nextSince` while `hasMore`). */
    replay: (endpointId: Id, body: BodyOf<'replayWebhookDeliveries'>, options?: RequestOptions) =>
      this.op('replayWebhookDeliveries')({ path: { id: endpointId }, body }, options),
  };

  readonly apiKeys = {
    create: (body: BodyOf<'createApiKey'>, options?: RequestOptions) => this.op('createApiKey')({ body }, options),
    list: (options?: RequestOptions) => this.op('listApiKeys')({}, options),
    revoke: (id: Id, options?: RequestOptions) => this.op('revokeApiKey')({ path: { id } }, options),
  };

  /** The tenant's people and their roles (owners and admins change them; API keys only read them). */
  readonly members = {
    list: (options?: RequestOptions) => this.op('listMembers')({}, options),
    create: (body: BodyOf<'createMember'>, options?: RequestOptions) => this.op('createMember')({ body }, options),
    update: (id: Id, body: BodyOf<'updateMember'>, options?: RequestOptions) => this.op('updateMember')({ path: { id }, body }, options),
    remove: (id: Id, options?: RequestOptions) => this.op('removeMember')({ path: { id } }, options),
  };

  /** The signed-in member's second factor (TOTP): `start` shows the secret once, `confirm` turns it on with a code. */
  readonly totp = {
    start: (options?: RequestOptions) => this.op('startTotpEnrollment')({}, options),
    confirm: (body: BodyOf<'confirmTotpEnrollment'>, options?: RequestOptions) => this.op('confirmTotpEnrollment')({ body }, options),
    disable: (body: BodyOf<'disableTotp'>, options?: RequestOptions) => this.op('disableTotp')({ body }, options),
  };

  /** Invitations by email; `accept` (no credentials needed) answers a session as `sessions.create` does. */
  readonly invitations = {
    list: (options?: RequestOptions) => this.op('listInvitations')({}, options),
    create: (body: BodyOf<'createInvitation'>, options?: RequestOptions) => this.op('createInvitation')({ body }, options),
    revoke: (id: Id, options?: RequestOptions) => this.op('revokeInvitation')({ path: { id } }, options),
    accept: (body: BodyOf<'acceptInvitation'>, options?: RequestOptions) => this.op('acceptInvitation')({ body }, options),
  };

  /** A forgotten password: `request` mails a link (to a member's address only), `confirm` sets the new password. */
  readonly passwordResets = {
    request: (body: BodyOf<'requestPasswordReset'>, options?: RequestOptions) => this.op('requestPasswordReset')({ body }, options),
    confirm: (body: BodyOf<'confirmPasswordReset'>, options?: RequestOptions) => this.op('confirmPasswordReset')({ body }, options),
  };

  /** Sign-in without a password: `request` mails a one-time link, `confirm` trades its token for a session. */
  readonly signInLinks = {
    request: (body: BodyOf<'requestSignInLink'>, options?: RequestOptions) => this.op('requestSignInLink')({ body }, options),
    confirm: (body: BodyOf<'confirmSignInLink'>, options?: RequestOptions) => this.op('confirmSignInLink')({ body }, options),
  };

  /** A member's sign-in: `create` answers a session token to construct a client with as `apiKey`. */
  readonly sessions = {
    create: (body: BodyOf<'createSession'>, options?: RequestOptions) => this.op('createSession')({ body }, options),
    end: (options?: RequestOptions) => this.op('deleteCurrentSession')({}, options),
  };

  /** Who changed what: newest first, paged by `cursor` (the previous page's `nextCursor`). */
  readonly auditLog = {
    list: (query: QueryOf<'listAuditLog'> = {}, options?: RequestOptions) => this.op('listAuditLog')({ query }, options),
  };

  readonly suppressions = {
    add: (body: BodyOf<'addSuppression'>, options?: RequestOptions) => this.op('addSuppression')({ body }, options),
    list: (query: QueryOf<'listSuppressions'> = {}, options?: RequestOptions) => this.op('listSuppressions')({ query }, options),
    remove: (email: string, options?: RequestOptions) => this.op('removeSuppression')({ path: { email } }, options),
  };

  /** The tenant's subscription: plans, checkout, changes of tier, this month's usage. */
  readonly billing = {
    catalogue: (options?: RequestOptions) => this.op('getCatalogue')({}, options),
    state: (options?: RequestOptions) => this.op('getBillingState')({}, options),
    checkout: (body: BodyOf<'createCheckout'>, options?: RequestOptions) => this.op('createCheckout')({ body }, options),
    checkoutMethods: (query: QueryOf<'listCheckoutMethods'>, options?: RequestOptions) =>
      this.op('listCheckoutMethods')({ query }, options),
    quoteUpgrade: (body: BodyOf<'quoteUpgrade'>, options?: RequestOptions) => this.op('quoteUpgrade')({ body }, options),
    upgrade: (body: BodyOf<'upgradeSubscription'>, options?: RequestOptions) => this.op('upgradeSubscription')({ body }, options),
    downgrade: (body: BodyOf<'downgradeSubscription'>, options?: RequestOptions) => this.op('downgradeSubscription')({ body }, options),
    cancelPendingChange: (options?: RequestOptions) => this.op('cancelPendingChange')({}, options),
    cancel: (options?: RequestOptions) => this.op('cancelSubscription')({}, options),
  };

  /** The operator's surface: construct the client with the admin token as `apiKey`. */
  readonly admin = {
    createTenant: (body: BodyOf<'createTenant'>, options?: RequestOptions) => this.op('createTenant')({ body }, options),
    listTenants: (query: QueryOf<'listTenants'> = {}, options?: RequestOptions) => this.op('listTenants')({ query }, options),
    tenantBilling: (tenantId: Id, options?: RequestOptions) => this.op('getTenantBilling')({ path: { tenantId } }, options),
    grantPlan: (tenantId: Id, body: BodyOf<'grantPlan'>, options?: RequestOptions) =>
      this.op('grantPlan')({ path: { tenantId }, body }, options),
    revokeGrant: (tenantId: Id, options?: RequestOptions) => this.op('revokeGrant')({ path: { tenantId } }, options),
    pauseSending: (tenantId: Id, body: BodyOf<'pauseSending'>, options?: RequestOptions) =>
      this.op('pauseSending')({ path: { tenantId }, body }, options),
    resumeSending: (tenantId: Id, options?: RequestOptions) => this.op('resumeSending')({ path: { tenantId } }, options),
    createOwner: (tenantId: Id, body: BodyOf<'createOwner'>, options?: RequestOptions) =>
      this.op('createOwner')({ path: { tenantId }, body }, options),
  };

  /** The tenant and the credential this client calls with. */
  readonly me = (options?: RequestOptions) => this.op('getMe')({}, options);
  /** Whether the gateway and its services are up (no key needed, but harmless to send). */
  readonly health = (options?: RequestOptions) => this.op('health')({}, options);
}
