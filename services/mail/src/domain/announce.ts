import type { Envelope } from '@mailplane/contracts';
import { publishOptionsOf } from '@mailplane/runtime';
import type { AuditedRecord, AuditedRecords } from '@mailplane/store';
import type { MailDeps } from './deps';

type Announcing<T extends AuditedRecord<Envelope>> = Pick<AuditedRecords<T>, 'announce'>;

/** The outbox sweep publishes it if this fails, so the change stands either way. */
export async function announceChange<T extends AuditedRecord<Envelope>>(deps: MailDeps, records: Announcing<T>, record: T): Promise<void> {
  try {
    await records.announce(record, (event) => deps.broker.publish(event, publishOptionsOf(event)));
  } catch (err) {
    deps.logger.warn('change stored, not yet announced', { err, id: record._id });
  }
}
