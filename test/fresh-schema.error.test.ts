import pg from 'pg';
import { createPostgresStore, type Store } from '@mailplane/store';
import { messagesRepo, type MessageRecord } from '../services/mail/src/data-access/messages-repo';
import { messageRecord } from '../services/mail/test/support/message-fixture';
import { freshDatabase } from './support/postgres';
import { describeWithPostgres } from './support/postgres-env';

const ROUNDS = 5;

// What two replicas of mail do when they start together on an empty database, without the processes' start-up jitter
// (a process test rarely lines their DDL up): two stores, each with connections of its own as two processes would
// have, open one fresh schema and run mail's start-up DDL (the covering table of messages' (tenantId, createdAt) and
// the count table, each with its row triggers) at the same moment, round after round.
describeWithPostgres('two stores opening one empty schema at once', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const opened: Store[] = [];
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await database?.drop();
  });

  const triggersOnMessages = async (schema: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relname = 'messages' AND NOT t.tgisinternal`,
        [schema],
      );
      return rows.length;
    } finally {
      await client.end();
    }
  };

  it("when both run mail's start-up at the same moment, then both open, and a message written through one is counted by the other", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const schema = `mailplane_race_${round}`;
      const open = () => createPostgresStore({ url: database.url, schema, ownPool: true, poolSize: 4 });
      const [a, b] = await Promise.all([open(), open()]);
      opened.push(a, b);
      await Promise.all([messagesRepo(a).init(), messagesRepo(b).init()]);
      const record = messageRecord(new Date(), 'queued', { tenantId: `ten_race${round}` });
      await a.collection<MessageRecord>('messages').insertOne(record);
      expect(await b.collection<MessageRecord>('messages').count({ tenantId: record.tenantId })).toBe(1);
      expect(await b.collection<MessageRecord>('messages').count({ tenantId: record.tenantId, status: 'queued' })).toBe(1);
      // The covering table's, the count table's and the text table's, each once for insert, update and delete.
      expect(await triggersOnMessages(schema)).toBe(9);
    }
  }, 60_000);
});
