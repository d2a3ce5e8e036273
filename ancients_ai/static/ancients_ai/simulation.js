// Live progress of a balance run: listen on the run's websocket (group simulation-<id>),
// and poll the progress URL as well whenever the socket is not open. When the run is done
// (or failed) the page reloads once to show the server-rendered charts.
(function () {
  "use strict";
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
  var pollTimer = null;

  function show(progress, how) {
    if (finished || !progress) return;
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
        if (!finished && (!socket || socket.readyState !== WebSocket.OPEN)) {
          pollTimer = window.setTimeout(poll, 2000);
        } else {
          pollTimer = null;
        }
      });
  }

  function connect() {
    if (!("WebSocket" in window)) { poll(); return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    try {
      socket = new WebSocket(scheme + window.location.host + box.dataset.wsPath);
    } catch (e) { poll(); return; }
    socket.onmessage = function (event) {
      try { show(JSON.parse(event.data), "live"); } catch (e) { /* ignore a bad frame */ }
    };
    socket.onclose = function () {
      socket = null;
      if (!finished) {
        if (!pollTimer) poll();
        window.setTimeout(connect, 5000);
      }
    };
  }

  connect();
  // in case the socket never opens (no websocket route, a proxy that drops upgrades)
  window.setTimeout(function () { if (!socket || socket.readyState !== WebSocket.OPEN) { if (!pollTimer) poll(); } }, 1500);
}());
