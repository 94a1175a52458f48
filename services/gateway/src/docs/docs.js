// Starts Swagger UI on the contract this gateway serves (a file, not inline, so the page's CSP needs no 'unsafe-inline' script).

// Shows each operation's `x-codeSamples` (curl and the Node SDK) in place of Swagger UI's table of vendor extensions,
// which is the one place it hands an operation's extensions to a component (docs/decisions/api-reference-page.md).
function CodeSamples(system) {
  var h = system.React.createElement;
  function Samples(props) {
    var samples = props.extensions && props.extensions.get('x-codeSamples');
    if (!samples || !samples.size) return null;
    return h(
      'div',
      { className: 'opblock-section code-samples' },
      h('div', { className: 'opblock-section-header' }, h('h4', { className: 'opblock-title' }, 'Code samples')),
      samples.toArray().map(function (sample, i) {
        return h(
          'figure',
          { key: i, className: 'code-sample' },
          h('figcaption', null, sample.get('label') || sample.get('lang')),
          h('pre', { className: 'code-sample-source' }, h('code', null, sample.get('source'))),
        );
      }),
    );
  }
  return {
    wrapComponents: {
      OperationExt: function () {
        return Samples;
      },
    },
  };
}

window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#docs',
    deepLinking: true,
    // The default validator badge calls an outside service; nothing here leaves this instance.
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    tryItOutEnabled: false,
    // Hands each operation's extensions to OperationExt, which CodeSamples replaces.
    showExtensions: true,
    plugins: [CodeSamples],
  });
});
