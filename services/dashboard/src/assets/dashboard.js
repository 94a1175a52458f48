// Live statuses: rows of messages not yet final ask the dashboard for their status every 2 s.
(function () {
  var base = document
    .querySelector('link[rel=stylesheet]')
    .getAttribute('href')
    .replace(/\/assets\/dashboard\.css$/, '');
  function refresh() {
    var live = document.querySelectorAll('[data-status-of]:not([data-status-of=""])');
    live.forEach(function (el) {
      var id = el.getAttribute('data-status-of');
      fetch(base + '/emails/' + encodeURIComponent(id) + '/status', { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (body) {
          if (!body || body.status === el.textContent) return;
          el.textContent = body.status;
          el.className = 'status status-' + body.status;
          if (body.final) el.setAttribute('data-status-of', '');
        })
        .catch(function () {});
    });
  }
  setInterval(refresh, 2000);
})();

// Copy buttons: the text of the element a button names goes to the clipboard.
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent).then(function () {
    button.textContent = 'Copied';
    setTimeout(function () {
      button.textContent = 'Copy';
    }, 1500);
  });
});
