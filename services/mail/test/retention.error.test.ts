import { createHash } from 'node:crypto';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, manualClock } from '@mailplane/runtime';
import { createFileBlobStore, createStore, type Store } from '@mailplane/store';
import { removeDir } from '../../../test/support/platform';
import { mailConfig } from '../src/config';
import { bodiesRepo } from '../src/data-access/bodies-repo';
import { messagesRepo, type MessageRecord, type MessageStatus } from '../src/data-access/messages-repo';
import { inboundBodiesRepo } from '../src/data-access/inbound-bodies-repo';
import { inboundMessagesRepo } from '../src/data-access/inbound-messages-repo';
import { orphanSweeper } from '../src/domain/retention/orphans';
import { bodyRetentionDays } from '../src/domain/retention/policy';
import { purgeExpired, type RetentionDeps } from '../src/domain/retention/purge';
import { messageBody, messageRecord } from './support/message-fixture';
import { REQUIRED_MAIL_ENV } from './support/required-config';

const DAY_MS = 24 * 3600 * 1000;
const withoutUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const required = REQUIRED_MAIL_ENV;

describe('retention configuration', () => {
  it('when nothing is set, then bodies are kept 30 days (60 on growth, 90 on scale) and records 396 days', () => {
    expect(mailConfig(required).retention).toEqual({
      bodyDays: 30,
      bodyDaysByPlan: { growth: 60, scale: 90 },
      bodyDaysByTenant: {},
      messageDays: 396,
      purgeEveryMs: 60_000,
    });
  });

  it('when a tenant has its own period, then it wins over its plan, which wins over the default', () => {
    const { retention } = mailConfig({ ...required, BODY_RETENTION_DAYS: '7', BODY_RETENTION_DAYS_BY_TENANT: 'ten_a=365' });
    expect(bodyRetentionDays(retention, 'ten_a', 'growth')).toBe(365);
    expect(bodyRetentionDays(retention, 'ten_b', 'growth')).toBe(60);
    expect(bodyRetentionDays(retention, 'ten_b', 'free')).toBe(7);
    expect(bodyRetentionDays(retention, 'ten_b', undefined)).toBe(7);
  });

  it('when a table is malformed or a body would outlive its record, then start-up is refused naming the variable', () => {
    expect(() => mailConfig({ ...required, BODY_RETENTION_DAYS_BY_PLAN: 'growth:60' })).toThrow(/BODY_RETENTION_DAYS_BY_PLAN/);
    expect(() => mailConfig({ ...required, BODY_RETENTION_DAYS_BY_TENANT: 'ten_a=0' })).toThrow(/BODY_RETENTION_DAYS_BY_TENANT/);
    expect(() => mailConfig({ ...required, BODY_RETENTION_DAYS_BY_TENANT: 'ten_a=400' })).toThrow(/MESSAGE_RETENTION_DAYS/);
  });
});

describe('retention purge', () => {
  let dir: string;
  let store: Store;
  let deps: RetentionDeps;
  const clock = manualClock('2026-01-15T12:00:00Z');
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mailplane-retention-'));
    store = await createStore({ dir });
    const messages = messagesRepo(store);
    await messages.init();
    const logger = createLogger({ level: 'silent' });
    const inboundMessages = inboundMessagesRepo(store);
    await inboundMessages.init();
    const blobs = createFileBlobStore(path.join(dir, 'bodies'));
    deps = {
      messages,
      bodies: bodiesRepo(blobs),
      inboundMessages,
      inboundBodies: inboundBodiesRepo(blobs),
      clock,
      config: mailConfig(required),
      logger,
    };
  });
  afterEach(async () => {
    await store.close();
    removeDir(dir);
  });

  const body = messageBody;
  async function stored(status: MessageStatus, extra: Partial<MessageRecord> = {}): Promise<string> {
    const record = messageRecord(clock.now(), status, extra);
    if (record.attachments === undefined) await deps.bodies.save(record._id, body);
    // an old-format record lacks the body fields altogether
    await deps.messages.insert(withoutUndefined<MessageRecord>(record));
    return record._id;
  }
  const recordOf = (id: string) => store.collection<MessageRecord>('messages').findOne({ _id: id });

  it('when a crash left a body deleted but its record unmarked, then the next round marks it without failing', async () => {
    const id = await stored('sent');
    await deps.bodies.remove(id);
    clock.advance(31 * DAY_MS);
    expect(await purgeExpired(deps)).toEqual({ bodies: 1, records: 0, received: 0 });
    expect((await recordOf(id))?.bodyPurgedAt).toEqual(clock.now());
    expect(await purgeExpired(deps)).toEqual({ bodies: 0, records: 0, received: 0 });
  });

  it('when an old-format record (body inline) is past the default period, then its inline body goes and its attachments stay named', async () => {
    const legacy = { attachedFiles: undefined, bodyExpiresAt: undefined, bodyPurgedAt: undefined, ...body };
    const id = await stored('failed', legacy);
    const liveId = await stored('deferred', legacy);
    clock.advance(31 * DAY_MS);
    expect(await purgeExpired(deps)).toEqual({ bodies: 1, records: 0, received: 0 });
    const purged = await recordOf(id);
    expect(purged).not.toHaveProperty('text');
    expect(purged).not.toHaveProperty('attachments');
    expect(purged?.attachedFiles).toEqual([{ filename: 'a.txt', contentType: null, bytes: 3 }]);
    expect((await recordOf(liveId))?.text).toBe('hello');
  });

  it('when records pass the message period, then final ones go with any body left and live ones stay', async () => {
    const sent = await stored('suppressed', { bodyExpiresAt: new Date(clock.now().getTime() + 500 * DAY_MS) });
    const queued = await stored('queued');
    clock.advance(397 * DAY_MS);
    expect((await purgeExpired(deps)).records).toBe(1);
    expect(await recordOf(sent)).toBeNull();
    expect(await deps.bodies.load(sent)).toBeNull();
    expect(await recordOf(queued)).not.toBeNull();
    expect(await deps.bodies.load(queued)).toEqual(body);
  });

  it('when bodies have no message, then those older than any retry that could still claim their id are swept, and only those', async () => {
    const bodiesDir = path.join(dir, 'bodies');
    const writtenAgo = async (id: string, days: number) => {
      await deps.bodies.save(id, body);
      const file = path.join(bodiesDir, createHash('sha1').update(id).digest('hex').slice(0, 2), id);
      const at = new Date(clock.now().getTime() - days * DAY_MS);
      utimesSync(file, at, at);
    };
    const kept = await stored('sent');
    await writtenAgo(kept, 3);
    await writtenAgo('msg_orphan_old', 3);
    await writtenAgo('msg_orphan_recent', 1);
    const sweep = orphanSweeper(deps);
    let removed = 0;
    for (let ended = false; !ended;) {
      const round = await sweep();
      removed += round.removed;
      ended = round.passEnded;
    }
    expect(removed).toBe(1);
    expect(await deps.bodies.load('msg_orphan_old')).toBeNull();
    expect(await deps.bodies.load('msg_orphan_recent')).toEqual(body);
    expect(await deps.bodies.load(kept)).toEqual(body);
  });
});
