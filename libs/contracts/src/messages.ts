import type { ValidateFunction } from 'ajv/dist/2020';
import { ajv } from './ajv';
import type { Envelope } from './envelope';
import type { EventType } from './events';
import { toIssues, type Issue } from './issues';
import { WORK_TYPES } from './queues';

const SCHEMAS = 'https://mailplane.dev/schemas/';

/** Who makes a request and from where, as the gateway authenticated it: what an audit record names. */
export interface RequestActor {
  type: 'key' | 'member' | 'operator';
  id: string;
  name: string;
  ip: string | null;
  userAgent: string | null;
}

/** What the gateway sends a service for one HTTP request (schemas/rpc-request.json); `Body` as typed by `HandlersOf`. */
export interface RpcRequest<Body = unknown, Query = Record<string, unknown>> {
  operationId: string;
  requestId: string;
  tenantId: string | null;
  keyId: string | null;
  sessionId?: string | null;
  /** The only sending domain the API key used may send from; absent or null when it is not restricted. */
  keyDomain?: string | null;
  /** The client address the gateway saw (what sign-in throttles by); absent or null when unknown. */
  clientAddress?: string | null;
  /** Who calls, on bearer and admin routes; absent or null on the others. */
  actor?: RequestActor | null;
  params: Record<string, string>;
  query: Query;
  body: Body;
  /** Selected request headers, names lowercased; never credentials. */
  headers: Record<string, string>;
  /** The exact body bytes in base64, only for `x-raw-body` operations. */
  rawBody?: string;
  contentType: string | null;
}

/** A request one of the platform's processes makes of another's internal operation: no key, session or HTTP parts. */
export const internalRequest = <Body>(operationId: string, requestId: string, tenantId: string, body: Body): RpcRequest<Body> => ({
  operationId,
  requestId,
  tenantId,
  keyId: null,
  params: {},
  query: {},
  body,
  headers: {},
  contentType: body === null ? null : 'application/json',
});

/** A service's answer, turned into the HTTP response as is (schemas/rpc-reply.json); `Body` as the operation answers. */
export interface RpcReply<Body = unknown> {
  status: number;
  headers?: Record<string, string>;
  contentType?: string;
  /** JSON value; a string for text/html and text/plain; null for no body. */
  body: Body;
  /** `base64`: `body` is the base64 of the bytes to answer (an image, a download). */
  bodyEncoding?: 'base64';
}

export const EVENT_DATA_SCHEMAS: Record<EventType, string> = {
  'email.queued': 'EmailEvent',
  'email.sent': 'EmailSent',
  'email.deferred': 'EmailDeferred',
  'email.failed': 'EmailFailed',
  'email.suppressed': 'EmailEvent',
  'email.scheduled': 'EmailScheduled',
  'email.canceled': 'EmailEvent',
  'email.bounced': 'EmailReported',
  'email.complained': 'EmailReported',
  'email.opened': 'EmailOpened',
  'email.clicked': 'EmailClicked',
  'recipient.unsubscribed': 'RecipientUnsubscribed',
  'identity.verified': 'IdentityChecked',
  'identity.failed': 'IdentityChecked',
  'identity.dkim_rotation_proposed': 'DkimRotationProposed',
  'endpoint.disabled': 'EndpointDisabled',
  'email.received': 'EmailReceived',
  'sending.review': 'SendingStatusChanged',
  'sending.paused': 'SendingStatusChanged',
  'sending.resumed': 'SendingStatusChanged',
  'entitlement.changed': 'EntitlementChanged',
  'audit.recorded': 'AuditRecorded',
};

const WORK_DATA_SCHEMAS: Record<string, string> = {
  [WORK_TYPES.mailSend]: 'MailSend',
  [WORK_TYPES.webhooksDeliver]: 'WebhooksDeliver',
};

/** A compiled validator that answers issues ([] when valid) instead of a boolean. */
export type Validator = (value: unknown) => Issue[];

const wrap =
  (validate: ValidateFunction): Validator =>
  (value) =>
    validate(value) ? [] : toIssues(validate.errors);

export const validateEnvelope: Validator = wrap(ajv.getSchema(`${SCHEMAS}envelope.json`) as ValidateFunction);
export const validateRpcRequest: Validator = wrap(ajv.getSchema(`${SCHEMAS}rpc-request.json`) as ValidateFunction);
export const validateRpcReply: Validator = wrap(ajv.getSchema(`${SCHEMAS}rpc-reply.json`) as ValidateFunction);

const dataValidators = new Map<string, Validator>();

function dataValidator(file: string, def: string): Validator {
  const key = `${file}#/$defs/${def}`;
  let validate = dataValidators.get(key);
  if (!validate) {
    validate = wrap(ajv.compile({ $ref: `${SCHEMAS}${key}` }));
    dataValidators.set(key, validate);
  }
  return validate;
}

/** Checks a broker message: the envelope, then its `data` against its type's and version's schema (unknown ones are issues). */
export function validateMessage(message: Envelope | unknown): Issue[] {
  const issues = validateEnvelope(message);
  if (issues.length > 0) return issues;
  const { type, version, data } = message as Envelope;
  const event = (EVENT_DATA_SCHEMAS as Record<string, string>)[type];
  const work = WORK_DATA_SCHEMAS[type];
  if ((!event && !work) || version !== 1) return [{ path: '/type', message: `no schema for ${type} version ${version}` }];
  const validate = event ? dataValidator('events.json', event) : dataValidator('work-items.json', work);
  return validate(data).map((i) => ({ ...i, path: `/data${i.path === '/' ? '' : i.path}` }));
}

export function validateEventData(type: EventType, data: unknown): Issue[] {
  return dataValidator('events.json', EVENT_DATA_SCHEMAS[type])(data);
}
