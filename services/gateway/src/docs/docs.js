// Starts Swagger UI on the contract this gateway serves (a file, not inline, so the page's CSP needs no 'unsafe-inline' script).
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
  });
});
