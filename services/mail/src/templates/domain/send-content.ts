import { AppError, type SendEmailRequest } from '@mailplane/contracts';
import type { TemplateRecord } from '../data-access/templates-repo';
import type { MailDeps } from '../../domain/deps';

export interface TemplateRef {
  id: string;
  alias: string | null;
  version: number;
}

export interface SendContent {
  input: SendEmailRequest;
  template: TemplateRef | null;
  variables: Record<string, unknown> | null;
}

const unavailable = (detail: string, path: string) =>
  new AppError('template_unavailable', detail, { extra: { errors: [{ path, message: detail }] } });

const findTemplate = (deps: MailDeps, tenantId: string, ref: string): Promise<TemplateRecord | null> =>
  ref.startsWith('tpl_') ? deps.templates.byId(tenantId, ref) : deps.templates.byAlias(tenantId, ref);

/** Refuses the send before anything is stored or counted; `at` is the email's JSON pointer (`/body`, `/body/3`). */
export async function sendContent(deps: MailDeps, tenantId: string, input: SendEmailRequest, at: string): Promise<SendContent> {
  if (input.template === undefined) return { input, template: null, variables: null };
  const template = await findTemplate(deps, tenantId, input.template);
  if (!template) throw unavailable(`You have no template ${input.template}.`, `${at}/template`);
  const number = input.templateVersion ?? template.publishedVersion;
  if (number === null) throw unavailable(`Template ${input.template} has no published version yet; publish it first.`, `${at}/template`);
  const version = await deps.templates.version(tenantId, template._id, number);
  if (!version) throw unavailable(`Template ${input.template} has no version ${number}.`, `${at}/templateVersion`);
  const variables = (input.variables ?? {}) as Record<string, unknown>;
  const { rendering } = await deps.templateRunner.run({ subject: version.subject, html: version.html, text: version.text }, variables);
  if (rendering.missing.length > 0) {
    const errors = rendering.missing.map((path) => ({
      path: `${at}/variables/${path.split('.').join('/')}`,
      message: 'is required by the template',
    }));
    throw new AppError('template_variables_missing', `The template needs ${rendering.missing.join(', ')}.`, { extra: { errors } });
  }
  if (rendering.issues.length > 0) {
    const errors = rendering.issues.map((i) => ({
      path: `${at}/template`,
      message: `${i.field}${i.line === null ? '' : ` line ${i.line}, column ${i.column}`}: ${i.message}`,
    }));
    throw new AppError('template_render_failed', `The template could not be rendered: ${errors[0].message}`, { extra: { errors } });
  }
  const { template: _name, templateVersion: _number, variables: _variables, ...rest } = input;
  const body = {
    ...(rendering.html === null ? {} : { html: rendering.html }),
    ...(rendering.text === null ? {} : { text: rendering.text }),
  };
  return {
    input: { ...rest, subject: rendering.subject as string, ...body },
    template: { id: template._id, alias: template.alias, version: number },
    variables,
  };
}
