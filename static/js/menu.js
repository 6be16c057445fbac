// The chrome's menu (a <details>: it opens and closes without JavaScript too). Here it also closes
// on a tap outside it, on Escape, and after one of its links was followed, like an app's menu; and the
// chrome's "whose moment" follows the live panel (data-moment), which htmx swaps without the chrome.
(function () {
  "use strict";

  function menu() { return document.getElementById("menu"); }

  function close(focusSummary) {
    var m = menu();
    if (!m || !m.open) { return; }
    m.open = false;
    if (focusSummary) { m.querySelector("summary").focus(); }
  }

  document.addEventListener("click", function (event) {
    var m = menu();
    // A dialog opened from the menu (the keyboard shortcuts) is the menu's own: a tap in it leaves the menu be.
    if (!m || !m.open || event.target.closest("dialog")) { return; }
    if (!m.contains(event.target)) { close(false); }
    else if (event.target.closest(".menu-panel a[href]")) { close(false); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu() && menu().open && !document.querySelector("dialog[open]")) { close(true); }
  });

  // A moment too long for its line ("Противники: Крысы-воины" beside the menu on a phone) is said whole:
  // the game's name gives up its line and the moment takes two, in the same row (app.css .chrome-long).
  function fitMoment() {
    var chrome = document.getElementById("chrome");
    var moment = document.getElementById("chrome-moment");
    if (!chrome || !moment) { return; }
    chrome.classList.remove("chrome-long", "chrome-longer", "chrome-broken");
    chrome.classList.toggle("chrome-long", moment.scrollWidth > moment.clientWidth);
    // Still more than its two lines (a minion card's long name at A+): a size smaller, whole.
    chrome.classList.toggle("chrome-longer", moment.scrollHeight > moment.clientHeight + 1);
    // Even so (a name typed as one 30-letter word at A+: "Turn:" alone on a line, the name on two more): the
    // words break anywhere, filling both lines.
    chrome.classList.toggle("chrome-broken", moment.scrollHeight > moment.clientHeight + 1);
  }

  function followMoment() {
    var panel = document.getElementById("game-panel");
    var moment = document.getElementById("chrome-moment");
    var next = panel && panel.querySelector("template.panel-moment");
    if (next && moment) {
      moment.replaceChildren(next.content.cloneNode(true));
      var mine = panel.querySelector(".seat-banner.now");
      document.getElementById("chrome").classList.toggle("chrome-now", !!mine);
    }
    fitMoment();
  }
  document.addEventListener("htmx:afterSwap", followMoment);
  document.addEventListener("DOMContentLoaded", function () {
    followMoment();
    if (document.fonts) { document.fonts.ready.then(fitMoment); }  // the self-hosted face is wider or narrower
  });
  window.addEventListener("resize", fitMoment);
})();
