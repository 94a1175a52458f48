/** Error codes and their statuses (Problem's `code` enum in openapi.yaml equals the keys). Never rename one: clients branch on it. */
export const ErrorCodes = {
  validation_failed: { status: 400, title: 'The request does not match the contract' },
  malformed_json: { status: 400, title: 'The request body is not valid JSON' },
  malformed_request: { status: 400, title: 'The HTTP request could not be parsed' },
  body_too_deep: { status: 400, title: 'The request body nests too deeply' },
  body_too_complex: { status: 400, title: 'The request body has too many members' },
  body_timeout: { status: 400, title: 'The request body did not arrive in time' },
  request_timeout: { status: 408, title: 'The request was not received in time' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported request content type' },
  headers_too_large: { status: 431, title: 'Request headers too large' },

  unauthorized: { status: 401, title: 'Missing, malformed, unknown or revoked credentials' },
  signature_invalid: { status: 401, title: 'The webhook signature is missing, invalid or too old' },
  restricted_api_key: { status: 401, title: 'This API key may only send email' },
  forbidden: { status: 403, title: "The member's role does not allow this operation" },
  not_found: { status: 404, title: 'Resource not found' },
  route_not_found: { status: 404, title: 'No such route' },
  method_not_allowed: { status: 405, title: 'Method not allowed on this route' },
  already_exists: { status: 409, title: 'A resource with the same identity already exists' },
  last_owner: { status: 409, title: 'A tenant keeps at least one owner' },

  identity_unverified: { status: 400, title: 'No verified sending identity for this sender' },
  from_domain_mismatch: { status: 400, title: 'The From address does not belong to the identity' },
  key_domain_mismatch: { status: 403, title: 'This API key may not send from this domain' },
  sending_paused: { status: 403, title: "The tenant's sending is paused for its bounce or complaint rate" },
  unsafe_display_name: { status: 400, title: 'A display name holds an address or address punctuation' },
  quota_exceeded: { status: 422, title: 'Monthly email quota reached' },
  rate_limited: { status: 429, title: 'Too many requests' },
  test_email_limit_reached: { status: 400, title: 'Test-email limit reached' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused with a different request' },
  idempotency_key_in_flight: { status: 429, title: 'A request with this idempotency key is still being processed' },

  template_invalid: { status: 400, title: 'A template source does not parse' },
  template_unavailable: { status: 400, title: 'No such template, version or published version' },
  template_variables_missing: { status: 400, title: 'The template requires variables the send does not give' },
  template_render_failed: { status: 400, title: 'The template could not be rendered with these variables' },

  tracking_domain_unverified: { status: 400, title: 'No verified tracking domain can carry tracked links for this identity' },
  tracking_link_invalid: { status: 400, title: 'The tracked link is malformed or not signed by this platform' },
  tracking_link_expired: { status: 410, title: 'The tracked link has expired' },

  token_invalid: { status: 400, title: 'The unsubscribe token is missing or invalid' },
  token_expired: { status: 410, title: 'The unsubscribe token has expired' },

  payment_id_missing: { status: 400, title: 'No payment id in the notification' },
  payment_declined: { status: 402, title: 'The payment was declined' },
  no_subscription: { status: 404, title: 'No subscription; open a checkout instead' },
  already_subscribed: { status: 409, title: 'The tenant already holds an entitling subscription' },
  quote_not_consented: { status: 409, title: 'The quoted amount was not consented to' },
  quote_stale: { status: 409, title: 'The accepted amount differs from the current quote' },
  not_scheduled: { status: 409, title: 'The email is not scheduled any more' },

  rotation_pending: { status: 409, title: 'A DKIM key rotation is pending: publish its record and verify the identity first' },
  no_rotation_pending: { status: 409, title: 'No DKIM key rotation is pending: there is nothing to cancel' },

  // Not answered any more; kept because clients branch on codes.
  delivery_pending: { status: 409, title: 'The webhook delivery is still pending; its next attempt is already scheduled' },
  endpoint_disabled: { status: 409, title: 'The webhook endpoint is disabled; enable it first' },
  endpoint_limit_reached: { status: 422, title: "The plan's number of webhook endpoints is reached; delete one or change plan" },
  unknown_plan: { status: 422, title: 'No such plan in the catalogue' },
  plan_not_purchasable: { status: 422, title: 'The plan cannot be purchased' },
  plan_not_grantable: { status: 422, title: 'Only a zero-priced plan of the catalogue can be granted' },
  not_an_upgrade: { status: 422, title: 'The plan is not larger than the current one' },
  not_a_downgrade: { status: 422, title: 'The plan is not smaller than the current one' },
  downgrade_to_free: { status: 422, title: 'The free tier is reached by cancellation, not downgrade' },
  tier_change_not_allowed: { status: 422, title: 'The subscription cannot change tier in its current state' },
  billing_not_configured: { status: 503, title: 'Billing is not configured' },
  billing_unavailable: { status: 503, title: 'The billing hub or payment provider cannot be reached' },

  dns_unavailable: { status: 503, title: 'A DNS lookup got no answer (timeout, SERVFAIL, refused); nothing changed, retry later' },
  inbound_not_configured: { status: 503, title: 'This platform receives no mail (INBOUND_MX_HOST is unset)' },

  link_invalid: { status: 410, title: 'The link is unknown, used, revoked or expired; ask for a new one' },
  system_mail_not_configured: { status: 503, title: 'This platform sends no mail of its own (SYSTEM_MAIL_TENANT_ID is unset)' },
  system_mail_failed: { status: 503, title: "The platform's own mail could not be sent; nothing was done, retry later" },

  totp_required: { status: 401, title: 'This member signs in with a second factor: send totpCode or recoveryCode' },
  totp_invalid: { status: 400, title: 'The authenticator code or recovery code is wrong, used or missing' },
  reauthentication_required: { status: 403, title: 'Sign in again first: this needs a sign-in of the last minutes' },
  totp_not_configured: { status: 503, title: 'This platform offers no second factor (TOTP_SECRET_KEY is unset)' },

  internal: { status: 500, title: 'Internal error' },
  not_implemented: { status: 501, title: 'Not implemented' },
  service_unavailable: { status: 503, title: 'A service behind the gateway cannot be reached' },
  service_busy: { status: 503, title: 'Too busy to take the request now; nothing was done, retry after Retry-After' },
  outcome_unknown: {
    status: 503,
    title: 'The request was handed to a service whose answer was lost; retry with the same Idempotency-Key to learn the outcome',
  },
  not_ready: { status: 503, title: 'Not ready: the store or the broker cannot be used now' },
  store_unavailable: {
    status: 503,
    title: "The service's database cannot be reached now; retry later (a send with the same Idempotency-Key)",
  },
  service_timeout: { status: 504, title: 'A service behind the gateway did not answer in time' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ErrorCodes;

export const PROBLEM_TYPE_BASE = 'https://mailplane.dev/problems/';

export const problemType = (code: ErrorCode): string => `${PROBLEM_TYPE_BASE}${code}`;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ErrorCodes, value);

/** A failure the client is told about; its HTTP status comes from the table. Anything else is a 500. */
export class AppError extends Error {
  readonly status: number;

  /** Extension members of the problem body (`errors`, `limit`, `used`, `resetAt`, ...). */
  readonly extra?: Record<string, unknown>;
  /** Response headers that belong to the failure (`Retry-After`, `RateLimit`). */
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? ErrorCodes[code].title);
    this.extra = options.extra;
    this.headers = options.headers;
    this.name = 'AppError';
    this.status = ErrorCodes[code].status;
  }
}
