// Focus across panel swaps: after htmx swaps the panel, focus goes back where it was (the same control, or
// the nearest button), so a keyboard user does not start over from the top of the page, nor a screen
// reader's user, whose place follows the focus. On every page, whether or not keys.js was ever loaded.
(function () {
  "use strict";

  var remembered = null;

  function panel() { return document.getElementById("game-panel"); }

  function typing(element) {
    return element.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(element.tagName);
  }

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
  window.tcControlSignature = signature;  // app.js keeps a tapped control under the finger by it

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
})();
