// Keyboard for a laptop host on a game page. N presses the main button of the moment (the kind's
// template marks it data-shortcut="next"), U undoes (data-shortcut="undo"), ? shows the list of
// shortcuts in a <dialog> (Esc closes it). Letters are ignored while typing in a field or with
// Ctrl, Alt or Cmd held. After htmx swaps the panel, focus goes back where it was (or nearby), so
// a keyboard user does not start over from the top of the page.
(function () {
  "use strict";

  var lastFocus = null;
  var remembered = null;

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

  function openHelp() {
    var d = dialog();
    if (!d || d.open) { return; }
    lastFocus = document.activeElement;
    d.showModal();
  }

  function closed() {
    var back = lastFocus && document.contains(lastFocus) && lastFocus !== document.body
      ? lastFocus : document.getElementById("shortcuts-open");
    lastFocus = null;
    if (back && !back.hidden) { back.focus(); }
  }

  document.addEventListener("keydown", function (event) {
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
  });

  // ---------- focus across panel swaps ----------
  function focusables(root) {
    return Array.prototype.filter.call(
      root.querySelectorAll("button, a[href], input:not([type=hidden]), select, textarea, summary"),
      function (element) { return !element.disabled && element.getClientRects().length > 0; });
  }

  // What a control does, not which node it is: its tag, name and value, and its form's action.
  function signature(element) {
    var parts = [element.tagName, element.name || "", element.value || ""];
    var form = element.closest("form");
    if (form) {
      Array.prototype.forEach.call(form.querySelectorAll("input[type=hidden]"), function (input) {
        if (input.name !== "csrf_token" && input.name !== "version") { parts.push(input.name + "=" + input.value); }
      });
    }
    if (element.tagName === "SUMMARY") { parts.push(element.parentElement.id || element.textContent.trim()); }
    return parts.join("|");
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var p = panel();
    var active = document.activeElement;
    remembered = null;
    if (p && event.detail.target === p && active && active !== document.body && p.contains(active)) {
      remembered = { signature: signature(active), index: focusables(p).indexOf(active) };
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    var was = remembered;
    remembered = null;
    var active = document.activeElement;
    var p = panel();
    if (!was || !p || (active && active !== document.body && document.contains(active))) { return; }
    var list = focusables(p);
    var same = list.filter(function (element) { return signature(element) === was.signature; })[0];
    // The control is gone (the turn passed): land on the nearest button, never in a field, where
    // the next letter typed would be taken as text instead of a shortcut.
    var buttons = list.filter(function (element) { return !typing(element); });
    var index = Math.min(Math.max(was.index, 0), list.length - 1);
    var near = buttons.filter(function (element) { return list.indexOf(element) >= index; })[0] || buttons[buttons.length - 1];
    var target = same || near;
    if (target) { target.focus({ preventScroll: true }); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var d = dialog();
    var opener = document.getElementById("shortcuts-open");
    if (!d || !d.showModal) { return; }
    d.addEventListener("close", closed);
    // The list is offered where a keyboard is likely: a device with a mouse or trackpad, not a touch phone
    // (the letters still work on a phone with a keyboard; "?" still opens the list).
    var pointer = window.matchMedia && window.matchMedia("(any-pointer: fine)").matches;
    if (opener && pointer) {
      opener.hidden = false;
      opener.addEventListener("click", openHelp);
    }
  });
})();
