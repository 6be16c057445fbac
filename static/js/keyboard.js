// The keyboard shortcuts (keys.js) only where a keyboard is used. A device with a mouse or trackpad fetches
// them with the page (its menu offers their list); a touch phone never does, unless a key is pressed on it
// (a keyboard plugged in): keys.js then comes and handles that key, and any pressed before it came.
(function () {
  "use strict";

  var pressed = window.tcKeysPressed = [];
  var asked = false;

  // Only a game page has shortcuts: its list (#shortcuts) names the script.
  function load() {
    var dialog = document.getElementById("shortcuts");
    if (!dialog) { return false; }
    if (!asked) {
      asked = true;
      var script = document.createElement("script");
      script.src = dialog.dataset.script;
      script.onload = function () { document.removeEventListener("keydown", remember); };
      document.head.appendChild(script);
    }
    return true;
  }
  // A key typed into a field is no sign of a keyboard: a phone's on-screen keyboard sends it too.
  function remember(event) {
    var target = event.target;
    if (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { return; }
    if (load()) { pressed.push(event); }
  }

  document.addEventListener("keydown", remember);
  document.addEventListener("DOMContentLoaded", function () {
    if (window.matchMedia && window.matchMedia("(any-pointer: fine)").matches) { load(); }
  });
})();
