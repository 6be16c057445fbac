// Installable and offline-aware: register the service worker (/sw.js, whole-app scope), and on the
// offline page keep checking for the server, coming back to the page by itself once it answers.
(function () {
  "use strict";

  if ("serviceWorker" in navigator) {  // secure contexts only: https, localhost, 127.0.0.1
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }

  function startReconnecting(page) {
    var checking = false;
    var timer = null;
    var delay = 2000;

    function back() {
      // The offline page stands in for the page that failed (same address): load that again.
      // Opened as /offline itself, there is nothing to come back to but the home page.
      if (location.pathname === page.dataset.offlineUrl) {
        location.replace(page.dataset.homeUrl);
      } else {
        location.reload();
      }
    }

    function check() {
      if (checking) { return; }
      clearTimeout(timer);
      checking = true;
      fetch(page.dataset.homeUrl, { cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          checking = false;
          if (response.ok) { back(); } else { later(); }
        })
        .catch(function () { checking = false; later(); });
    }

    function later() {
      clearTimeout(timer);
      timer = setTimeout(check, delay);
      delay = Math.min(delay * 1.5, 10000);
    }

    window.addEventListener("online", function () { delay = 2000; check(); });
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { check(); } });
    later();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var page = document.getElementById("offline-page");
    if (page) { startReconnecting(page); }
  });
})();
