import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import YAML from 'yaml';
import { QUEUES } from '@mailplane/contracts';
import { readManifests, type Manifest } from './support/k8s';

const BASE = path.resolve(__dirname, '../ops/k8s');
const KEDA = path.join(BASE, 'keda');
const read = (file: string) => YAML.parse(readFileSync(file, 'utf8'));
const base = readManifests(BASE, (read(path.join(BASE, 'kustomization.yaml')) as { resources: string[] }).resources);
const component = read(path.join(KEDA, 'kustomization.yaml')) as {
  kind: string;
  resources: string[];
  patches: { target: { kind: string; name: string }; patch: string }[];
};
const objects = readManifests(KEDA, component.resources);
const [exampleSecret] = readManifests(BASE, ['secret.example.yaml']);

// KEDA's CRDs have no kubernetes-models types: a schema of our own for the fields these objects use, closed to others.
const closed = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const name = { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' };
const count = { type: 'integer', minimum: 0 };
const quantity = { type: 'string', pattern: '^[0-9]+$' };
const trigger = {
  oneOf: [
    closed({
      type: { const: 'rabbitmq' },
      metadata: closed({
        protocol: { const: 'amqp' },
        queueName: { type: 'string' },
        mode: { enum: ['QueueLength', 'MessageRate'] },
        value: quantity,
      }),
      authenticationRef: closed({ name }),
    }),
    closed({ type: { const: 'cpu' }, metricType: { const: 'Utilization' }, metadata: closed({ value: quantity }) }),
  ],
};
const scaledObject = closed({
  apiVersion: { const: 'keda.sh/v1alpha1' },
  kind: { const: 'ScaledObject' },
  metadata: closed({ name }),
  spec: closed(
    {
      scaleTargetRef: closed({ apiVersion: { const: 'apps/v1' }, kind: { const: 'Deployment' }, name }),
      minReplicaCount: count,
      maxReplicaCount: count,
      pollingInterval: count,
      cooldownPeriod: count,
      advanced: closed({
        horizontalPodAutoscalerConfig: closed({
          behavior: closed({ scaleDown: closed({ stabilizationWindowSeconds: count }) }, []),
        }),
      }),
      triggers: { type: 'array', minItems: 1, items: trigger },
    },
    ['scaleTargetRef', 'minReplicaCount', 'maxReplicaCount', 'triggers'],
  ),
});
const triggerAuthentication = closed({
  apiVersion: { const: 'keda.sh/v1alpha1' },
  kind: { const: 'TriggerAuthentication' },
  metadata: closed({ name }),
  spec: closed({
    secretTargetRef: { type: 'array', minItems: 1, items: closed({ parameter: { const: 'host' }, name, key: { type: 'string' } }) },
  }),
});
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validators: Record<string, ReturnType<typeof ajv.compile>> = {
  ScaledObject: ajv.compile(scaledObject),
  TriggerAuthentication: ajv.compile(triggerAuthentication),
};
function schemaErrors(m: Manifest): string[] {
  const validate = validators[m.object.kind];
  if (!validate) return [`${m.file}: ${m.object.kind} is not a kind this component uses`];
  return validate(m.object)
    ? []
    : (validate.errors ?? []).map((e) => `${m.object.kind}/${m.object.metadata.name}: ${e.instancePath} ${e.message}`);
}

interface ScaledObject {
  metadata: { name: string };
  spec: {
    scaleTargetRef: { name: string };
    minReplicaCount: number;
    maxReplicaCount: number;
    triggers: { type: string; metadata: { queueName?: string }; authenticationRef?: { name: string } }[];
  };
}
const kindOf = (ms: Manifest[], kind: string) => ms.filter((m) => m.object.kind === kind).map((m) => m.object);
const scaledObjects = kindOf(objects, 'ScaledObject') as unknown as ScaledObject[];
const queueOf = (so: ScaledObject) => so.spec.triggers.find((t) => t.type === 'rabbitmq')?.metadata.queueName;

describe('ops/k8s/keda, the optional component scaling mail and webhooks on their queues', () => {
  it('when checked against the schema of the KEDA fields it uses, then every object passes, and a misspelt field is caught', () => {
    expect(component.kind).toBe('Component');
    expect(objects.map((m) => m.object.kind).sort()).toEqual(['ScaledObject', 'ScaledObject', 'TriggerAuthentication']);
    expect(objects.flatMap(schemaErrors)).toEqual([]);
    const misspelt = structuredClone(objects.find((m) => m.object.kind === 'ScaledObject')!);
    const spec = misspelt.object.spec as Record<string, unknown>;
    spec.maxReplicas = spec.maxReplicaCount;
    delete spec.maxReplicaCount;
    expect(schemaErrors(misspelt)).toEqual(
      expect.arrayContaining([expect.stringContaining('must NOT have additional properties'), expect.stringContaining('maxReplicaCount')]),
    );
  });

  it("when scaling, then mail follows its outbox and webhooks its deliveries queue, queues the code declares, read with the services' broker URL", () => {
    const deployments = new Set(kindOf(base, 'Deployment').map((d) => d.metadata.name));
    expect(Object.fromEntries(scaledObjects.map((so) => [so.spec.scaleTargetRef.name, queueOf(so)]))).toEqual({
      mail: QUEUES.mailOutbox,
      webhooks: QUEUES.webhooksDeliveries,
    });
    for (const so of scaledObjects) {
      expect(deployments).toContain(so.spec.scaleTargetRef.name);
      expect(Object.values(QUEUES)).toContain(queueOf(so));
      expect(so.spec.minReplicaCount).toBeGreaterThanOrEqual(2);
      expect(so.spec.maxReplicaCount).toBeGreaterThan(so.spec.minReplicaCount);
    }
    // Mail keeps the base's CPU signal beside its queue.
    expect(scaledObjects.find((so) => so.metadata.name === 'mail')!.spec.triggers.map((t) => t.type)).toEqual(['rabbitmq', 'cpu']);

    const auths = kindOf(objects, 'TriggerAuthentication') as unknown as {
      metadata: { name: string };
      spec: { secretTargetRef: { name: string; key: string }[] };
    }[];
    const refs = scaledObjects.flatMap((so) => so.spec.triggers.flatMap((t) => (t.authenticationRef ? [t.authenticationRef.name] : [])));
    expect(refs.every((ref) => auths.some((a) => a.metadata.name === ref))).toBe(true);
    // The same Secret and key the Deployments read AMQP_URL from.
    const mailEnv = (
      base.find((m) => m.object.kind === 'Deployment' && m.object.metadata.name === 'mail')!.object as never as {
        spec: {
          template: { spec: { containers: { env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] }[] } };
        };
      }
    ).spec.template.spec.containers[0].env;
    const amqp = mailEnv.find((e) => e.name === 'AMQP_URL')!.valueFrom!.secretKeyRef!;
    expect(auths.flatMap((a) => a.spec.secretTargetRef)).toEqual([expect.objectContaining({ name: amqp.name, key: amqp.key })]);
    expect(exampleSecret.object.metadata.name).toBe(amqp.name);
  });

  it('when applied, then no Deployment a ScaledObject scales keeps a CPU autoscaler or a fixed replica count of the base', () => {
    const targets = scaledObjects.map((so) => so.spec.scaleTargetRef.name);
    const hpaTargets = (
      kindOf(base, 'HorizontalPodAutoscaler') as unknown as { metadata: { name: string }; spec: { scaleTargetRef: { name: string } } }[]
    )
      .filter((hpa) => targets.includes(hpa.spec.scaleTargetRef.name))
      .map((hpa) => hpa.metadata.name);
    const deleted = component.patches
      .filter((p) => p.target.kind === 'HorizontalPodAutoscaler' && /\$patch: delete/.test(p.patch))
      .map((p) => p.target.name);
    expect(hpaTargets.length).toBeGreaterThan(0);
    expect(deleted.sort()).toEqual(hpaTargets.sort());
    const fixed = kindOf(base, 'Deployment').filter(
      (d) => targets.includes(d.metadata.name) && (d.spec as { replicas?: number }).replicas !== undefined,
    );
    const unfixed = component.patches
      .filter((p) => p.target.kind === 'Deployment' && /op: remove\s+path: \/spec\/replicas/.test(p.patch))
      .map((p) => p.target.name);
    expect(unfixed.sort()).toEqual(fixed.map((d) => d.metadata.name).sort());
  });

  const kubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
  if (!kubectl) console.warn('kubectl is not installed: the component is NOT rendered with kustomize in this run');
  (kubectl ? it : it.skip)(
    'when rendered by kustomize into the base, then the autoscalers are the ScaledObjects alone, in the namespace',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'keda-'));
      try {
        cpSync(BASE, dir, { recursive: true });
        const kustomization = path.join(dir, 'kustomization.yaml');
        writeFileSync(kustomization, readFileSync(kustomization, 'utf8').replace('# components: [keda]', 'components: [keda]'));
        const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
        expect(out.stderr).toBe('');
        const rendered = YAML.parseAllDocuments(out.stdout).map((d) => d.toJS());
        const scalers = rendered.filter((o) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(o.kind));
        expect(scalers.map((o) => `${o.kind}/${o.metadata.name}@${o.metadata.namespace}`).sort()).toEqual([
          'ScaledObject/mail@mailplane',
          'ScaledObject/webhooks@mailplane',
        ]);
        expect(rendered.find((o) => o.kind === 'Deployment' && o.metadata.name === 'webhooks').spec.replicas).toBeUndefined();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
