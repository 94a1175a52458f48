import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every import circle among `files` (absolute paths), each as the files of one strongly connected component relative
 * to `root`. Imports are read by TypeScript's pre-processor (type-only ones and `export … from` too, no full parse)
 * and resolved as the compiler does under `root`'s tsconfig.json, workspace packages to their sources. `unsaved`
 * holds modules read as if written at their paths.
 */
export function importCircles(root: string, files: string[], unsaved = new Map<string, string>()): string[][] {
  const options = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!.options;
  // An unsaved module is reached through a package's link in node_modules as a saved one is.
  const unsavedAt = (file: string) => {
    const dir = path.dirname(file);
    return ts.sys.directoryExists(dir) && unsaved.has(path.join(realpathSync(dir), path.basename(file)));
  };
  const real = (file: string) => (unsavedAt(file) ? path.join(realpathSync(path.dirname(file)), path.basename(file)) : realpathSync(file));
  const host: ts.ModuleResolutionHost = {
    ...ts.createCompilerHost(options),
    fileExists: (file) => unsavedAt(file) || ts.sys.fileExists(file),
    realpath: real,
  };
  const read = (file: string) => unsaved.get(file) ?? readFileSync(file, 'utf8');
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const known = new Set(files);
  const imports = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(read(file), true, true);
      const targets = importedFiles
        .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, host, cache).resolvedModule?.resolvedFileName)
        .filter((target): target is string => target !== undefined && !target.includes('/node_modules/'))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
  return stronglyConnected(imports)
    .filter((component) => component.length > 1 || imports.get(component[0])!.includes(component[0]))
    .map((component) => component.map((file) => path.relative(root, file)).sort());
}

/** Tarjan's algorithm, iterative: the graph is deeper than a recursive walk may safely go. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const walk: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start)!);
    stack.push(start);
    onStack.add(start);
    while (walk.length > 0) {
      const frame = walk[walk.length - 1];
      const edges = graph.get(frame.node)!;
      if (frame.next < edges.length) {
        const target = edges[frame.next++];
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target)!);
          stack.push(target);
          onStack.add(target);
          walk.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      walk.pop();
      if (walk.length > 0) {
        const parent = walk[walk.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      components.push(component);
    }
  }
  return components;
}
