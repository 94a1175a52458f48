import { createPostgresStore, type Doc } from '../src';
import { derivedName } from '../src/postgres/indexes';
import { describeWithPostgres } from '../../../test/support/postgres-env';
import { schemaAdmin } from './postgres-admin';

interface Mail extends Doc {
  tenantId: string;
  subject: string;
  to: string;
  n: number;
}

const MAILS: Mail[] = Array.from({ length: 40 }, (_, i) => ({
  _id: `m${String(i).padStart(2, '0')}`,
  tenantId: i % 4 === 0 ? 't2' : 't1',
  subject: i % 3 === 0 ? `Your Invoice #${i}` : `Welcome ${i}`,
  to: `user${i}@example.com`,
  n: i,
}));

describeWithPostgres('postgres text search table', (url) => {
  const schema = `text_${process.pid}`;
  const { admin, indexesOf } = schemaAdmin(url, schema);

  it('when a store from before (trigram indexes on the collection) starts twice at once, then its text table is filled once, the old indexes go, and searches and counts stay exact', async () => {
    const first = await createPostgresStore({ url, schema, ownPool: true });
    await first.collection<Mail>('mails').insertMany(MAILS);
    // What a text index was before: a trigram index per field on the collection, named from the field.
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const field of ['subject', 'to']) {
      await admin.query(
        `CREATE INDEX ${derivedName('mails', `text ${field}`)} ON ${schema}.mails USING gin ((COALESCE(doc->'${field}', 'null'::jsonb) #>> '{}') gin_trgm_ops)`,
      );
    }
    await first.close();

    const stores = await Promise.all([1, 2].map(() => createPostgresStore({ url, schema, ownPool: true })));
    const [a, b] = stores.map((s) => s.collection<Mail>('mails'));
    await Promise.all([a, b].map((c) => c.createIndex({ subject: 1, to: 1 }, { text: true, within: ['tenantId'] })));

    expect((await indexesOf('mails')).filter((i) => i.def.includes('gin'))).toEqual([]);
    const table = derivedName('mails', 'text subject,to within tenantId');
    expect(Number((await admin.query(`SELECT count(*) AS n FROM ${schema}.${table}`)).rows[0].n)).toBe(MAILS.length);

    const search = (text: string, tenantId = 't1') => ({ tenantId, $contains: { paths: ['subject', 'to'], text } });
    const expected = (text: string, tenantId = 't1') =>
      MAILS.filter((m) => m.tenantId === tenantId && `${m.subject}\n${m.to}`.toLowerCase().includes(text.toLowerCase())).map((m) => m._id);
    for (const text of ['INVOICE', 'user1', 'welcome 3', 'nothing here']) {
      expect((await b.find(search(text), { sort: { n: 1 } })).map((m) => m._id)).toEqual(expected(text));
      expect(await a.count(search(text))).toBe(expected(text).length);
      expect(await a.count(search(text), { limit: 3 })).toBe(Math.min(3, expected(text).length));
    }
    // A write that changes a searched field is found by it at once; one that leaves them alone changes nothing there.
    await a.updateOne({ _id: 'm01' }, { $set: { subject: 'Late INVOICE' } });
    await a.updateOne({ _id: 'm03' }, { $inc: { n: 100 } });
    await a.deleteOne({ _id: 'm06' });
    expect(await b.count(search('invoice'))).toBe(expected('invoice').filter((id) => id !== 'm06').length + 1);
    expect((await b.find(search('invoice'), { sort: { n: -1 }, limit: 1 })).map((m) => m._id)).toEqual(['m03']);
    for (const s of stores) await s.close();
  });
});
