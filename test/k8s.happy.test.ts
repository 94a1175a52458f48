import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { billingConfig } from '@mailplane/billing';
import { gatewayConfig, submissionConfig } from '@mailplane/gateway';
import { mailConfig } from '@mailplane/mail';
import { webhooksConfig } from '@mailplane/webhooks';
import { loadPlatformConfig } from '../platform/config';
import { podEnvironment, readManifests, schemaErrors, unknownFields, type Manifest } from './support/k8s';

const DIR = path.resolve(__dirname, '../ops/k8s');
const kustomization = YAML.parse(readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
const manifests = readManifests(DIR, kustomization.resources);
const [exampleSecret] = readManifests(DIR, ['secret.example.yaml']);

type Env = Record<string, string>;
interface Container {
  name: string;
  ports: { name: string; containerPort: number }[];
  envFrom: { configMapRef: { name: string } }[];
  env: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }[];
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  lifecycle: { preStop: { exec: { command: string[] } } };
  resources: { requests: { cpu: string; memory: string }; limits: { memory: string } };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { terminationGracePeriodSeconds: number; containers: Container[] };
}

const of = (kind: string) =>
  manifests.filter((m) => m.object.kind === kind).map((m) => m.object as Manifest['object'] & Record<string, never>);
const deployment = (name: string) =>
  of('Deployment').find((d) => d.metadata.name === name) as unknown as {
    spec: { replicas?: number; selector: { matchLabels: Record<string, string> }; template: PodTemplate };
  };
const containerOf = (name: string) => deployment(name).spec.template.spec.containers[0];
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

const SERVICES = ['gateway', 'billing', 'mail', 'webhooks', 'dashboard', 'submission'];
/**
 * Variables that hold a secret: keys, tokens, passwords, and URLs that carry credentials. INBOUND_TLS_KEY is the path
 * of a key file mounted from a Secret, not a key.
 */
const isSecret = (name: string) =>
  (/(SECRET|TOKEN|PASSWORD|_KEY)$/.test(name) && name !== 'INBOUND_TLS_KEY') ||
  ['AMQP_URL', 'DATABASE_URL', 'MONGODB_URL', 'SMTP_URL'].includes(name);
const configMap = of('ConfigMap')[0] as unknown as { metadata: { name: string }; data: Env };
const secretValues = (exampleSecret.object as unknown as { stringData: Env }).stringData;

// The Secret an operator makes from the example: each placeholder replaced (a placeholder itself is refused at start).
const operatorSecret = Object.fromEntries(Object.entries(secretValues).map(([key, value]) => [key, value.replace(/CHANGE-ME/g, 'k8Q2xv')]));

/** What the process of `service` finds in its environment: the ConfigMap, its literal values, the operator's Secret. */
function environmentOf(service: string): Env {
  return podEnvironment(manifests, service, operatorSecret);
}

describe('ops/k8s, every object the kustomization lists and the example Secret', () => {
  it('when checked against the Kubernetes schemas (kubernetes-models), then every object passes', () => {
    expect(manifests.length).toBeGreaterThan(10);
    expect([...manifests, exampleSecret].flatMap(schemaErrors)).toEqual([]);
  });

  it('when type-checked, then no object has a field Kubernetes does not know, and a misspelt or mistyped field is caught', () => {
    const gateway = manifests.find((m) => m.object.kind === 'Deployment' && m.object.metadata.name === 'gateway')!;
    const misspelt = structuredClone({ ...gateway, file: 'misspelt.yaml' });
    const container = (misspelt.object as unknown as { spec: { template: PodTemplate } }).spec.template.spec.containers[0];
    Object.assign(container, { readinesProbe: container.readinessProbe });
    const mistyped = structuredClone(gateway);
    (mistyped.object as unknown as { spec: { template: PodTemplate } }).spec.template.spec.containers[0].ports[0].containerPort =
      'http' as never;
    // The schema allows unknown fields (Kubernetes drops them silently): the types catch those.
    expect(schemaErrors(misspelt)).toEqual([]);
    expect(schemaErrors(mistyped)).toEqual([expect.stringContaining('containerPort must be integer')]);
    expect(unknownFields([...manifests, exampleSecret, misspelt])).toEqual([
      expect.stringMatching(/^misspelt\.yaml Deployment\/gateway: .*readinesProbe.* does not exist in type 'IContainer'/),
    ]);
  }, 30_000);
});

