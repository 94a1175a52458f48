// Live statuses: rows of messages not yet final ask the dashboard for their status every 2 s.
(function () {
  var base = document
    .querySelector('link[href$="/assets/dashboard.css"]')
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

// The overview's charts, each drawn from the table that also holds its numbers (for screen readers and without
// script): a table names its chart's element in data-chart and its series, in column order, in data-series.
window.addEventListener('load', function () {
  if (typeof uPlot === 'undefined') return;
  document.querySelectorAll('table[data-chart]').forEach(drawChart);
});
function drawChart(table) {
  var target = document.getElementById(table.getAttribute('data-chart'));
  if (!target) return;
  var names = table.getAttribute('data-series').split(',');
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var data = [
    rows.map(function (r) {
      return Date.parse(r.cells[0].textContent + 'T00:00:00Z') / 1000;
    }),
  ];
  names.forEach(function (_, i) {
    data.push(
      rows.map(function (r) {
        return Number(r.cells[i + 1].textContent);
      }),
    );
  });
  var colors = ['#0969da', '#1a7f37', '#9a6700', '#cf222e', '#8250df', '#57606a', '#bf3989', '#0a7d8c'];
  var series = [{}].concat(
    names.map(function (name, i) {
      return { label: name, stroke: colors[i % colors.length], width: 2 };
    }),
  );
  new uPlot({ width: Math.min(target.clientWidth || 800, 1000), height: 260, series: series, axes: [{}, {}] }, data, target);
}
