import { parseSource, referencedVariables, type TemplateIssue, type TemplateSource } from './engine';
import { renderParsed, type Rendering } from './render';

/** A template's source rendered with a model: what a send and POST /templates/{id}/render need of it. */
export interface TemplateRun {
  rendering: Rendering;
  /** Fields that do not parse (a published version always parses). */
  parseIssues: TemplateIssue[];
  /** The top-level variables the source references. */
  referenced: string[];
}

/** Parses and renders `source` with `model` on the calling thread, within the render's one budget. */
export async function runTemplate(source: TemplateSource, model: Record<string, unknown>): Promise<TemplateRun> {
  const { parsed, issues } = parseSource(source);
  return { rendering: await renderParsed(parsed, model), parseIssues: issues, referenced: referencedVariables(parsed) };
}

/** Runs templates: on a worker thread in the service (`threaded-runner.ts`), on the calling thread elsewhere. */
export interface TemplateRunner {
  run(source: TemplateSource, model: Record<string, unknown>): Promise<TemplateRun>;
  close(): Promise<void>;
}

export const inProcessRunner: TemplateRunner = { run: runTemplate, close: async () => undefined };
