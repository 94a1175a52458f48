import type { Schemas } from './schemas';

/** One change, recorded with it: who, what, when, from where. */
export type AuditRecord = Schemas['AuditRecord'];
export type AuditActor = Schemas['AuditActor'];
/** A page of the log and the cursor of the next one. */
export type AuditLogPage = Schemas['AuditLogPage'];
/** The data of an `audit.recorded` event: the record as the log will show it (schemas/events.json `AuditRecorded`). */
export type AuditRecorded = AuditRecord;
