// Live progress of a balance run: listen on the run's websocket (group simulation-<id>),
// and poll the progress URL as well: every 2 s while the socket is not open, every 8 s as a
// safety net while it is (a lost broadcast must not leave the bar stuck). When the run is
// done (or failed) the page reloads once to show the server-rendered charts.
(function () {
  "use strict";
  // The compare choice shows its run at once (a listener, not an inline handler: the
  // site's Content-Security-Policy refuses those).
  document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });
  var box = document.getElementById("balance-progress");
  if (!box) return;
  var status = box.dataset.status;
  if (status === "done" || status === "failed") return;

  var fill = box.querySelector(".fill");
  var bar = box.querySelector(".track");
  var done = box.querySelector(".done");
  var statusText = box.querySelector(".status");
  var via = box.querySelector(".via");
  var finished = false;
  var socket = null;
  var shown = -1;

  function show(progress, how) {
    if (finished || !progress) return;
    // a poll answered late can be older than a broadcast already shown: never go back
    if (progress.games_done < shown) return;
    shown = progress.games_done;
    var total = progress.games || 1;
    fill.style.width = Math.round(100 * progress.games_done / total) + "%";
    bar.setAttribute("aria-valuenow", String(progress.games_done));
    done.textContent = String(progress.games_done);
    statusText.textContent = progress.status;
    via.textContent = how ? "(" + how + ")" : "";
    if (progress.status === "done" || progress.status === "failed") {
      finished = true;
      window.setTimeout(function () { window.location.reload(); }, 300);
    }
  }

  function poll() {
    if (finished) return;
    fetch(box.dataset.progressUrl, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (p) { show(p, "polling"); })
      .catch(function () {})
      .then(function () {
        if (finished) return;
        var open = socket && socket.readyState === WebSocket.OPEN;
        window.setTimeout(poll, open ? 8000 : 2000);
      });
  }

  function connect() {
    if (!("WebSocket" in window)) return;  // polling alone
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    try {
      socket = new WebSocket(scheme + window.location.host + box.dataset.wsPath);
    } catch (e) { return; }
    socket.onmessage = function (event) {
      try { show(JSON.parse(event.data), "live"); } catch (e) { /* ignore a bad frame */ }
    };
    socket.onclose = function () {
      socket = null;
      if (!finished) window.setTimeout(connect, 5000);
    };
  }

  connect();
  // the first poll waits a little, so a socket that opens at once reports first
  window.setTimeout(poll, 1500);
}());
