import { parseSource } from '../src/templates/engine';
import { renderParsed } from '../src/templates/render';

const render = async (html: string, model: Record<string, unknown> = {}) =>
  renderParsed(parseSource({ subject: 'Hi', html, text: null }).parsed, model);

describe('a template sees its variables and nothing else', () => {
  it.each(['include', 'render', 'layout'])('when it uses {%% %s %%} to read another file, then it does not parse', (tag) => {
    const { issues } = parseSource({ subject: 'Hi', html: `<p>\n{% ${tag} "/etc/passwd" %}</p>`, text: null });
    expect(issues).toEqual([{ field: 'html', line: 2, column: 1, message: expect.stringContaining('not available') }]);
  });

  it('when it names a filter that does not exist, then it does not parse', () => {
    expect(parseSource({ subject: '{{ x | system }}', html: null, text: 'x' }).issues[0]).toMatchObject({ field: 'subject', line: 1 });
  });

  it.each(['constructor', 'name.constructor', 'name.__proto__', 'items.constructor.name', 'process', 'global', 'require', 'this'])(
    'when it reaches for %s, then it finds nothing (a missing variable)',
    async (path) => {
      const rendering = await render(`[{{ ${path} }}]`, { name: 'Ada', items: [1] });
      expect(rendering.missing).toHaveLength(1);
      expect(path.startsWith(rendering.missing[0])).toBe(true);
      expect(rendering.html).toBe('[]');
    },
  );

  it('when a value holds HTML, then the HTML escapes it and the subject and text keep it as written', async () => {
    const { parsed } = parseSource({ subject: 'For {{ name }}', html: '<p>{{ name }}</p>', text: 'Dear {{ name }}' });
    const rendering = await renderParsed(parsed, { name: '<script>alert(1)</script> & "Ada"' });
    expect(rendering.html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;Ada&#34;</p>');
    expect(rendering.subject).toBe('For <script>alert(1)</script> & "Ada"');
    expect(rendering.text).toBe('Dear <script>alert(1)</script> & "Ada"');
  });

  it('when it loops without end or doubles a string, then the render is stopped and reported, not run out', async () => {
    const started = Date.now();
    const loop = await render('{% for i in (1..100000000) %}{{ i }}{% endfor %}');
    const doubling = await render('{% assign a = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign a = a | append: a %}{% endfor %}{{ a }}');
    expect(loop.issues).toEqual([expect.objectContaining({ field: 'html' })]);
    expect(doubling.issues).toEqual([expect.objectContaining({ field: 'html' })]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('when variables are missing only in a condition or under default, then they are not required', async () => {
    const rendering = await render(
      '{% if coupon %}Use {{ coupon }}{% endif %} {{ greeting | default: "Hello" }} {{ name }} {{ order.total }}',
      {
        order: {},
      },
    );
    expect(rendering.missing).toEqual(['name', 'order.total']);
    expect(rendering.html).toBe(' Hello  ');
  });
});