describe('ops/k8s, the deployments', () => {
  it('when deployed, then each service has a Deployment, ready on /readyz and alive on /healthz of its listener, with requests and a memory limit', () => {
    expect(
      of('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...SERVICES].sort());
    const listener: Record<string, string> = {
      gateway: 'http',
      dashboard: 'http',
      billing: 'ops',
      mail: 'ops',
      webhooks: 'ops',
      submission: 'ops',
    };
    for (const name of SERVICES) {
      const c = containerOf(name);
      expect({ name, ready: c.readinessProbe.httpGet, alive: c.livenessProbe.httpGet }).toEqual({
        name,
        ready: { path: '/readyz', port: listener[name] },
        alive: { path: '/healthz', port: listener[name] },
      });
      expect(c.ports.map((p) => p.name)).toContain(listener[name]);
      expect(c.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c.resources.limits.memory).toEqual(expect.any(String));
    }
  });

  it('when a pod is stopped, then its grace period covers the preStop pause and the whole drain, so Kubernetes never kills a drain', () => {
    const drainSeconds = Number(configMap.data.DRAIN_DELAY_MS) / 1000 + Number(configMap.data.DRAIN_TIMEOUT_MS) / 1000;
    for (const name of SERVICES) {
      const [command, seconds] = containerOf(name).lifecycle.preStop.exec.command;
      expect(command).toBe('sleep');
      expect(deployment(name).spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + drainSeconds);
    }
  });

  it('when nodes are drained, then every Deployment has a PodDisruptionBudget, and mail scales on CPU through its autoscaler alone', () => {
    for (const name of SERVICES) {
      const budgets = of('PodDisruptionBudget').filter((b) =>
        matches((b.spec as { selector: { matchLabels: Env } }).selector.matchLabels, deployment(name).spec.template.metadata.labels),
      );
      expect({ name, budgets: budgets.length }).toEqual({ name, budgets: 1 });
    }
    const [hpa] = of('HorizontalPodAutoscaler') as unknown as {
      spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; metrics: { resource: { name: string } }[] };
    }[];
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'mail' });
    expect(hpa.spec.metrics.map((m) => m.resource.name)).toEqual(['cpu']);
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(deployment('mail').spec.replicas).toBeUndefined();
    for (const name of SERVICES.filter((n) => n !== 'mail')) expect(deployment(name).spec.replicas).toBeGreaterThanOrEqual(2);
  });

  it('when traffic comes in, then there is a Service per listener (API, dashboard, bounces, inbound mail, SMTP submission, ops), each reaching a named port of the pods it selects', () => {
    const reached = of('Service').map((s) => {
      const spec = s.spec as { selector: Env; ports: { targetPort: string }[] };
      const pods = SERVICES.filter((name) => matches(spec.selector, deployment(name).spec.template.metadata.labels));
      for (const port of spec.ports) for (const pod of pods) expect(containerOf(pod).ports.map((p) => p.name)).toContain(port.targetPort);
      return `${s.metadata.name} -> ${pods.join(',')}:${spec.ports.map((p) => p.targetPort).join(',')}`;
    });
    expect(reached.sort()).toEqual([
      'mailplane-api -> gateway:http',
      'mailplane-bounces -> mail:smtp',
      'mailplane-dashboard -> dashboard:http',
      'mailplane-inbound -> mail:inbound',
      'mailplane-ops -> gateway,billing,mail,webhooks,submission:ops',
      'mailplane-submission -> submission:submission,submissions',
    ]);
  });
});

