// Keep the screen awake during a game: the top bar's toggle (#wake). The Screen Wake Lock API where
// the browser has it (secure contexts: https, localhost); otherwise NoSleep.js (static/vendor/,
// a silent looping video), fetched only by a browser that needs it (plain http on the LAN). The
// choice is remembered per device; the button always shows what is really happening: "Screen stays
// on", "Screen may sleep" or "Not supported".
(function () {
  "use strict";

  var KEY = "tc.keepAwake";
  var native = "wakeLock" in navigator && typeof navigator.wakeLock.request === "function";
  var button = null;
  var wanted = false;      // the device's choice
  var unsupported = false; // this browser cannot keep the screen on (no API, or it refused)
  var pending = false;     // a request is on its way
  var sentinel = null;     // the native lock while held
  var nosleep = null;      // the fallback, made on first use

  function remembered() {
    try { return localStorage.getItem(KEY) === "on"; } catch (error) { return false; }
  }
  function remember(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (error) { /* private mode */ }
  }

  function isOn() {
    if (native) { return sentinel !== null && !sentinel.released; }
    if (!nosleep || !nosleep.isEnabled) { return false; }
    var video = nosleep.noSleepVideo;
    return !video || !video.paused;
  }

  function render() {
    if (!button) { return; }
    var state = isOn() ? "on" : (unsupported ? "unsupported" : "off");
    button.dataset.state = state;
    button.setAttribute("aria-pressed", state === "on" ? "true" : "false");
    if (state === "unsupported") { button.setAttribute("aria-disabled", "true"); }
    else { button.removeAttribute("aria-disabled"); }
    button.textContent = button.dataset[state];
  }

  // The fallback's video may only start on a tap: after a page load, the first tap anywhere does.
  function onNextTap() {
    function tap() {
      document.removeEventListener("click", tap, true);
      document.removeEventListener("keydown", tap, true);
      if (wanted && !isOn()) { acquire(); }
    }
    document.addEventListener("click", tap, true);
    document.addEventListener("keydown", tap, true);
  }

  function makeFallback() {
    if (nosleep) { return nosleep; }
    if (typeof window.NoSleep !== "function") { return null; }
    nosleep = new window.NoSleep();
    var video = nosleep.noSleepVideo;
    if (video) {
      ["playing", "pause", "ended", "emptied", "error"].forEach(function (name) {
        video.addEventListener(name, render);
      });
    }
    return nosleep;
  }

  function acquire() {
    if (!wanted || document.visibilityState !== "visible" || isOn() || pending) {
      render();
      return;
    }
    pending = true;
    var request;
    if (native) {
      request = navigator.wakeLock.request("screen").then(function (lock) {
        sentinel = lock;
        lock.addEventListener("release", function () {
          if (sentinel === lock) { sentinel = null; }
          render();  // released by the browser (page hidden, battery saver…): show it
        });
        if (!wanted) { lock.release(); }  // turned off while the request was on its way
      });
    } else {
      var fallback = makeFallback();
      request = fallback ? fallback.enable() : Promise.reject(new Error("no NoSleep"));
    }
    request.then(function () {
      pending = false;
      unsupported = false;
      render();
    }, function (error) {
      pending = false;
      if (!native && error && error.name === "NotAllowedError") {
        onNextTap();  // autoplay needs a user gesture: not refused, just not yet
      } else {
        unsupported = true;  // no API, blocked by policy or permission, media refused
      }
      render();
    });
  }

  function release() {
    if (sentinel) {
      var lock = sentinel;
      sentinel = null;
      lock.release().catch(function () {});
    }
    if (nosleep && nosleep.isEnabled) { nosleep.disable(); }
    render();
  }

  function toggle() {
    wanted = !isOn();
    remember(wanted);
    if (wanted) { unsupported = false; acquire(); } else { release(); }
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { acquire(); } else { render(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    button = document.getElementById("wake");
    if (!button) { return; }
    wanted = remembered();
    button.addEventListener("click", toggle);
    if (native) {
      ready();
      return;
    }
    var script = document.createElement("script");
    script.src = button.dataset.fallback;
    script.onload = ready;
    script.onerror = function () { unsupported = true; ready(); };
    document.head.appendChild(script);
  });

  function ready() {
    unsupported = unsupported || (!native && typeof window.NoSleep !== "function");
    button.removeAttribute("data-pending");  // its place was kept: no layout shift
    render();
    if (wanted) { acquire(); }
  }
})();
