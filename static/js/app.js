// Live updates: one stream per page (server-sent events, read by the browser's EventSource) says the
// moment the game moves past the version this page shows; the page then fetches its own panel, or a game page's
// stream brings that panel itself (event "panel"), swapped in as a fetched one would be. While nothing
// happens the server sends a heartbeat (event "beat") every ~1.5 s: a silence of SILENCE_MS (the server's
// LIVE_SILENCE_SECONDS, on the body) means the server is out of reach (a dropped Wi-Fi never says so
// itself), and the page says "Offline" at once. Works with any number of server processes; resumes by
// itself after sleep or a drop.
(function () {
  "use strict";

  var SILENCE_MS = +document.body.dataset.liveSilenceMs || 2800;  // 2.8 s, should a page not say
  var OFFLINE_RETRY_MS = 15000;
  var controller = null;
  var running = false;
  var backoff = 250;
  var wake = null;      // resolves the current back-off pause early (kick)
  var held = false;     // a live refresh waits while someone types in the panel
  var online = true;

  function panel() { return document.getElementById("game-panel"); }
  function sleep(ms) {
    return new Promise(function (done) { wake = done; setTimeout(done, ms); });
  }
  function setOnline(value) {
    // Back in reach: a "Not sent" still showing says it is over, and that the tap is still not made.
    if (value && !online && flashed() === document.body.dataset.notSentText) {
      flash(document.body.dataset.backOnlineText);
    }
    online = value;
    var banner = document.getElementById("offline");
    if (banner) { banner.hidden = value; }
  }
  function flashed() {
    var box = document.getElementById("flash");
    return box ? box.textContent : "";
  }
  function flash(text) {
    var box = document.getElementById("flash");
    if (box) { box.textContent = text || ""; }
  }
  // A tap this page could not make ("Not sent", no answer, back online with it still unmade): said until this
  // device taps again, whatever live updates come meanwhile (one that caught up after the network came back took
  // the message with the old panel, and the tap was dropped without a word).
  function unmadeTapSaid() {
    var said = flashed(), texts = document.body.dataset;
    return !!said && [texts.notSentText, texts.noAnswerText, texts.backOnlineText].indexOf(said) !== -1;
  }

  // Someone is typing or choosing in the panel: swapping it now would throw their input away.
  function editing() {
    var active = document.activeElement;
    var p = panel();
    return !!(p && active && p.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) &&
              active.type !== "hidden" && active.type !== "submit");
  }

  // This page's own taps in flight: their answer brings the new panel, and the live refresh waits for
  // it (refreshing first would swap the panel under the tap's answer and lose what it asked to show).
  var inFlight = 0;
  var settledWaiters = [];
  function settled() {
    return inFlight === 0 ? Promise.resolve() : new Promise(function (done) { settledWaiters.push(done); });
  }
  document.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr) { return; }
    inFlight += 1;
    var config = event.detail.requestConfig || {};
    var tap = isTap(config.verb, config.target);
    if (tap) { tapsOut += 1; tapForms.add(config.elt); }
    // The tapped button says at once that its tap is on its way (aria-busy: its look in app.css, the same
    // size and place); the answer's panel replaces it, and a tap that got no answer clears it below.
    var busy = tapped(event.detail);
    if (busy) { busy.setAttribute("aria-busy", "true"); }
    // loadend follows load, error, abort and timeout alike, after htmx has swapped the answer in.
    xhr.addEventListener("loadend", function () {
      if (busy) { busy.removeAttribute("aria-busy"); }
      if (tap) {
        tapForms.delete(config.elt);  // a tap that got no answer may be tapped again
        if (echoed) { echoed.removeAttribute("aria-busy"); echoed = null; }
        tapsOut -= 1;
        sendNextTap(xhr.status === 200);  // before the count drops: a live update waits for it too
      }
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0) { settledWaiters.splice(0).forEach(function (done) { setTimeout(done, 0); }); }
    });
  });

  // A device's taps go one after another. A tap made while another of this page's taps is on its way (a
  // mouse's "Finish Search", then "Next" before the answer came) waits for that answer, then goes with the
  // version the answer brought, the panel it swapped in: the player meant both, in that order (sent at
  // once with the version both were tapped on, the second was taken for the first arriving twice). htmx's
  // own queue (hx-sync) cannot carry it: it sends a queued request from its form, which the answer before
  // it has swapped out of the page, and htmx drops a request of an element no longer in the page. So the
  // tap's fields are read now and sent later from the panel. A tap whose predecessor was not made (refused,
  // or no answer) is not sent: the player meant it after that one, and the page says why that one was not.
  // The same form again while its tap is on its way or waiting (N pressed twice) is that tap again: it counts once.
  var tapsOut = 0;       // this page's taps sent and not yet answered
  var waitingTaps = [];  // taps made meanwhile, in order: { path, values, button, form }
  var tapForms = new WeakSet();  // the forms of the taps on their way or waiting
  var resending = false;
  var echoed = null;     // the control marked for a waiting tap once it went (sameControl)
  function isTap(verb, target) {
    return !!verb && verb !== "get" && !!target && target.id === "game-panel";
  }
  function fieldsOf(form, submitter) {
    try {
      return new FormData(form, submitter || undefined);
    } catch (error) {  // a browser without FormData's submitter: the button's own name and value added
      var values = new FormData(form);
      if (submitter && submitter.name) { values.append(submitter.name, submitter.value); }
      return values;
    }
  }
  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail;
    if (resending || !isTap(detail.verb, detail.target) || (tapsOut === 0 && !waitingTaps.length)) { return; }
    var form = detail.elt.tagName === "FORM" ? detail.elt : detail.elt.closest("form");
    if (!form) { return; }
    event.preventDefault();
    if (tapForms.has(form)) { return; }
    tapForms.add(form);
    var submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    var button = submitter || form.querySelector("[type=submit]");
    if (button) { button.setAttribute("aria-busy", "true"); }
    waitingTaps.push({ path: detail.path, values: fieldsOf(form, submitter), button: button, form: form });
  });
  // The same control in the panel now (the same form fields but the version): it shows the tap is on its way.
  function sameControl(values) {
    var p = panel();
    var found = null;
    if (!p) { return null; }
    Array.prototype.some.call(p.querySelectorAll("form"), function (form) {
      var hidden = form.querySelectorAll("input[type=hidden]");
      var same = hidden.length > 0 && Array.prototype.every.call(hidden, function (input) {
        return input.name === "version" || input.name === "csrf_token" ||
          values.getAll(input.name).indexOf(input.value) !== -1;
      });
      if (same) { found = form.querySelector("[type=submit]"); }
      return same;
    });
    return found;
  }
  function sendNextTap(answered) {
    var next = waitingTaps.shift();
    if (!next) { return; }
    var p = panel();
    if (!answered || !p) {
      [next].concat(waitingTaps.splice(0)).forEach(function (tap) {
        if (tap.button) { tap.button.removeAttribute("aria-busy"); }
        tapForms.delete(tap.form);
      });
      return;
    }
    tapForms.delete(next.form);  // it goes from the panel now
    if (next.values.has("version")) { next.values.set("version", p.dataset.version); }
    var sentBefore = tapsOut;
    resending = true;
    try {
      // From the panel: while it is on its way, the panel's buttons take no tap (app.css .htmx-request).
      var sent = htmx.ajax("POST", next.path,
                           { source: p, target: "#game-panel", swap: "outerHTML", values: next.values });
      if (sent && sent.catch) { sent.catch(function () {}); }  // no answer: htmx:sendError says so (below)
    } finally {
      resending = false;
    }
    if (tapsOut === sentBefore) { sendNextTap(false); return; }  // not sent (offline): nor are those after it
    echoed = sameControl(next.values);
    if (echoed) { echoed.setAttribute("aria-busy", "true"); }
  }
  // The button a change was sent by: the form's submitter (one form may have several, a die's faces).
  function tapped(detail) {
    var config = detail.requestConfig || {};
    if (config.verb === "get") { return null; }
    var trigger = config.triggeringEvent;
    var button = (trigger && trigger.submitter) || detail.elt;
    return button && button.tagName === "BUTTON" ? button : null;
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

  // Live tokens ("7.2": version, seating) only grow.
  function newer(token, than) {
    var a = token.split("."), b = than.split(".");
    var av = +a[0], bv = +b[0], as = +(a[1] || 0), bs = +(b[1] || 0);
    return av > bv || (av === bv && as > bs);
  }

  // A panel the stream brought: through the same events as a fetched one (htmx fires beforeSwap only
  // around its own requests), so open sections, the moment, announcements and sound follow it alike.
  function swapIn(html) {
    var p = panel();
    if (editing()) {
      held = true;
      flash(p.dataset.heldText);
      return;
    }
    held = false;
    var detail = { elt: p, target: p, requestConfig: { verb: "get", path: p.dataset.panelUrl },
                   serverResponse: html, shouldSwap: true, isError: false, live: true };
    if (!htmx.trigger(p, "htmx:beforeSwap", detail) || !detail.shouldSwap) { return; }
    p.classList.add(htmx.config.swappingClass);
    htmx.swap(p, detail.serverResponse,
              { swapStyle: "outerHTML", swapDelay: 0, settleDelay: htmx.config.defaultSettleDelay },
              { eventInfo: detail, contextElement: p });
  }
  document.addEventListener("focusout", function () {
    setTimeout(function () { if (held && !editing()) { refresh(); } }, 0);
  });

  // One stream, read by the browser's EventSource, until it ends: "gone" (the game was deleted), "ended"
  // (its lifetime over, or a stream that knows this device as it is now is wanted). Rejects when it
  // failed. The loop opens the next one itself, with the token the page shows then: EventSource's own
  // reconnection would ask again with the token of its start.
  function follow(p, signal, alive) {
    var url = p.dataset.liveUrl + "?v=" + encodeURIComponent(p.dataset.liveToken) +
      (p.dataset.deviceView ? "&panel=1" : "");
    return new Promise(function (resolve, reject) {
      var source = new EventSource(url);
      var opened = false;
      var done = false;
      var handled = Promise.resolve();  // one event after another: each may wait for a tap or a fetch
      function end(error, outcome) {
        if (done) { return; }
        done = true;
        source.close();
        if (error) { reject(error); } else { resolve(outcome); }
      }
      signal.addEventListener("abort", function () { end(new Error("live aborted")); });
      source.addEventListener("open", function () { opened = true; alive(); });
      source.addEventListener("beat", alive);
      ["moved", "panel", "gone"].forEach(function (type) {
        source.addEventListener(type, function (event) {
          alive();
          handled = handled.then(function () { return done ? null : hear(type, event.data); })
            .then(function (outcome) { if (outcome) { end(null, outcome); } }, end);
        });
      });
      source.addEventListener("error", function () {
        source.close();
        if (opened) {  // the server ended it (or the network dropped it): the next one, once these are heard
          handled.then(function () { end(null, "ended"); });
        } else if (source.readyState === EventSource.CLOSED) {
          // Answered, but no stream: gone (404) or busy (429)? EventSource does not say; the long poll does.
          fetch(url + "&wait=0", { signal: signal, cache: "no-store" }).then(function (answer) {
            alive();
            if (answer.status === 404) { end(null, "gone"); } else { end(new Error("live " + answer.status)); }
          }, end);
        } else {
          end(new Error("live unreachable"));  // no answer at all (EventSource was to try again)
        }
      });
    });
  }

  // What a stream's event asks of the page: nothing (undefined), or to end the stream ("gone", "ended").
  async function hear(type, data) {
    if (type === "gone") { return "gone"; }
    await settled();
    if (type === "panel" && panel() && window.htmx) {
      var news = JSON.parse(data);
      if (!newer(news.token, panel().dataset.liveToken)) { return; }  // this page shows it, or later
      if (news.view !== panel().dataset.deviceView) {
        // Drawn from the stream's older cookies (this device changed its own since): fetch it, and
        // open a stream that knows the device as it is now.
        await refresh();
        return "ended";
      }
      swapIn(news.html);  // the same HTML for every device of this view: the CSRF token goes as a header
      if (!held && panel() && panel().dataset.liveToken !== news.token) { throw new Error("swap failed"); }
    }
    // A stream may hear of a change only after the game moved past it (the panel of that change was no longer
    // to be drawn): the page that shows a later one keeps it, and what its last answer said (a refusal).
    if (type === "moved" && panel() && newer(data, panel().dataset.liveToken)) {
      await refresh();
      if (!held && panel() && newer(data, panel().dataset.liveToken)) { throw new Error("refresh failed"); }
    }
  }

  async function loop() {
    if (running) { return; }
    running = true;
    while (panel()) {
      var p = panel();
      var reached = false;  // the server answered: whatever follows, the network is not what failed
      var silent = false;
      var watchdog = null;
      controller = new AbortController();
      var mine = controller;
      var alive = function () {
        reached = true;
        setOnline(true);
        backoff = 250;
        clearTimeout(watchdog);
        watchdog = setTimeout(function () { silent = true; mine.abort(); }, SILENCE_MS);
      };
      watchdog = setTimeout(function () { silent = true; mine.abort(); }, SILENCE_MS);
      try {
        if (await follow(p, mine.signal, alive) === "gone") {
          flash(p.dataset.goneText);  // deleted on another device: say so instead of freezing
          break;
        }
      } catch (error) {
        if (silent || !reached) { setOnline(false); }
        if (silent || !mine.signal.aborted) {
          // A device that knows it has no network waits for it ("online" kicks the loop), not a try a second.
          await sleep(navigator.onLine === false ? OFFLINE_RETRY_MS : backoff);
          backoff = Math.min(backoff * 2, 1000);
        }
      } finally {
        clearTimeout(watchdog);
      }
    }
    running = false;
  }

  // A tap that could not reach the server is never dropped without a word: it was not done.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!online && change(event)) {
      event.preventDefault();
      flash(document.body.dataset.notSentText);
    }
  });
  // Only a change asked for is "not sent": the page's own asking in the background (the devices list, a live
  // refresh, a folded section's body) failing says no more than the Offline banner does.
  function change(event) {
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    return !!verb && verb !== "get";
  }
  document.addEventListener("htmx:sendError", function (event) {
    setOnline(false);
    if (change(event)) { flash(document.body.dataset.notSentText); }
    kick();
  });
  document.addEventListener("htmx:timeout", function (event) {
    if (change(event)) { flash(document.body.dataset.noAnswerText); }
    kick();
  });

  // Back from sleep, a tab switch or a network drop: ask again now, not after a timeout.
  function kick() {
    backoff = 250;  // the network is back or the page is seen again: no reason to wait long
    if (controller) { controller.abort(); }
    if (wake) { wake(); }
    if (!running) { loop(); }
  }

  // Open sections (<details>) stay open across a swap, and a fresh panel clears an old message.
  var openSections = [];
  var fingerAt = null;      // this device's tapped control before its answer: { signature, top }
  var momentBefore = "";    // whose moment the panel said before the answer (its first announced line)
  function momentText(p) {
    var line = p.querySelector("[data-announce]");
    return line ? line.textContent : "";
  }
  var refusalShown = false;  // this swap brought this device's refusal into view (noticeMoment leaves it be)
  var keptInPlace = false;  // the answer left the tapped control where it was (noticeMoment leaves it be)
  var askedBefore = false;
  var versionBefore = 0;
  function ownFold(p, details) {
    return !p.dataset.seat || details.dataset.seat === p.dataset.seat;
  }
  // A section by its id or its summary's words. Another seat's own part (.seat-fold) by that seat: its summary,
  // "Act for Anna…", is her moment's too. The moment's "Act for …" (.act-for) only within that moment (`moment`,
  // its announced lines): kept open while this phone acts for Anna through her turn, a deliberate step again on
  // her next one.
  function sectionKey(details, moment) {
    var summary = details.querySelector("summary");
    var key = details.id || (summary ? summary.textContent.replace(/\s+/g, " ").trim() : "");
    if (details.classList.contains("seat-fold")) { return "seat " + details.dataset.seat + " " + key; }
    if (details.classList.contains("act-for")) { return "moment " + moment + " " + key; }
    return key;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var p = panel();
    if (!p || event.detail.target !== p) { return; }
    // A fold app.js opened (this device not another seat's phone) is no section the player opened: were
    // it kept, a device taking another seat would find that seat's moment open, one tap.
    // A seat's own fold (.seat-fold), which app.js opens, is not kept either.
    var opened = p.hasAttribute("data-act-for") ? "details[open]" : "details[open]:not(.act-for)";
    var moment = turnText();
    openSections = Array.prototype.filter.call(p.querySelectorAll(opened), function (details) {
      return !(details.classList.contains("seat-fold") && ownFold(p, details));
    }).map(function (details) { return sectionKey(details, moment); });
    momentInView = inView(p.querySelector(".seat-banner"));
    momentBefore = momentText(p);
    askedBefore = !!p.querySelector("[data-asks]");
    versionBefore = +p.dataset.version;
    // This device's tap: where its button was on the screen (a tap sent after its predecessor's answer goes
    // from the panel: its button is the one marked for it).
    var button = event.detail.requestConfig && event.detail.requestConfig.verb === "post" &&
      (tapped(event.detail) || echoed);
    // Only a change to the game (an action's form): a seat taken, say, leaves no control to keep under the finger.
    var acting = button && button.form && button.form.querySelector("input[name=action]");
    fingerAt = acting && p.contains(button) ? { signature: controlSignature(button),
                                                top: button.getBoundingClientRect().top } : null;
  });
  // What a control does, not which node it is: focus.js's signature (page.js runs it before any tap).
  function controlSignature(element) { return window.tcControlSignature(element); }
  // The tapped control in the new panel, drawn and shown (not in a folded section), or null: the tap's moment is over.
  function sameTapped(p, signature) {
    return Array.prototype.filter.call(p.querySelectorAll("button"), function (element) {
      return element.getClientRects().length > 0 && controlSignature(element) === signature;
    })[0] || null;
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var p = panel();
    if (!p || !event.detail.target || event.detail.target.id !== "game-panel") { return; }
    var ownTap = event.detail.requestConfig && event.detail.requestConfig.verb === "post";
    if (!held && (ownTap || !unmadeTapSaid())) { flash(""); }
    var moment = turnText();
    p.querySelectorAll("details").forEach(function (details) {
      if (openSections.indexOf(sectionKey(details, moment)) !== -1) { details.open = true; }
    });
    // The panel is drawn once for every device, with a seat's moment folded behind "Act for …"; on this
    // device that is not another seat's phone (its own seat, or none): one tap, before it is painted.
    if (!p.hasAttribute("data-act-for")) {
      p.querySelectorAll("details.act-for").forEach(function (details) { details.open = true; });
    }
    // A seat's own part (its score sheet) is open on its phone and on a device with no seat; another
    // seat's stays behind its "Act for …" unless this phone opened it.
    p.querySelectorAll("details.seat-fold").forEach(function (details) {
      if (ownFold(p, details)) { details.open = true; }
    });
    // This device's tap raised a question that holds the game (a surge): bring it into view, wherever
    // the page was scrolled, and move focus to it so keyboards and screen readers land there too.
    var ask = p.querySelector("[data-asks]");
    if (ask && !askedBefore && ownTap) {
      ask.scrollIntoView({ block: "start" });
      ask.focus({ preventScroll: true });
    }
    // This device's tap was refused, or the dice it entered do not stand: the message is what to read
    // now, wherever the form that sent it left the page scrolled.
    // Every line of it, below the chrome (the page's scroll-padding-top keeps it clear of the chrome).
    var refused = p.querySelector(".notice.error");
    if (refused && ownTap && !wholly(refused)) { refused.scrollIntoView({ block: "start" }); }
    // The same answer may make it this phone's moment (the refused tap was for the seat whose pick came
    // before): the refusal stays where it was brought, its moment below it (noticeMoment does not scroll).
    refusalShown = !!(refused && ownTap);
    if (!ownTap || ask || refused) { return; }
    // This device's tap applied: its last-change line says so, and the next moment starts on the screen.
    // The page was scrolled down to the tap (a long form, the foot of the list): when the moment's head
    // (the seat's banner, or the panel's top) went above the screen, it comes back to the top of the
    // screen, so the next moment's first control is in view; otherwise the page stays where it is.
    var line = p.querySelector(".last-event");
    if (line && +p.dataset.version > versionBefore) { line.classList.add("applied"); }
    // The tapped control is still there (a cheese tap, a wound, Next with more to do): it stays where the finger
    // is, whatever the answer drew above it; the page never jumps away from it.
    // Only within the same moment: a tap that moved the game to another moment starts that moment on the screen.
    var again = fingerAt && momentText(p) === momentBefore && sameTapped(p, fingerAt.signature);
    if (again) {
      window.scrollBy(0, again.getBoundingClientRect().top - fingerAt.top);
      keptInPlace = true;
      return;
    }
    var head = p.querySelector(".seat-banner") || p;
    if (head.getBoundingClientRect().top < viewTop()) { head.scrollIntoView({ block: "start" }); }
  });

  // A seated phone: when its moment comes (your turn, your pick), buzz and say so.
  var lastMoment = null, lastCue = null;
  var momentInView = false; // the phone was looking at its moment when the live update came
  // The top of what the page shows: below the chrome, which stays at the top (sticky) over the page.
  function viewTop() {
    var chrome = document.getElementById("chrome");
    return chrome ? Math.max(0, chrome.getBoundingClientRect().bottom) : 0;
  }
  function inView(element) {
    if (!element) { return false; }
    var box = element.getBoundingClientRect();
    return box.bottom > viewTop() && box.top < window.innerHeight;
  }
  function wholly(element) {
    var box = element.getBoundingClientRect();
    return box.top >= viewTop() && box.bottom <= window.innerHeight;
  }
  function noticeMoment() {
    var banner = document.querySelector("#game-panel .seat-banner");
    var now = banner ? banner.dataset.myMoment === "1" : false;
    var cue = banner ? banner.dataset.cue : null;
    var said = false;
    var kept = keptInPlace;
    keptInPlace = false;
    var refusal = refusalShown;  // read first, whatever the tap said: the refusal is what to see
    refusalShown = false;
    if (lastMoment && now && momentInView && cue === lastCue && !kept && !refusal) {
      // Still its moment and it was being looked at: a change above it (a note, a line) must not push it
      // partly off the screen.
      var box = banner.getBoundingClientRect();
      if (box.top < viewTop() || box.bottom > window.innerHeight) { banner.scrollIntoView({ block: "start" }); }
    }
    // A new moment: one comes after waiting, or another follows at once (your pick, then your turn; in solo
    // your turn, then the Dummy's turn that you tap for).
    if (now && (lastMoment === false || (lastCue !== null && cue !== lastCue))) {
      // Its moment is its first screen, wherever the page was scrolled; at the top of the page already
      // (the chrome and the last change above it), it stays put: the chrome says whose moment it is too.
      var top = banner.getBoundingClientRect().top;
      if (!refusal && (top < viewTop() || top > window.innerHeight / 4)) { banner.scrollIntoView({ block: "start" }); }
      // A phone buzzes only once it was touched (before that the browser refuses it, and says so in the console).
      var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (navigator.vibrate && touched) { navigator.vibrate([200, 100, 200]); }
      if (window.tcSound) { window.tcSound.chime(); } // only when this device switched sound on
      var announcer = document.getElementById("announcer");
      if (announcer) { announcer.textContent = banner.dataset.cue; said = true; }
    }
    lastMoment = now;
    lastCue = cue;
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
    if (!quiet && region && lastTurn !== null && text && text !== lastTurn) {
      region.textContent = text;
      if (document.documentElement.classList.contains("screen-page")) {
        // The group screen marks the change: the new name glows for a moment (CSS), and with sound on a
        // chime, then the turn said aloud.
        document.querySelectorAll("#game-panel .screen-now, #game-panel .screen-owes").forEach(function (element) {
          element.classList.add("screen-turn-changed");
        });
        if (window.tcSound) { window.tcSound.chime(); window.tcSound.say(text); }
      }
    }
    lastTurn = text;
  }
  // htmx swaps only the panel: the page's palette (Day, Night) follows the panel's.
  function followPalette() {
    var p = panel();
    if (!p || !p.dataset.palette) { return; }
    var root = document.documentElement;
    ["day", "night"].forEach(function (name) { root.classList.toggle(name, name === p.dataset.palette); });
  }
  // Right after the swap (not after settling): the moment is scrolled to before anyone sees the new panel.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "game-panel") { announceTurn(noticeMoment()); }
  });
  document.addEventListener("htmx:afterSettle", followPalette);
  // The group screen: when the last seat is taken or the game ends, the join code and devices fold into their
  // corner (and unfold when a seat frees up, or the game goes on again); a tap on the corner opens them.
  var folded = null;
  function followJoining() {
    var p = panel();
    var corner = document.getElementById("screen-corner");
    if (!p || !corner) { return; }
    var now = p.classList.contains("screen-join-folded");
    if (folded !== null && now !== folded) { corner.open = !now; }
    folded = now;
  }
  document.addEventListener("htmx:afterSettle", followJoining);
  document.addEventListener("DOMContentLoaded", followJoining);
  // The group screen never scrolls. Its style sheets size each state for the screen; where a state's words still run
  // past it (names typed 30 letters long, a language's longer words, every title tied), the game's part of it (no
  // control there: the sound switch above keeps its 44 px) is drawn a little smaller, a step at a time, until it
  // fits: at most to three quarters, still large across the table. Small steps: most states run only a few pixels over.
  var FIT_STEPS = [1, 0.98, 0.96, 0.94, 0.92, 0.9, 0.88, 0.86, 0.84, 0.82, 0.8, 0.78, 0.76, 0.75];
  function fitScreen() {
    var root = document.documentElement;
    var p = panel();
    var game = p && p.querySelector(".screen > .screen-head + :not(template)");  // the kind's screen template
    if (!game || !root.classList.contains("screen-page")) { return; }
    for (var i = 0; i < FIT_STEPS.length; i++) {
      game.style.zoom = FIT_STEPS[i] === 1 ? "" : String(FIT_STEPS[i]);
      // Run past the page, or past the panel's own box (standing, the join code's band at the foot drawn over it).
      if (root.scrollHeight <= window.innerHeight && root.scrollWidth <= window.innerWidth
          && p.scrollHeight <= p.clientHeight + 1 && p.scrollWidth <= p.clientWidth + 1) { return; }
    }
  }
  // After the swap, and again once htmx has settled it: until then an element keeping its id wears its old attributes
  // (htmx's settling), and a fit measured with them could stay a step too small.
  document.addEventListener("htmx:afterSwap", fitScreen);
  document.addEventListener("htmx:afterSettle", fitScreen);
  document.addEventListener("DOMContentLoaded", function () {
    fitScreen();
    // Measured again with the page's own font (measured in a fallback's, a fit could stay a step too small).
    if (document.fonts) { document.fonts.ready.then(fitScreen); }
    window.addEventListener("load", fitScreen);
    window.addEventListener("resize", fitScreen);
    var corner = document.getElementById("screen-corner");  // the join code opened or folded: another width
    if (corner) { corner.addEventListener("toggle", fitScreen); }
  });
  document.addEventListener("DOMContentLoaded", function () { noticeMoment(); announceTurn(true); });

  document.addEventListener("visibilitychange", function () { if (!document.hidden) { kick(); } });
  window.addEventListener("online", kick);
  // The device says it lost the network: its open stream may still bring what was already on its way
  // (or hang until the silence shows), so it is not trusted: the page asks again, and fails, until back.
  window.addEventListener("offline", function () { setOnline(false); kick(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { kick(); } });
  // The stream opens once the page has shown its first content: its request never ends and is no part of
  // the first screen (opened before, it counted in the page's measured Largest Contentful Paint). A page
  // opened hidden paints nothing, and a browser may not time paints: it opens after a second all the same
  // (loop() runs once: a second call does nothing).
  document.addEventListener("DOMContentLoaded", function () {
    try {
      var painted = new PerformanceObserver(function (list) {
        if (list.getEntriesByName("first-contentful-paint").length) { painted.disconnect(); loop(); }
      });
      painted.observe({ type: "paint", buffered: true });
    } catch (error) { loop(); }
    setTimeout(loop, 1000);
  });

  // Times come in UTC from the server; the table reads them in its own time zone, in the page's language (the
  // browser's own may be another: a Russian page read "6:33:26 PM").
  document.addEventListener("DOMContentLoaded", function () {
    var language = document.documentElement.lang || undefined;
    document.querySelectorAll("time.local-time").forEach(function (element) {
      var when = new Date(element.getAttribute("datetime"));
      if (!isNaN(when)) { element.textContent = when.toLocaleTimeString(language); }
    });
  });

  // The group screen's turn time (screen.html): the seconds the server counted by its own clock go on by the time
  // this page has been showing them (performance.now, never the tablet's clock, which may be wrong or jump).
  var clockDrawn = new WeakMap();
  function tickClock() {
    var now = performance.now();
    document.querySelectorAll("time[data-seconds]").forEach(function (element) {
      if (!clockDrawn.has(element)) { clockDrawn.set(element, now); }
      var seconds = Number(element.dataset.seconds) + (now - clockDrawn.get(element)) / 1000;
      element.textContent = Math.floor(seconds / 60);
    });
  }
  document.addEventListener("DOMContentLoaded", tickClock);
  document.addEventListener("htmx:afterSettle", tickClock);
  setInterval(tickClock, 10000);
})();
