import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { startBanner } from '../platform/banner';
import { startTestCluster, type TestCluster } from './support/cluster';
import { expectContract } from './support/contract';
import { describeWithRabbit } from './support/env';
import { eventually } from './support/eventually';
import { auth } from './support/mail';
import { describeWithPostgres } from './support/postgres-env';
import { midData } from './support/distributed-inbound';

/** Whether a TCP connection is established to `port` on this machine (Linux's /proc/net/tcp; local address first). */
function connectedTo(port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .some((line) => {
      const [, local, , state] = line.trim().split(/\s+/);
      return local?.endsWith(`:${hex}`) && state === '01';
    });
}

// `npm run start:cluster`'s launcher with two mail replicas, each running the inbound MX listener, HAProxy in front
// in TCP mode with the PROXY protocol: the sandbox tenant's domain receives as with `npm start`.
describeWithRabbit('the cluster: inbound mail through the balancer', () =>
  describeWithPostgres('on PostgreSQL', () => {
    let cluster: TestCluster;
    beforeAll(async () => {
      cluster = await startTestCluster({ REPLICAS: '1', REPLICAS_MAIL: '2' });
    }, 300_000);
    afterAll(() => cluster?.stop(), 120_000);

    const key = () => cluster.sandboxTenant!.apiKey;
    const inboundPort = () => Number(new URL(cluster.inboundUrl!).port);
    const messages = async () => (await request(cluster.url).get('/inbound/messages').set(auth(key())).expect(200)).body;
    /** A sending MTA on 127.0.0.2: the listener sees that address only if HAProxy's PROXY header carries it. */
    const mta = () =>
      nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort(), localAddress: '127.0.0.2', tls: { rejectUnauthorized: false } });

    it('when started, then the banner shows Inbound mail at the balancer and the sandbox domain receives there with its MX verified', async () => {
      expect(startBanner(cluster, cluster.dataDir, cluster.processLines())).toContain(`  Inbound mail:    ${cluster.inboundUrl}  (`);
      const identities = await request(cluster.url).get('/identities').set(auth(key())).expect(200);
      expect(identities.body.data[0]).toMatchObject({
        domain: 'sandbox.mailplane.test',
        inbound: { status: 'verified', mxHost: 'mx.mailplane.test' },
      });
    });

    it('when a remote MTA sends to the balancer, then a mail replica stores it with the sender’s own address and GET /inbound/messages reads it back', async () => {
      const transport = mta();
      try {
        const info = await transport.sendMail({
          from: 'jo@customer.example',
          to: 'hello@sandbox.mailplane.test',
          subject: 'via HAProxy',
          text: 'x',
        });
        expect(info.response).toMatch(/^250 2\.0\.0 Ok: inb_/);
      } finally {
        transport.close();
      }
      const list = await messages();
      expectContract(await request(cluster.url).get('/inbound/messages').set(auth(key())), 'listInboundMessages');
      const stored = list.data.find((m: { subject: string }) => m.subject === 'via HAProxy');
      const one = await request(cluster.url).get(`/inbound/messages/${stored.id}`).set(auth(key())).expect(200);
      expect(one.body.envelope).toMatchObject({ from: 'jo@customer.example', clientAddress: '127.0.0.2', tls: true });
    });

    it('when the mail replica holding a transaction is SIGKILLed mid-DATA, then the client gets no 250, nothing is stored, and the resent message is accepted through the balancer and stored once', async () => {
      const to = 'crash@sandbox.mailplane.test';
      const smtp = await midData(cluster.inboundUrl!, to, 'Subject: cut short\r\n\r\nThe first half');
      const mail = cluster.replicas.filter((r) => r.role === 'mail');
      const holder = mail.find((r) => connectedTo(r.ports.INBOUND_PORT))!;
      expect(holder).toBeDefined();
      process.kill(holder.pid()!, 'SIGKILL');
      expect(await Promise.race([smtp.reply(), smtp.closed.then(() => null)])).toBeNull();

      // At once, while HAProxy may still count the dead replica up: the other one takes the resend.
      const transport = mta();
      try {
        await eventually(
          () =>
            transport
              .sendMail({ envelope: { from: 'jo@customer.example', to: [to] }, raw: 'Subject: whole\r\n\r\nThe whole body\r\n' })
              .then(
                (info) => /^250 /.test(info.response),
                () => false,
              ),
          'the resend accepted',
          30_000,
        );
      } finally {
        transport.close();
      }
      await holder.waitForStarts(2);
      const received = (await messages()).data.filter((m: { recipient: string }) => m.recipient === to);
      expect(received.map((m: { subject: string }) => m.subject)).toEqual(['whole']);
    }, 120_000);
  }),
);
