import { createSimulator, SIMULATOR_DOMAIN } from '../../sandbox/smtp-simulator';

const raw = (messageId: string) => Buffer.from(`Message-ID: ${messageId}\r\nSubject: x\r\n\r\nbody\r\n`);
const at = (mailbox: string) => `${mailbox}@${SIMULATOR_DOMAIN}`;

describe('the sandbox MTA simulator', () => {
  it('when slow@ is mailed, then the answer is held for the configured pause and then accepted', () => {
    expect(createSimulator({ slowMs: 1234 }).atData([at('slow')], raw('<a@x.test>'))).toEqual({ delayMs: 1234 });
  });

  it('when two messages go to defer@, then each is greylisted on its own first attempts, counted by Message-ID', () => {
    const simulator = createSimulator({ deferAttempts: 1 });
    expect(simulator.atData([at('defer')], raw('<one@x.test>')).failure?.code).toBe(451);
    expect(simulator.atData([at('defer')], raw('<two@x.test>')).failure?.code).toBe(451);
    expect(simulator.atData([at('defer')], raw('<one@x.test>')).failure).toBeUndefined();
    expect(simulator.atData([at('defer')], raw('<two@x.test>')).failure).toBeUndefined();
  });

  it('when the domain is another one, or only looks alike, then nothing is simulated', () => {
    const simulator = createSimulator();
    expect(simulator.atRcpt('bounce@example.org')).toBeUndefined();
    expect(simulator.atRcpt(`bounce@x.${SIMULATOR_DOMAIN}`)).toBeUndefined();
    expect(simulator.atRcpt(`Bounce+Tag@${SIMULATOR_DOMAIN.toUpperCase()}`)?.code).toBe(550);
    expect(simulator.atData(['reject@example.org'], raw('<r@x.test>'))).toEqual({ delayMs: 0 });
  });
});
