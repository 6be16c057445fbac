// Keyboard for a laptop host on a game page. N presses the main button of the moment (the kind's
// template marks it data-shortcut="next"), U undoes (data-shortcut="undo"), ? shows the list of
// shortcuts in a <dialog> (Esc closes it). Letters are ignored while typing in a field or with
// Ctrl, Alt or Cmd held. Fetched by keyboard.js where a keyboard is: the keys pressed before it came
// (window.tcKeysPressed) are handled first. Focus across panel swaps is focus.js's, on every page.
(function () {
  "use strict";

  var lastFocus = null;

  function dialog() { return document.getElementById("shortcuts"); }
  function panel() { return document.getElementById("game-panel"); }

  function typing(element) {
    if (!element || !element.tagName) { return false; }
    return element.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(element.tagName);
  }

  // The letter, also on a non-Latin layout (Russian: the N key types "т").
  function letter(event, name) {
    var key = event.key && event.key.length === 1 ? event.key.toLowerCase() : "";
    return key === name || (event.code === "Key" + name.toUpperCase() && !/^[a-z]$/.test(key));
  }

  function press(name) {
    var p = panel();
    var button = p && p.querySelector('[data-shortcut="' + name + '"]');
    // A control folded behind "Act for …" on another seat's phone waits for that deliberate step.
    if (!button || button.disabled || button.closest("details:not([open])")) { return false; }
    button.click();
    return true;
  }

  // The list comes from the server in the page's language when the script starts (no page carries it).
  var listed = Promise.resolve();
  function fetchList(d) {
    listed = fetch(d.dataset.list, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) { if (html) { d.innerHTML = html; } })
      .catch(function () {});
  }

  function openHelp() {
    var d = dialog();
    if (!d || d.open) { return; }
    lastFocus = document.activeElement;
    listed.then(function () { if (!d.open) { d.showModal(); } });
  }

  function closed() {
    var back = lastFocus && document.contains(lastFocus) && lastFocus !== document.body
      ? lastFocus : document.getElementById("shortcuts-open");
    lastFocus = null;
    if (back && !back.hidden) { back.focus(); }
  }

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) { return; }
    if (typing(event.target)) { return; }
    var d = dialog();
    var help = event.key === "?";
    if (d && d.open) {
      if (help) { event.preventDefault(); d.close(); }
      return;  // Esc is the dialog's own; other letters wait until it is closed
    }
    if (help) {
      if (d) { event.preventDefault(); openHelp(); }
    } else if (event.repeat) {
      return;  // a held key must not end several turns
    } else if (letter(event, "n")) {
      if (press("next")) { event.preventDefault(); }
    } else if (letter(event, "u")) {
      if (press("undo")) { event.preventDefault(); }
    }
  }

  function start() {
    var d = dialog();
    var opener = document.getElementById("shortcuts-open");
    if (d && d.showModal) {
      fetchList(d);
      d.addEventListener("close", closed);
      // The list is offered where a keyboard is likely: a device with a mouse or trackpad, not a touch phone
      // (the letters still work on a phone with a keyboard; "?" still opens the list).
      var pointer = window.matchMedia && window.matchMedia("(any-pointer: fine)").matches;
      if (opener && pointer) {
        opener.hidden = false;
        opener.addEventListener("click", openHelp);
      }
    }
    document.addEventListener("keydown", onKey);
    (window.tcKeysPressed || []).splice(0).forEach(onKey);
  }

  // Fetched after the page loaded (a key pressed on a phone), or with it (a device with a mouse).
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
