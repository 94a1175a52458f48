import { generateDkimKeyPair, dkimTxtValue, txtChunks } from '../../services/mail/src/dkim/keys';
import { createTxtResolver, TxtNotFoundError } from '../../services/mail/src/dns/resolver';
import { startSandboxDns, type SandboxDns } from '../../sandbox/dns-server';

describe('sandbox DNS server answered through the production TXT resolver', () => {
  let dns: SandboxDns;
  let resolver: ReturnType<typeof createTxtResolver>;

  beforeAll(async () => {
    // The authoritative DNS for every test domain, on an ephemeral loopback port.
    dns = await startSandboxDns();
    resolver = createTxtResolver({ servers: [`${dns.host}:${dns.port}`], timeoutMs: 1000, tries: 1 });
  });
  afterAll(() => dns.stop());

  it('when a TXT record is set, then it resolves over real DNS, names matched case-insensitively', async () => {
    dns.setTxt('Verify.Example.COM', ['mailplane-verify=abc123', 'v=spf1 -all']);
    await expect(resolver.resolveTxt('verify.example.com')).resolves.toEqual([['mailplane-verify=abc123'], ['v=spf1 -all']]);
    await expect(resolver.resolveTxt('VERIFY.example.com.')).resolves.toHaveLength(2);
  });

  it('when a 2048-bit DKIM record is published in chunks, then the chunks join back to the record', async () => {
    const { publicKeyBase64 } = await generateDkimKeyPair();
    const value = dkimTxtValue(publicKeyBase64);
    const chunks = txtChunks(value);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.length <= 255)).toBe(true);
    dns.setTxt('s1._domainkey.chunks.example', [chunks]);

    const [record] = await resolver.resolveTxt('s1._domainkey.chunks.example');
    expect(record).toEqual(chunks);
    expect(record.join('')).toBe(value);
  });

  it('when a record is larger than a 512-byte UDP answer, then the resolver gets it over TCP', async () => {
    const big = Array.from({ length: 4 }, (_, i) => `${i}`.repeat(250));
    dns.setTxt('big.example', [big]);
    const [record] = await resolver.resolveTxt('big.example');
    expect(record.join('')).toBe(big.join(''));
  });

  it('when the name is unknown or deleted, then a typed not-found error is thrown', async () => {
    await expect(resolver.resolveTxt('nobody.example')).rejects.toMatchObject({ name: 'TxtNotFoundError', code: 'ENOTFOUND' });
    dns.setTxt('gone.example', ['x']);
    dns.deleteTxt('GONE.example');
    await expect(resolver.resolveTxt('gone.example')).rejects.toBeInstanceOf(TxtNotFoundError);
  });

  it('when only a child name exists, then the parent answers no data rather than NXDOMAIN', async () => {
    dns.setTxt('sel._domainkey.parent.example', ['v=DKIM1; p=']);
    await expect(resolver.resolveTxt('_domainkey.parent.example')).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('when a character-string exceeds 255 octets, then setTxt refuses it', () => {
    expect(() => dns.setTxt('bad.example', [['x'.repeat(256)]])).toThrow(/255 octets/);
  });
});
