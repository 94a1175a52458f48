import { rabbitFromEnv } from '../../../test/support/rabbitmq';
import { BrokerUnavailableError, createAmqpBroker, type Broker } from '../src';
import { collect, envelope, rejection, unique, waitFor } from './helpers';

/** AMQP only: the broker process goes away and comes back under running consumers, servers and senders. */
export function amqpRestartTests(url: string): void {
  describe('when RabbitMQ restarts', () => {
    const rabbit = rabbitFromEnv();
    const brokers: Broker[] = [];
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
    const open = async (unavailableTimeoutMs: number) => {
      const broker = await createAmqpBroker({ url, logger, unavailableTimeoutMs, reconnectDelayMs: { min: 50, max: 500 } });
      brokers.push(broker);
      return broker;
    };
    afterEach(async () => {
      await Promise.all(brokers.splice(0).map((b) => b.close()));
    });
    if (!rabbit) {
      process.stderr.write('SKIPPED the RabbitMQ restart test: AMQP_URL points at a broker this run did not start\n');
    }

    (rabbit ? it : it.skip)(
      'then consumers and RPC servers resume, sends wait or fail loudly, and confirmed messages survive',
      async () => {
        const patient = await open(20_000);
        const impatient = await open(300);
        const [work, kept, echo, slow, p] = ['rs-work', 'rs-kept', 'rs-echo', 'rs-slow', 'rs-evt'].map(unique);
        const consumer = await collect(patient, work, { prefetch: 5, bindings: [`${p}.#`] });
        const notices: string[] = [];
        let gaps = 0;
        const listener = await patient.listen(
          (message) => notices.push(message.type),
          () => gaps++,
        );
        const gapsBefore = gaps;
        await patient.serve(echo, async (request) => ({ echo: request }));
        let slowSeen = false;
        await patient.serve(slow, () => {
          slowSeen = true;
          return new Promise(() => undefined);
        });
        const confirmedBefore = envelope('test.kept');
        await patient.send(kept, confirmedBefore);
        const inFlight = patient.request(slow, {}, { timeoutMs: 20_000 });
        await waitFor(() => slowSeen, 'the slow server to hold the request');

        const stoppedAt = Date.now();
        await rabbit!.stopApp();
        await waitFor(() => !listener.live() && gaps === gapsBefore + 1, 'the listener to know it is deaf');
        const lostRequest = await rejection(inFlight);
        expect(lostRequest).toBeInstanceOf(BrokerUnavailableError);
        expect(Date.now() - stoppedAt).toBeLessThan(10_000);

        const duringOutage = envelope('test.outage');
        const patientSend = patient.send(work, duringOutage).then(
          () => 'confirmed',
          (err: Error) => err,
        );
        expect(await rejection(impatient.send(work, envelope('test.outage')))).toBeInstanceOf(BrokerUnavailableError);
        await rabbit!.startApp();

        const outcome = await patientSend;
        if (outcome !== 'confirmed') expect(outcome).toBeInstanceOf(BrokerUnavailableError);
        const after = envelope('test.after');
        await patient.send(work, after);
        await patient.publish(envelope(`${p}.after`));
        const ids = () => consumer.received.map((r) => r.message.id);
        await waitFor(
          () => ids().includes(after.id) && consumer.received.some((r) => r.message.type === `${p}.after`),
          'deliveries after the restart',
          15_000,
        );
        if (outcome === 'confirmed') await waitFor(() => ids().includes(duringOutage.id), 'the message sent during the outage');

        expect(await patient.request(echo, { n: 1 }, { timeoutMs: 5000 })).toEqual({ echo: { n: 1 } });
        // Whatever was broadcast while it was deaf is lost to it; it says so once more when it hears again.
        await waitFor(() => listener.live(), 'the listener to hear again', 15_000);
        expect(gaps).toBe(gapsBefore + 2);
        await impatient.broadcast(envelope(`${p}.forget`));
        await waitFor(() => notices.includes(`${p}.forget`), 'a broadcast after the restart');
        const survivor = await collect(patient, kept, { prefetch: 1 });
        await waitFor(() => survivor.received.length === 1, 'the message confirmed before the restart');
        expect(survivor.received[0].message).toEqual(confirmedBefore);
        expect(logged).toEqual(expect.arrayContaining(['broker connection lost; reconnecting', 'broker connection restored']));
      },
    );
  });
}
