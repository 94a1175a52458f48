import type { RenderedTemplate, TemplateVersion } from '@mailplane/sdk';
import { html, when } from '../html';

const list = (names: string[]) => (names.length ? names.map((n, i) => html`${i ? ', ' : ''}<code>${n}</code>`) : 'none');

/** What a version renders to with the sample variables: subject, HTML in a sandboxed frame, text, and what is wrong. */
export function templatePreview(base: string, id: string, r: RenderedTemplate, sample: string, version?: number) {
  return html`<section aria-labelledby="preview-heading" class="preview">
    <h2 id="preview-heading">Preview${version ? ` of version ${version}` : ''}</h2>
    <form method="get" action="${base}/templates/${id}${version ? `/versions/${version}` : ''}" class="stack">
      <label for="sample">Sample variables (JSON)</label>
      <textarea id="sample" name="sample" rows="5" spellcheck="false">${sample}</textarea>
      <button type="submit">Preview</button>
    </form>
    <p class="${r.valid ? 'valid' : 'invalid'}" id="preview-verdict">
      ${r.valid ? 'A send with these variables would be accepted.' : 'A send with these variables would be refused.'}
    </p>
    <dl class="facts">
      <dt>Variables</dt>
      <dd>${list(r.variables)}</dd>
      <dt>Missing</dt>
      <dd id="missing-variables">${list(r.missingVariables)}</dd>
      <dt>Unused</dt>
      <dd>${list(r.unusedVariables)}</dd>
    </dl>
    ${r.errors.map((e) => html`<div class="problem" role="alert">${e.field}${e.line ? ` line ${e.line}, column ${e.column}` : ''}: ${e.message}</div>`)}
    <h3>Subject</h3>
    <p id="preview-subject">${r.subject ?? '—'}</p>
    ${r.html === null ? '' : html`<iframe title="HTML preview" class="body-html" sandbox="" referrerpolicy="no-referrer" srcdoc="${r.html}"></iframe>`}
    <h3>Text</h3>
    <pre class="body-text">${r.text ?? '—'}</pre>
  </section>`;
}

/** A published version: its source, read-only, beside its preview. */
export function versionBody(base: string, name: string, v: TemplateVersion, preview: RenderedTemplate, sample: string) {
  return html`<p><a href="${base}/templates/${v.templateId}">← ${name}</a></p>
    <h1>${name}, version ${v.version}</h1>
    <p>Published ${when(v.publishedAt)}. A published version never changes; a send may name it with <code>templateVersion</code>.</p>
    <div class="editor">
      <section aria-labelledby="source-heading">
        <h2 id="source-heading">Source</h2>
        <h3>Subject</h3>
        <pre class="body-text">${v.subject}</pre>
        <h3>HTML</h3>
        <pre class="body-text">${v.html ?? '—'}</pre>
        <h3>Text</h3>
        <pre class="body-text">${v.text ?? '—'}</pre>
      </section>
      ${templatePreview(base, v.templateId, preview, sample, v.version)}
    </div>`;
}
