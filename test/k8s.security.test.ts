import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { podEnvironment, readManifests } from './support/k8s';
import { NODE_FLAGS } from '../platform/node-flags';

const ROOT = path.resolve(__dirname, '..');
const DIR = path.join(ROOT, 'ops/k8s');
const kustomization = YAML.parse(readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
const manifests = readManifests(DIR, kustomization.resources);
const [exampleSecret] = readManifests(DIR, ['secret.example.yaml']);
const exampleValues = (exampleSecret.object as unknown as { stringData: Record<string, string> }).stringData;

type Labels = Record<string, string>;
interface Selector {
  matchLabels?: Labels;
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string };
}
interface Policy {
  podSelector: Selector;
  policyTypes: string[];
  ingress?: { from?: Peer[]; ports?: { port: string | number }[] }[];
}
/** Where a connection comes from: a pod (its namespace's labels and its own), or an address outside the cluster. */
type Source = { namespace: Labels; pod: Labels } | { external: true };

const NAMESPACE = { 'kubernetes.io/metadata.name': 'mailplane' };
const namespaceNamed = (name: string) => ({ 'kubernetes.io/metadata.name': name });
const selects = (selector: Selector | undefined, labels: Labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);

const policies = manifests.filter((m) => m.object.kind === 'NetworkPolicy').map((m) => m.object.spec as Policy);
const pods = manifests
  .filter((m) => m.object.kind === 'Deployment')
  .map((m) => {
    const template = (
      m.object.spec as {
        template: { metadata: { labels: Labels }; spec: { containers: { ports: { name: string; containerPort: number }[] }[] } };
      }
    ).template;
    return { name: m.object.metadata.name, labels: template.metadata.labels, ports: template.spec.containers[0].ports };
  });

/** NetworkPolicy's ingress semantics: allowed when no policy selects the pod, or when a rule of one that does admits it. */
function admits(source: Source, podName: string, portName: string): boolean {
  const pod = pods.find((p) => p.name === podName)!;
  const number = pod.ports.find((p) => p.name === portName)!.containerPort;
  const applying = policies.filter((p) => p.policyTypes.includes('Ingress') && selects(p.podSelector, pod.labels));
  if (!applying.length) return true;
  const peerMatches = (peer: Peer) => {
    if (peer.ipBlock) return 'external' in source;
    if ('external' in source) return false;
    if (peer.namespaceSelector && !selects(peer.namespaceSelector, source.namespace)) return false;
    if (!peer.namespaceSelector && source.namespace['kubernetes.io/metadata.name'] !== NAMESPACE['kubernetes.io/metadata.name'])
      return false;
    return !peer.podSelector || selects(peer.podSelector, source.pod);
  };
  return applying.some((policy) =>
    (policy.ingress ?? []).some(
      (rule) =>
        (!rule.from || rule.from.some(peerMatches)) && (!rule.ports || rule.ports.some((p) => p.port === portName || p.port === number)),
    ),
  );
}

const internet: Source = { external: true };
const ingressController: Source = { namespace: namespaceNamed('ingress-nginx'), pod: { app: 'ingress-nginx' } };
const monitoring: Source = { namespace: namespaceNamed('monitoring'), pod: { app: 'prometheus' } };
const otherTenantPod: Source = { namespace: namespaceNamed('default'), pod: { app: 'anything' } };
const podOf = (name: string): Source => ({ namespace: NAMESPACE, pod: pods.find((p) => p.name === name)!.labels });

// Issue #39: the manifests had no NetworkPolicy, so any pod of the cluster reached every listener, ops ports included.
describe('ops/k8s, its NetworkPolicies', () => {
  it('when applied, then every pod is selected by a policy that denies ingress by default', () => {
    const denyAll = policies.find((p) => Object.keys(p.podSelector.matchLabels ?? {}).length === 0 && !p.ingress);
    expect(denyAll?.policyTypes).toContain('Ingress');
    expect(pods.length).toBe(6);
  });

  it.each([
    // [what is tried, admitted, from, to pod, its port]
    ['the ingress controller reaches the API', true, ingressController, 'gateway', 'http'],
    ['the ingress controller reaches the dashboard', true, ingressController, 'dashboard', 'http'],
    ['the dashboard reaches the API', true, podOf('dashboard'), 'gateway', 'http'],
    ['any MTA reaches the bounce listener', true, internet, 'mail', 'smtp'],
    ['any MTA reaches inbound mail', true, internet, 'mail', 'inbound'],
    ['any application reaches SMTP submission (587)', true, internet, 'submission', 'submission'],
    ['any application reaches SMTP submission (465)', true, internet, 'submission', 'submissions'],
    ['monitoring scrapes the gateway ops listener', true, monitoring, 'gateway', 'ops'],
    ['monitoring scrapes the billing ops listener', true, monitoring, 'billing', 'ops'],
    ['monitoring scrapes the mail ops listener', true, monitoring, 'mail', 'ops'],
    ['monitoring scrapes the webhooks ops listener', true, monitoring, 'webhooks', 'ops'],
    ['monitoring scrapes the submission ops listener', true, monitoring, 'submission', 'ops'],
    ['a pod of another namespace reaches the API around the ingress', false, otherTenantPod, 'gateway', 'http'],
    ['a pod of another namespace reaches an ops listener', false, otherTenantPod, 'billing', 'ops'],
    ['the internet reaches an ops listener', false, internet, 'mail', 'ops'],
    ['the internet reaches the API around the ingress', false, internet, 'gateway', 'http'],
    ['monitoring reaches the API port', false, monitoring, 'gateway', 'http'],
    ['the ingress controller reaches an ops listener', false, ingressController, 'webhooks', 'ops'],
    ['a mail pod reaches the dashboard', false, podOf('mail'), 'dashboard', 'http'],
    ['a webhooks pod reaches the API', false, podOf('webhooks'), 'gateway', 'http'],
  ] as const)('when %s, then the policies admit it: %s', (_, admitted, source, pod, port) => {
    expect(admits(source, pod, port)).toBe(admitted);
  });
});

/** Runs `bin/service.ts <name>` on `env` until it exits; resolves with its exit code and output. */
function runService(name: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'bin/service.ts', name], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// Issue #39: the example Secret's placeholders passed every check, so a copy of it ran in production.
describe('ops/k8s, the example Secret copied as it is', () => {
  it.each(['gateway', 'dashboard'])(
    'when %s starts on it, then it refuses to start, naming a variable that holds a placeholder, before connecting anywhere',
    async (name) => {
      const { code, output } = await runService(name, podEnvironment(manifests, name, exampleValues));
      expect(code).not.toBe(0);
      expect(output).toMatch(/configuration: [A-Z_]+ holds a placeholder \(CHANGE-ME\)/);
    },
    40_000,
  );
});
