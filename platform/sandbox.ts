import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTxtResolver } from '@mailplane/mail';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { mailauthDkimVerifier } from '../sandbox/dkim-verdict';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { sinkPageHandler } from '../sandbox/smtp-sink-page';
import { dnsPublishHandler } from '../sandbox/dns-publish-page';
import { startBillingHub, type BillingHub } from '../sandbox/billing-hub';
import { inboundRelay, type InboundRoute } from '../sandbox/smtp-inbound-relay';
import { inboundSendHandler } from '../sandbox/inbound-send-page';
import { startPaymentProvider, type PaymentProvider } from '../sandbox/payment-provider';

export interface Sandbox {
  dns: SandboxDns;
  sink: SmtpSink;
  pageUrl: string;
  hub: BillingHub;
  provider: PaymentProvider;
  setApiUrl(url: string): void;
  /** Where the platform receives: the page's send form and the MTA's mail to receiving domains go there. */
  receiveAt(route: InboundRoute | null): void;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The outside world of the embedded default. Its API keys are not secrets: nothing real is behind them. */
export async function startSandbox(options: { pagePort: number; dataDir: string; host?: string }): Promise<Sandbox> {
  const dns = persistentZone(
    await startSandboxDns(),
    path.join(options.dataDir, 'sandbox-dns.json'),
    path.join(options.dataDir, 'sandbox-dns-cname.json'),
    path.join(options.dataDir, 'sandbox-dns-mx.json'),
  );
  const dnsServer = `127.0.0.1:${dns.port}`;
  const resolver = createTxtResolver({ servers: [dnsServer] });
  const hasMx = async (domain: string, host: string) =>
    (await resolver.resolveMx(domain).catch(() => [])).some((mx) => mx.exchange.toLowerCase() === host);
  const relay = inboundRelay(hasMx);
  let inbound: InboundRoute | null = null;
  const sink = await startSmtpSink({
    verifyDkim: mailauthDkimVerifier(resolver.resolve),
    mailboxDir: path.join(options.dataDir, 'sandbox-mailbox'),
    relay,
  });
  let apiUrl: string | undefined;
  const mailbox = sinkPageHandler(sink);
  const dnsPage = dnsPublishHandler({ apiUrl: () => apiUrl, dns });
  const sendPage = inboundSendHandler(() => inbound);
  const page: Server = createServer((req, res) => {
    if (/^\/inbound(\?|$)/.test(req.url ?? '')) return void sendPage(req, res).catch(() => res.headersSent || res.writeHead(500).end());
    if (!/^\/dns(\/|\?|$)/.test(req.url ?? '')) return mailbox(req, res);
    dnsPage(req, res).catch(() => res.headersSent || res.writeHead(502).end('The platform could not be reached.'));
  });
  await new Promise<void>((resolve, reject) => page.listen(options.pagePort, options.host ?? '127.0.0.1', resolve).once('error', reject));
  const { port } = page.address() as AddressInfo;
  const hub = await startBillingHub({ apiKey: 'sandbox-hub-key' });
  const provider = await startPaymentProvider({ apiKey: 'test_sandbox-provider-key' });
  return {
    dns,
    sink,
    pageUrl: `http://127.0.0.1:${port}/`,
    hub,
    provider,
    setApiUrl: (url) => void (apiUrl = url),
    receiveAt(route) {
      inbound = route;
      relay.setRoute(route);
    },
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DNS_SERVERS: dnsServer,
      BILLING_HUB_URL: hub.url,
      BILLING_HUB_API_KEY: hub.apiKey,
      BILLING_HUB_WEBHOOK_SECRET: hub.webhookSecret,
      PAYMENT_PROVIDER_URL: provider.url,
      PAYMENT_PROVIDER_API_KEY: provider.apiKey,
    },
    async stop() {
      await provider.stop();
      await hub.stop();
      await new Promise<void>((resolve) => page.close(() => resolve()));
      page.closeAllConnections();
      await sink.stop();
      await dns.stop();
    },
  };
}

/** Records published to the sandbox DNS outlive restarts, as they would in real DNS. */
function persistentZone(dns: SandboxDns, file: string, cnameFile: string, mxFile: string): SandboxDns {
  const read = <T>(at: string): Record<string, T> => (existsSync(at) ? JSON.parse(readFileSync(at, 'utf8')) : {});
  const zone = read<string[] | string[][]>(file);
  const cnames = read<string>(cnameFile);
  const mx = read<string[]>(mxFile);
  for (const [name, values] of Object.entries(zone)) dns.setTxt(name, values);
  for (const [name, target] of Object.entries(cnames)) dns.setCname(name, target);
  for (const [name, exchanges] of Object.entries(mx)) dns.setMx(name, exchanges);
  const write = (at: string, records: object) => {
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, JSON.stringify(records, null, 2));
  };
  const save = () => write(file, zone);
  return {
    ...dns,
    setTxt(name, values) {
      zone[name] = values;
      dns.setTxt(name, values);
      save();
    },
    deleteTxt(name) {
      delete zone[name];
      dns.deleteTxt(name);
      save();
    },
    setCname(name, target) {
      cnames[name] = target;
      dns.setCname(name, target);
      write(cnameFile, cnames);
    },
    setMx(name, exchanges) {
      mx[name] = exchanges;
      dns.setMx(name, exchanges);
      write(mxFile, mx);
    },
    deleteMx(name) {
      delete mx[name];
      dns.deleteMx(name);
      write(mxFile, mx);
    },
  };
}
