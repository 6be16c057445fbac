// Live updates: ask the server whether the game moved past the version this page shows
// (a long poll that the server answers as soon as it changes), then fetch this device's own
// panel. Works with any number of server processes; resumes by itself after sleep or a drop.
(function () {
  "use strict";

  var controller = null;
  var running = false;
  var backoff = 500;

  function panel() { return document.getElementById("game-panel"); }
  function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }
  function setOnline(online) {
    var banner = document.getElementById("offline");
    if (banner) { banner.hidden = online; }
  }

  function refresh() {
    var p = panel();
    if (!p || !window.htmx) { return Promise.resolve(); }
    return htmx.ajax("GET", p.dataset.panelUrl, { target: "#game-panel", swap: "outerHTML" });
  }

  async function loop() {
    if (running) { return; }
    running = true;
    while (panel()) {
      var p = panel();
      controller = new AbortController();
      try {
        var response = await fetch(p.dataset.liveUrl + "?v=" + encodeURIComponent(p.dataset.liveToken), {
          signal: controller.signal, cache: "no-store", credentials: "same-origin",
          headers: { "Accept": "application/json" }
        });
        if (response.status === 200) {
          var data = await response.json();
          if (panel() && data.token !== panel().dataset.liveToken) { await refresh(); }
        } else if (response.status === 404) {
          break;
        } else if (response.status !== 204) {
          throw new Error("live " + response.status);
        }
        backoff = 500;
        setOnline(true);
      } catch (error) {
        if (!controller.signal.aborted) {
          setOnline(false);
          await sleep(backoff);
          backoff = Math.min(backoff * 2, 5000);
        }
      }
    }
    running = false;
  }

  // Back from sleep, a tab switch or a network drop: ask again now, not after a timeout.
  function kick() {
    if (controller) { controller.abort(); }
    if (!running) { loop(); }
  }

  // A seated phone: when its moment comes (your turn, your pick), buzz and say so.
  var lastMoment = null;
  function noticeMoment() {
    var banner = document.querySelector("#game-panel .seat-banner");
    var now = banner ? banner.dataset.myMoment === "1" : false;
    var said = false;
    if (lastMoment === false && now) {
      if (navigator.vibrate) { navigator.vibrate([200, 100, 200]); }
      var announcer = document.getElementById("announcer");
      if (announcer) { announcer.textContent = banner.dataset.cue; said = true; }
    }
    lastMoment = now;
    return said;
  }
  // Everyone: when who acts now changes (the kind's template marks it data-announce), say so politely.
  var lastTurn = null;
  function turnText() {
    return Array.prototype.map.call(document.querySelectorAll("#game-panel [data-announce]"), function (element) {
      return element.textContent.replace(/\s+/g, " ").trim();
    }).filter(Boolean).join(": ");
  }
  function announceTurn(quiet) {
    var text = turnText();
    var region = document.getElementById("turn-announcer");
    if (!quiet && region && lastTurn !== null && text && text !== lastTurn) { region.textContent = text; }
    lastTurn = text;
  }
  // htmx swaps only the panel: the page's palette (Day, Night) follows the panel's.
  function followPalette() {
    var p = panel();
    if (!p || !p.dataset.palette) { return; }
    var root = document.documentElement;
    ["day", "night"].forEach(function (name) { root.classList.toggle(name, name === p.dataset.palette); });
  }
  document.addEventListener("htmx:afterSettle", function () { announceTurn(noticeMoment()); followPalette(); });
  document.addEventListener("DOMContentLoaded", function () { noticeMoment(); announceTurn(true); });

  document.addEventListener("visibilitychange", function () { if (!document.hidden) { kick(); } });
  window.addEventListener("online", kick);
  window.addEventListener("pageshow", function (event) { if (event.persisted) { kick(); } });
  document.addEventListener("DOMContentLoaded", loop);
})();
