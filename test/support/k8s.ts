import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import YAML from 'yaml';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';

/** A manifest as read: where it came from, and the object. */
export interface Manifest {
  file: string;
  object: { apiVersion: string; kind: string; metadata: { name: string }; [field: string]: unknown };
}

/** The kinds the manifests may use: each with its schema-checked model and the module of its type. */
const KINDS: Record<string, { model: new (data: never) => { validate(): void }; module: string; type: string }> = {
  'v1/Namespace': { model: Namespace, module: 'kubernetes-models/v1/Namespace', type: 'INamespace' },
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap', type: 'IConfigMap' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1/Secret', type: 'ISecret' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service', type: 'IService' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment', type: 'IDeployment' },
  'policy/v1/PodDisruptionBudget': {
    model: PodDisruptionBudget,
    module: 'kubernetes-models/policy/v1/PodDisruptionBudget',
    type: 'IPodDisruptionBudget',
  },
  'networking.k8s.io/v1/NetworkPolicy': {
    model: NetworkPolicy,
    module: 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy',
    type: 'INetworkPolicy',
  },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
    type: 'IHorizontalPodAutoscaler',
  },
};

const kindOf = (m: Manifest) => `${m.object.apiVersion}/${m.object.kind}`;

/** Every document of each file, in order. */
export function readManifests(dir: string, files: string[]): Manifest[] {
  return files.flatMap((file) =>
    YAML.parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      return { file, object: doc.toJS() };
    }),
  );
}

/** The Kubernetes schema's complaints about one object (required fields, types, formats, enums); [] when it passes. */
export function schemaErrors(manifest: Manifest): string[] {
  const kind = KINDS[kindOf(manifest)];
  if (!kind) return [`${manifest.file}: ${kindOf(manifest)} is not a kind these manifests use`];
  try {
    new kind.model(manifest.object as never).validate();
    return [];
  } catch (err) {
    return [`${manifest.file} ${manifest.object.kind}/${manifest.object.metadata?.name}: ${(err as Error).message}`];
  }
}

/**
 * Fields the schema does not know (a misspelt `readinesProbe` passes the schema, which allows unknown fields, and
 * Kubernetes would drop it silently): each object is type-checked as a literal of its model's TypeScript type,
 * whose excess-property check names any field the type lacks, at any depth.
 */
export function unknownFields(manifests: Manifest[]): string[] {
  const known = manifests.filter((m) => KINDS[kindOf(m)]);
  const source = [
    ...known.map((m, i) => `import type { ${KINDS[kindOf(m)].type} as T${i} } from '${KINDS[kindOf(m)].module}';`),
    ...known.map((m, i) => `export const o${i}: T${i} = ${JSON.stringify(m.object)};`),
  ].join('\n');
  const file = path.join(__dirname, '__manifests__.ts');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.CommonJS };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(name, source, version) : read(name, version));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const m = known[line - known.length];
    return `${m ? `${m.file} ${m.object.kind}/${m.object.metadata?.name}` : 'manifests'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

interface EnvContainer {
  envFrom?: { configMapRef: { name: string } }[];
  env: { name: string; value?: string; valueFrom?: { secretKeyRef?: { key: string } } }[];
}

/** What the process of Deployment `name` finds in its environment: the ConfigMap, its literal values, `secret`'s. */
export function podEnvironment(manifests: Manifest[], name: string, secret: Record<string, string>): Record<string, string> {
  const of = (kind: string, named?: string) =>
    manifests.find((m) => m.object.kind === kind && (!named || m.object.metadata.name === named))!;
  const configMap = of('ConfigMap').object as unknown as { metadata: { name: string }; data: Record<string, string> };
  const container = (of('Deployment', name).object as unknown as { spec: { template: { spec: { containers: EnvContainer[] } } } }).spec
    .template.spec.containers[0];
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) if (from.configMapRef.name === configMap.metadata.name) Object.assign(env, configMap.data);
  for (const e of container.env) env[e.name] = e.value ?? secret[e.valueFrom!.secretKeyRef!.key];
  return env;
}
