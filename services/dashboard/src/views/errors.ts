import { html } from '../html';
import { layout, problemBox, type Chrome } from './layout';

export const notFoundPage = (base: string, chrome: Omit<Chrome, 'title'>) =>
  layout(
    base,
    { ...chrome, title: 'Not found' },
    html`<h1>Not found</h1>
      <p>There is nothing here for your tenant.</p>
      <p><a href="${base}/emails">Back to emails</a></p>`,
  );

export const problemPage = (base: string, chrome: Omit<Chrome, 'title'>, problem: { title: string; detail?: string }) =>
  layout(
    base,
    { ...chrome, title: problem.title },
    html`<h1>Something went wrong</h1>
      ${problemBox(problem)}`,
  );
