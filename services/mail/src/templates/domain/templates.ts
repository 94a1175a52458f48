import { AppError, type CreateTemplateRequest, type UpdateTemplateRequest } from '@mailplane/contracts';
import { auditEvent, newId, pageOf, type AuditContext } from '@mailplane/runtime';
import { DuplicateKeyError, carrying } from '@mailplane/store';
import type { TemplateChange, TemplateRecord } from '../data-access/templates-repo';
import { parseSource, referencedVariables, type TemplateSource } from '../engine';
import { announceChange } from '../../domain/announce';
import type { MailDeps } from '../../domain/deps';

const summaryView = (r: TemplateRecord) => ({
  id: r._id,
  name: r.name,
  alias: r.alias,
  publishedVersion: r.publishedVersion,
  hasUnpublishedChanges: !r.draftPublished,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function templateView(r: TemplateRecord) {
  return { ...summaryView(r), draft: r.draft, variables: referencedVariables(parseSource(r.draft).parsed) };
}

export function checkSource(source: TemplateSource): void {
  const { issues } = parseSource(source);
  if (issues.length === 0) return;
  const errors = issues.map((i) => ({
    path: `/body/${i.field}`,
    message: i.line === null ? i.message : `line ${i.line}, column ${i.column}: ${i.message}`,
  }));
  throw new AppError('template_invalid', `The template does not parse: ${errors[0].path} ${errors[0].message}`, { extra: { errors } });
}

export const templateChange = (id: string, operationId: string, changes: Record<string, unknown>) => ({
  operationId,
  target: { type: 'template', id },
  changes,
});
export const templateGone = (id: string) => new AppError('not_found', `No template ${id}`);

export const announceTemplate = (deps: MailDeps, record: TemplateRecord) => announceChange(deps, deps.templates, record);

const aliasTaken = (alias: string | null | undefined) =>
  new AppError('already_exists', `You already have a template with the alias ${alias}.`);

export async function createTemplate(deps: MailDeps, tenantId: string, input: CreateTemplateRequest, audit: AuditContext) {
  const draft = { subject: input.subject, html: input.html ?? null, text: input.text ?? null };
  checkSource(draft);
  const now = deps.clock.now();
  const id = newId('tpl', now.getTime());
  const changes = { name: input.name, alias: input.alias ?? null };
  const record: TemplateRecord = {
    _id: id,
    tenantId,
    name: input.name,
    alias: input.alias ?? null,
    draft,
    draftRevision: 1,
    draftPublished: false,
    publishedVersion: null,
    createdAt: now,
    updatedAt: now,
    changedAt: now,
    changeSeq: 1,
    ...carrying([auditEvent(tenantId, audit, templateChange(id, 'createTemplate', changes), now)]),
  };
  try {
    await deps.templates.insert(record);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw aliasTaken(input.alias);
    throw err;
  }
  await announceTemplate(deps, record);
  return templateView(record);
}

/** Another tenant's template is as unknown as one that never was. */
export async function templateOf(deps: MailDeps, tenantId: string, id: string): Promise<TemplateRecord> {
  const record = await deps.templates.byId(tenantId, id);
  if (!record) throw templateGone(id);
  return record;
}

export const getTemplate = async (deps: MailDeps, tenantId: string, id: string) => templateView(await templateOf(deps, tenantId, id));

export async function listTemplates(deps: MailDeps, tenantId: string, query: { q?: string; limit: number; offset: number }) {
  const page = { limit: query.limit, offset: query.offset };
  return pageOf(page, deps.templates.list(tenantId, query.q, page), deps.templates.count(tenantId, query.q), summaryView);
}

/** Renames it at once; content edits go to the draft, which sends ignore until it is published. */
export async function updateTemplate(deps: MailDeps, tenantId: string, id: string, input: UpdateTemplateRequest, audit: AuditContext) {
  const current = await templateOf(deps, tenantId, id);
  const now = deps.clock.now();
  const change: TemplateChange = { updatedAt: now };
  if (input.name !== undefined) change.name = input.name;
  if (input.alias !== undefined) change.alias = input.alias;
  if (input.subject !== undefined || input.html !== undefined || input.text !== undefined) {
    const draft = {
      subject: input.subject ?? current.draft.subject,
      html: input.html === undefined ? current.draft.html : input.html,
      text: input.text === undefined ? current.draft.text : input.text,
    };
    if (draft.html === null && draft.text === null) {
      throw new AppError('validation_failed', 'A template keeps an HTML or a text body.', {
        extra: { errors: [{ path: input.html === null ? '/body/html' : '/body/text', message: 'cannot remove the last body' }] },
      });
    }
    checkSource(draft);
    Object.assign(change, { draft, draftPublished: false });
  }
  const { name, alias, draft } = change;
  const changes = {
    ...(name === undefined ? {} : { name }),
    ...(alias === undefined ? {} : { alias }),
    ...(draft ? { draft: 'changed' } : {}),
  };
  const event = auditEvent(tenantId, audit, templateChange(id, 'updateTemplate', changes), now);
  try {
    const updated = await deps.templates.update(tenantId, id, change, [event], now);
    if (!updated) throw templateGone(id);
    await announceTemplate(deps, updated);
    return templateView(updated);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw aliasTaken(input.alias);
    throw err;
  }
}

export async function deleteTemplate(deps: MailDeps, tenantId: string, id: string, audit: AuditContext) {
  const { name } = await templateOf(deps, tenantId, id);
  const now = deps.clock.now();
  const event = auditEvent(tenantId, audit, templateChange(id, 'deleteTemplate', { name }), now);
  const removed = await deps.templates.remove(tenantId, id, [event], now);
  if (!removed) throw templateGone(id);
  await announceTemplate(deps, removed);
}
