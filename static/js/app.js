// Live updates: ask the server whether the game moved past the version this page shows
// (a long poll that the server answers as soon as it changes), then fetch this device's own
// panel. Works with any number of server processes; resumes by itself after sleep or a drop.
(function () {
  "use strict";

  var controller = null;
  var running = false;
  var backoff = 500;
  var wake = null;      // resolves the current back-off pause early (kick)
  var held = false;     // a live refresh waits while someone types in the panel

  function panel() { return document.getElementById("game-panel"); }
  function sleep(ms) {
    return new Promise(function (done) { wake = done; setTimeout(done, ms); });
  }
  function setOnline(online) {
    var banner = document.getElementById("offline");
    if (banner) { banner.hidden = online; }
  }
  function flash(text) {
    var box = document.getElementById("flash");
    if (box) { box.textContent = text || ""; }
  }

  // Someone is typing or choosing in the panel: swapping it now would throw their input away.
  function editing() {
    var active = document.activeElement;
    var p = panel();
    return !!(p && active && p.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) &&
              active.type !== "hidden" && active.type !== "submit");
  }

  function refresh() {
    var p = panel();
    if (!p || !window.htmx) { return Promise.resolve(); }
    if (editing()) {
      held = true;
      flash(p.dataset.heldText);
      return Promise.resolve();
    }
    held = false;
    return htmx.ajax("GET", p.dataset.panelUrl, { target: "#game-panel", swap: "outerHTML" });
  }
  document.addEventListener("focusout", function () {
    setTimeout(function () { if (held && !editing()) { refresh(); } }, 0);
  });

  async function loop() {
    if (running) { return; }
    running = true;
    while (panel()) {
      var p = panel();
      var reached = false;  // the server answered: whatever follows, the network is not what failed
      controller = new AbortController();
      try {
        if (held) { await sleep(1000); continue; }
        var response = await fetch(p.dataset.liveUrl + "?v=" + encodeURIComponent(p.dataset.liveToken), {
          signal: controller.signal, cache: "no-store", credentials: "same-origin",
          headers: { "Accept": "application/json" }
        });
        reached = true;
        setOnline(true);
        if (response.status === 200) {
          var data = await response.json();
          if (panel() && data.token !== panel().dataset.liveToken) {
            await refresh();
            if (!held && panel() && panel().dataset.liveToken !== data.token) { throw new Error("refresh failed"); }
          }
        } else if (response.status === 404) {
          flash(p.dataset.goneText);  // deleted on another device: say so instead of freezing
          break;
        } else if (response.status !== 204) {
          throw new Error("live " + response.status);
        }
        backoff = 500;
      } catch (error) {
        if (!controller.signal.aborted) {
          if (!reached) { setOnline(false); }
          await sleep(backoff);
          backoff = Math.min(backoff * 2, 3000);
        }
      }
    }
    running = false;
  }

  // Back from sleep, a tab switch or a network drop: ask again now, not after a timeout.
  function kick() {
    backoff = 500;  // the network is back or the page is seen again: no reason to wait long
    if (controller) { controller.abort(); }
    if (wake) { wake(); }
    if (!running) { loop(); }
  }

  // Open sections (<details>) stay open across a swap, and a fresh panel clears an old message.
  var openSections = [];
  var askedBefore = false;
  function sectionKey(details) {
    var summary = details.querySelector("summary");
    return details.id || (summary ? summary.textContent.replace(/\s+/g, " ").trim() : "");
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var p = panel();
    if (!p || event.detail.target !== p) { return; }
    openSections = Array.prototype.map.call(p.querySelectorAll("details[open]"), sectionKey);
    askedBefore = !!p.querySelector("[data-asks]");
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var p = panel();
    if (!p || !event.detail.target || event.detail.target.id !== "game-panel") { return; }
    if (!held) { flash(""); }
    p.querySelectorAll("details").forEach(function (details) {
      if (openSections.indexOf(sectionKey(details)) !== -1) { details.open = true; }
    });
    // This device's tap raised a question that holds the game (a surge): bring it into view, wherever
    // the page was scrolled, and move focus to it so keyboards and screen readers land there too.
    var ask = p.querySelector("[data-asks]");
    if (ask && !askedBefore && event.detail.requestConfig && event.detail.requestConfig.verb === "post") {
      ask.scrollIntoView({ block: "start" });
      ask.focus({ preventScroll: true });
    }
  });

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

  // Times come in UTC from the server; the table reads them in its own time zone.
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("time.local-time").forEach(function (element) {
      var when = new Date(element.getAttribute("datetime"));
      if (!isNaN(when)) { element.textContent = when.toLocaleTimeString(); }
    });
  });
})();
