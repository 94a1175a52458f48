import { keptAfterPublish } from '@mailplane/runtime';
import type { Envelope } from '@mailplane/contracts';
import { DuplicateKeyError, auditedRecords, tenantScoped, type AuditedRecord, type Store } from '@mailplane/store';
import type { TemplateSource } from '../engine';

export interface TemplateRecord extends AuditedRecord<Envelope> {
  name: string;
  alias: string | null;
  /** `<tenantId>:<alias>`, only while it has an alias: what keeps aliases unique per tenant. */
  aliasKey?: string;
  draft: TemplateSource;
  /** Grows with every edit of the draft, so a publish knows whether the draft it froze is still the draft. */
  draftRevision: number;
  draftPublished: boolean;
  publishedVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateVersionRecord extends TemplateSource {
  /** `<templateId>:<version>`: one record per version, so two racing publishes cannot both take a number. */
  _id: string;
  tenantId: string;
  templateId: string;
  version: number;
  publishedAt: Date;
}

export type TemplateChange = Partial<
  Pick<TemplateRecord, 'name' | 'alias' | 'draft' | 'draftPublished' | 'publishedVersion' | 'updatedAt'>
>;

const aliasKeyOf = (tenantId: string, alias: string) => `${tenantId}:${alias}`;
const versionId = (templateId: string, version: number) => `${templateId}:${version}`;

export function templatesRepo(store: Store) {
  const templates = store.collection<TemplateRecord>('templates');
  const versions = store.collection<TemplateVersionRecord>('template_versions');
  const audited = auditedRecords(templates, { keeps: keptAfterPublish });
  const tenantVersions = tenantScoped(versions);
  const matching = (q?: string) => (q ? { $contains: { paths: ['name', 'alias'], text: q } } : {});
  return {
    async init() {
      await templates.createIndex({ tenantId: 1, createdAt: -1 });
      await templates.createIndex({ aliasKey: 1 }, { unique: true, sparse: true });
      await templates.createIndex({ name: 1, alias: 1 }, { text: true, within: ['tenantId'] });
      await versions.createIndex({ tenantId: 1, templateId: 1, version: -1 });
      await audited.init();
    },
    /** Throws DuplicateKeyError when the alias is taken. */
    insert: (record: TemplateRecord) =>
      templates.insertOne(record.alias ? { ...record, aliasKey: aliasKeyOf(record.tenantId, record.alias) } : record),
    byId: (tenantId: string, id: string) => audited.findOne(tenantId, { _id: id }),
    byAlias: (tenantId: string, alias: string) => audited.findOne(tenantId, { aliasKey: aliasKeyOf(tenantId, alias) }),
    list: (tenantId: string, q: string | undefined, page: { limit: number; offset: number }) =>
      audited.find(tenantId, matching(q), { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string, q?: string) => audited.count(tenantId, matching(q)),
    /** A `draft` in the change counts a revision. Throws DuplicateKeyError when the new alias is taken; null: no such template. */
    update(tenantId: string, id: string, change: TemplateChange, events: Envelope[], at: Date) {
      const alias = 'alias' in change ? { alias: change.alias } : {};
      const aliasKey = change.alias ? { aliasKey: aliasKeyOf(tenantId, change.alias) } : {};
      return audited.change(
        tenantId,
        { _id: id },
        {
          $set: { ...change, ...alias, ...aliasKey },
          ...(change.alias === null ? { $unset: { aliasKey: '' } } : {}),
          ...(change.draft ? { $inc: { draftRevision: 1 } } : {}),
        },
        events,
        at,
      );
    },
    /** The draft too while it is the revision frozen, else only the number; never moves `publishedVersion` back (null then). */
    async markPublished(tenantId: string, id: string, version: number, draftRevision: number, at: Date, events: Envelope[]) {
      const older = { $or: [{ publishedVersion: null }, { publishedVersion: { $lt: version } }] };
      const asDraft = await audited.change(
        tenantId,
        { _id: id, draftRevision, ...older },
        { $set: { publishedVersion: version, draftPublished: true, updatedAt: at } },
        events,
        at,
      );
      return asDraft ?? audited.change(tenantId, { _id: id, ...older }, { $set: { publishedVersion: version, updatedAt: at } }, events, at);
    },
    /** Versions first: a crash in between leaves a template that sends refuse and a second DELETE removes. */
    async remove(tenantId: string, id: string, events: Envelope[], at: Date) {
      await versions.deleteMany({ tenantId, templateId: id });
      return audited.remove(tenantId, { _id: id }, events, at, { $unset: { aliasKey: '' } });
    },
    dropTombstones: audited.dropTombstones,
    unannounced: (before: Date, limit: number) => audited.unannounced(before, limit),
    announce: audited.announce,
    dropKept: audited.dropKept,
    rearmKept: audited.rearmKept,
    /** False when that version number was taken meanwhile (a racing publish). */
    async insertVersion(record: Omit<TemplateVersionRecord, '_id'>): Promise<boolean> {
      try {
        await versions.insertOne({ _id: versionId(record.templateId, record.version), ...record });
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    version: (tenantId: string, templateId: string, version: number) =>
      tenantVersions.findOne(tenantId, { _id: versionId(templateId, version) }),
    latestVersion: async (tenantId: string, templateId: string) =>
      (await tenantVersions.find(tenantId, { templateId }, { sort: { version: -1 }, limit: 1 }))[0] ?? null,
    versions: (tenantId: string, templateId: string, page: { limit: number; offset: number }) =>
      tenantVersions.find(tenantId, { templateId }, { sort: { version: -1 }, skip: page.offset, limit: page.limit }),
    countVersions: (tenantId: string, templateId: string) => tenantVersions.count(tenantId, { templateId }),
  };
}
export type TemplatesRepo = ReturnType<typeof templatesRepo>;