describe('ops/k8s, SMTP submission and inbound mail', () => {
  it.each([
    ['submission', 'SMTP_SUBMISSION_TLS_CERT_FILE', 'SMTP_SUBMISSION_TLS_KEY_FILE'],
    ['mail', 'INBOUND_TLS_CERT', 'INBOUND_TLS_KEY'],
  ])(
    'when %s is deployed, then its certificate and key are the TLS Secret mounted where its configuration names them',
    (name, cert, key) => {
      const pod = deployment(name).spec.template.spec as unknown as {
        containers: { volumeMounts: { name: string; mountPath: string }[] }[];
        volumes: { name: string; secret?: { secretName: string } }[];
      };
      const env = environmentOf(name);
      const mount = pod.containers[0].volumeMounts.find((m) => env[cert].startsWith(`${m.mountPath}/`));
      expect(mount).toBeDefined();
      expect(env[key].startsWith(`${mount!.mountPath}/`)).toBe(true);
      expect(pod.volumes.find((v) => v.name === mount!.name)?.secret?.secretName).toBe('mailplane-submission-tls');
    },
  );
});

describe('ops/k8s, what is reachable', () => {
  it("when deployed, then every ops listener binds the pod's address for probes and scrapes, and the gateway's admin surface has its own port that no Service reaches", () => {
    expect(configMap.data.OPS_HOST).toBe('0.0.0.0');
    expect(environmentOf('gateway').ADMIN_PORT).toBe('3001');
    const targets = of('Service').flatMap((s) => (s.spec as { ports: { targetPort: string | number }[] }).ports.map((p) => p.targetPort));
    expect(targets).not.toContain(3001);
    expect(containerOf('gateway').ports.map((p) => p.name)).toEqual(['http', 'ops']);
  });
});

describe('ops/k8s, configuration and secrets', () => {
  it.each(SERVICES)('when %s reads its configuration from what its Deployment gives, then nothing it requires is missing', (name) => {
    const env = environmentOf(name);
    expect(() => loadPlatformConfig(env)).not.toThrow();
    const own: Record<string, (env: Env) => unknown> = {
      gateway: gatewayConfig,
      billing: billingConfig,
      mail: mailConfig,
      webhooks: webhooksConfig,
      submission: submissionConfig,
    };
    if (own[name]) expect(() => own[name](env)).not.toThrow();
    // The distributed mode's own requirements (platform/distributed.ts, platform/dashboard.ts).
    const needs = name === 'dashboard' ? ['API_URL', 'DATABASE_URL', 'DASHBOARD_SESSION_SECRET'] : ['AMQP_URL', 'DATABASE_URL'];
    for (const variable of needs) expect({ variable, value: env[variable] }).toEqual({ variable, value: expect.stringMatching(/./) });
  });

  it('when a variable holds a secret, then it comes from the Secret by secretKeyRef, the ConfigMap holds none, and the example Secret holds only placeholders', () => {
    for (const name of SERVICES) {
      for (const e of containerOf(name).env.filter((v) => isSecret(v.name))) {
        expect({ name, variable: e.name, from: e.valueFrom?.secretKeyRef }).toEqual({
          name,
          variable: e.name,
          from: expect.objectContaining({ name: exampleSecret.object.metadata.name, key: e.name }),
        });
      }
      for (const e of containerOf(name).env.filter((v) => v.valueFrom))
        expect(Object.keys(secretValues)).toContain(e.valueFrom!.secretKeyRef!.key);
    }
    expect(Object.keys(configMap.data).filter(isSecret)).toEqual([]);
    for (const [key, value] of Object.entries(secretValues))
      expect({ key, value }).toEqual({ key, value: expect.stringContaining('CHANGE-ME') });
    expect(kustomization.resources).not.toContain('secret.example.yaml');
  });
});
