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
          el.className = 'pill status tone-' + body.tone;
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

// The overview's chart, drawn from the table that also holds its numbers (for screen readers and without script):
// the table names its chart's element in data-chart, its series (its first columns after the day) in data-series,
// and the days it spans in data-from and data-days; a day missing from the table had nothing.
window.addEventListener('load', function () {
  if (typeof uPlot === 'undefined') return;
  document.querySelectorAll('table[data-chart]').forEach(drawChart);
});
function drawChart(table) {
  var target = document.getElementById(table.getAttribute('data-chart'));
  if (!target) return;
  var names = table.getAttribute('data-series').split(',');
  var byDay = {};
  Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
    byDay[r.cells[0].textContent.trim()] = r;
  });
  var from = Date.parse(table.getAttribute('data-from') + 'T00:00:00Z') / 1000;
  var count = Number(table.getAttribute('data-days'));
  var x = [];
  for (var d = 0; d < count; d++) x.push(from + d * 86400);
  var data = [x];
  names.forEach(function (_, i) {
    data.push(
      x.map(function (t) {
        var row = byDay[new Date(t * 1000).toISOString().slice(0, 10)];
        return row ? Number(row.cells[i + 1].textContent) : 0;
      }),
    );
  });
  var style = getComputedStyle(document.documentElement);
  var token = function (name) {
    return style.getPropertyValue(name).trim();
  };
  var colors = [token('--mp-brand'), token('--mp-bad-fg'), token('--mp-warn-fg')];
  var bars = uPlot.paths && uPlot.paths.bars ? uPlot.paths.bars({ size: [0.6, 24] }) : undefined;
  var series = [{ label: 'Day' }].concat(
    names.map(function (name, i) {
      return i === 0
        ? { label: name, stroke: colors[0], fill: colors[0], width: 1, paths: bars }
        : { label: name, stroke: colors[i % colors.length], width: 2, points: { show: false } };
    }),
  );
  var axis = { stroke: token('--mp-muted'), grid: { stroke: token('--mp-border'), width: 1 }, ticks: { stroke: token('--mp-border') } };
  var width = Math.max(280, Math.min(target.clientWidth - 24 || 800, 1040));
  new uPlot({ width: width, height: 240, series: series, axes: [axis, axis], legend: { live: false } }, data, target);
}
