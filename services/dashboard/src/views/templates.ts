import type { RenderedTemplate, Template, TemplateList, TemplateVersionList } from '@mailplane/sdk';
import { confirmedActionForm, csrfField, html, pill, table, when } from '../html';
import { templatePreview } from './template-preview';

/** The fields of a template's content, as the list's form and the editor show them. */
function contentFields(content: { subject: string; html: string | null; text: string | null }) {
  return html`<label for="subject">Subject</label>
    <input id="subject" name="subject" required value="${content.subject}" />
    <label for="html">HTML</label>
    <textarea id="html" name="html" rows="14" spellcheck="false">${content.html ?? ''}</textarea>
    <label for="text">Text <small>(leave empty to derive it from the HTML)</small></label>
    <textarea id="text" name="text" rows="6" spellcheck="false">${content.text ?? ''}</textarea>`;
}

export function templatesBody(base: string, list: TemplateList, csrf: string, q: string) {
  return html`<h1>Templates</h1>
    <p>
      Subjects and bodies in Liquid (<code>{{ name }}</code>, <code>{% for item in items %}</code>), rendered with a send's
      <code>variables</code>. Edits are drafts; sends use the published version.
    </p>
    <form method="get" action="${base}/templates" class="filters" role="search">
      <label>Search <input name="q" value="${q}" /></label><button type="submit">Search</button>
    </form>
    ${table(
      [
        { header: 'Name', cell: (t) => html`<a href="${base}/templates/${t.id}">${t.name}</a>` },
        { header: 'Alias', cell: (t) => (t.alias ? html`<code>${t.alias}</code>` : '—') },
        {
          header: 'Published',
          cell: (t) =>
            html`${t.publishedVersion === null ? pill('draft', 'not yet') : pill('published', `version ${t.publishedVersion}`)}${
              t.hasUnpublishedChanges ? ' (draft changed)' : ''
            }`,
        },
        { header: 'Updated', cell: (t) => when(t.updatedAt) },
      ],
      list.data,
      {
        caption: 'Templates',
        captionHidden: true,
        empty: q
          ? html`<p>No template matches “${q}”. <a href="${base}/templates">Show them all</a></p>`
          : html`<p><strong>No template yet.</strong></p>
              <p>Create one below; sends name it by its id or alias.</p>`,
      },
    )}
    <h2>New template</h2>
    <form method="post" action="${base}/templates" class="stack">
      ${csrfField(csrf)}
      <label for="name">Name</label><input id="name" name="name" required />
      <label for="alias">Alias <small>(optional; sends may name it)</small></label
      ><input id="alias" name="alias" placeholder="welcome" />
      ${contentFields({ subject: '', html: '', text: '' })}
      <button type="submit">Create template</button>
    </form>`;
}

/** The editor beside its preview, rendered with the sample variables; publish; the version history. */
export function templateBody(
  base: string,
  t: Template,
  versions: TemplateVersionList,
  preview: RenderedTemplate,
  sample: string,
  csrf: string,
) {
  return html`<p><a href="${base}/templates">← Templates</a></p>
    <h1>${t.name}</h1>
    <p>
      ${t.alias ? html`Alias <code>${t.alias}</code> · ` : ''}${t.publishedVersion === null ? 'Not published yet' : `Sends use version ${t.publishedVersion}`}${
        t.hasUnpublishedChanges ? ' · the draft has unpublished changes' : ''
      }
    </p>
    <div class="editor">
      <section aria-labelledby="draft-heading">
        <h2 id="draft-heading">Draft</h2>
        <form method="post" action="${base}/templates/${t.id}" class="stack">
          ${csrfField(csrf)}<input type="hidden" name="sample" value="${sample}" /> <label for="name">Name</label
          ><input id="name" name="name" required value="${t.name}" /> <label for="alias">Alias</label
          ><input id="alias" name="alias" value="${t.alias ?? ''}" />
          ${contentFields(t.draft)}
          <button type="submit">Save draft</button>
        </form>
        <form method="post" action="${base}/templates/${t.id}/publish" class="inline-form">
          ${csrfField(csrf)}<input type="hidden" name="sample" value="${sample}" /><button
            type="submit"
            ${t.hasUnpublishedChanges ? '' : 'disabled'}
          >
            Publish draft
          </button>
        </form>
      </section>
      ${templatePreview(base, t.id, preview, sample)}
    </div>
    <h2>Version history</h2>
    ${table(
      [
        {
          header: 'Version',
          cell: (v) =>
            html`<a href="${base}/templates/${t.id}/versions/${v.version}">Version ${v.version}</a>${
                v.version === t.publishedVersion ? ' (in use)' : ''
              }`,
        },
        { header: 'Subject', cell: (v) => html`<code>${v.subject}</code>` },
        { header: 'Published', cell: (v) => when(v.publishedAt) },
      ],
      versions.data,
      { empty: 'No version published yet: publish the draft above for sends to use it.' },
    )}
    ${confirmedActionForm({
      action: `${base}/templates/${t.id}/delete`,
      csrf,
      confirm: `Delete ${t.name} and its versions`,
      button: 'Delete template',
    })}`;
}
