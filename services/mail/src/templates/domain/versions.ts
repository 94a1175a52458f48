import { AppError } from '@mailplane/contracts';
import { auditEvent, pageOf, type AuditContext } from '@mailplane/runtime';
import type { TemplateVersionRecord } from '../data-access/templates-repo';
import type { MailDeps } from '../../domain/deps';
import { announceTemplate, getTemplate, templateChange, templateOf } from './templates';

export const versionView = (v: TemplateVersionRecord) => ({
  templateId: v.templateId,
  version: v.version,
  subject: v.subject,
  html: v.html,
  text: v.text,
  publishedAt: v.publishedAt.toISOString(),
});

/** A retry after the publish answers the template unchanged; of two racing publishes, only the winner's version is recorded. */
export async function publishTemplate(deps: MailDeps, tenantId: string, id: string, audit: AuditContext) {
  const template = await templateOf(deps, tenantId, id);
  if (template.draftPublished && template.publishedVersion !== null) return getTemplate(deps, tenantId, id);
  const version = ((await deps.templates.latestVersion(tenantId, id))?.version ?? 0) + 1;
  const now = deps.clock.now();
  const { subject, html, text } = template.draft;
  if (await deps.templates.insertVersion({ tenantId, templateId: id, version, subject, html, text, publishedAt: now })) {
    const event = auditEvent(tenantId, audit, templateChange(id, 'publishTemplate', { version }), now);
    const marked = await deps.templates.markPublished(tenantId, id, version, template.draftRevision, now, [event]);
    if (marked) await announceTemplate(deps, marked);
  }
  return getTemplate(deps, tenantId, id);
}

export async function listTemplateVersions(deps: MailDeps, tenantId: string, id: string, page: { limit: number; offset: number }) {
  await templateOf(deps, tenantId, id);
  return pageOf(page, deps.templates.versions(tenantId, id, page), deps.templates.countVersions(tenantId, id), versionView);
}

export async function templateVersionOf(deps: MailDeps, tenantId: string, id: string, version: number) {
  const found = await deps.templates.version(tenantId, id, version);
  if (!found) throw new AppError('not_found', `Template ${id} has no version ${version}`);
  return found;
}

export const getTemplateVersion = async (deps: MailDeps, tenantId: string, id: string, version: number) =>
  versionView(await templateVersionOf(deps, tenantId, id, version));
