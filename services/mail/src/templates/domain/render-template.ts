import type { RenderTemplateRequest, RenderedTemplate } from '@mailplane/contracts';
import { textPart } from '../../dkim/text-alternative';
import type { TemplateSource } from '../engine';
import type { MailDeps } from '../../domain/deps';
import { templateOf } from './templates';
import { templateVersionOf } from './versions';

/** Renders a source with a model as a send would, and says what a send would refuse (Postmark's validate). */
export async function renderSource(
  deps: Pick<MailDeps, 'templateRunner'>,
  source: TemplateSource,
  variables: Record<string, unknown>,
  version: number | null,
) {
  const { rendering, parseIssues, referenced } = await deps.templateRunner.run(source, variables);
  const errors = [...parseIssues, ...rendering.issues];
  const result: RenderedTemplate = {
    version,
    valid: errors.length === 0 && rendering.missing.length === 0,
    subject: rendering.subject,
    html: rendering.html,
    text: source.text === null ? (rendering.html === null ? null : (textPart(undefined, rendering.html) ?? null)) : rendering.text,
    variables: referenced,
    missingVariables: rendering.missing,
    unusedVariables: Object.keys(variables).filter((name) => !referenced.includes(name)),
    errors,
  };
  return result;
}

/** POST /templates/{id}/render: the draft, or the published version named. */
export async function renderTemplate(deps: MailDeps, tenantId: string, id: string, input: RenderTemplateRequest) {
  const template = await templateOf(deps, tenantId, id);
  const source = input.version === undefined ? template.draft : await templateVersionOf(deps, tenantId, id, input.version);
  return renderSource(
    deps,
    { subject: source.subject, html: source.html, text: source.text },
    (input.variables ?? {}) as Record<string, unknown>,
    input.version ?? null,
  );
}
