// Sound, per device, off by default (eyes stay on the table): the group screen says whose turn it is
// aloud with the browser's speech synthesis, in the page's language; a seated phone plays a short chime
// with its buzz when its moment comes. The switch ([data-sound-switch]) may sit in a panel that htmx
// swaps, so clicks are caught on the document and every swap redraws it.
(function () {
  "use strict";

  var KEY = "tc.sound";
  var audio = null; // made on a tap: browsers start sound only after one

  function on() {
    try { return localStorage.getItem(KEY) === "on"; } catch (error) { return false; }
  }
  function render() {
    var state = on() ? "on" : "off";
    document.querySelectorAll("[data-sound-switch]").forEach(function (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", state === "on" ? "true" : "false");
      button.textContent = button.dataset[state];
    });
  }
  function wake() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    if (!audio) { audio = new Context(); }
    if (audio.state === "suspended") { audio.resume(); }
  }

  function say(text) {
    if (!on() || !text || !("speechSynthesis" in window)) { return; }
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel(); // the newest turn, not a queue of old ones
    window.speechSynthesis.speak(utterance);
  }
  function chime() {
    if (!on() || !audio) { return; }
    var tone = audio.createOscillator();
    var volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.25, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-sound-switch]");
    if (button) {
      try { localStorage.setItem(KEY, on() ? "off" : "on"); } catch (error) { /* private mode */ }
      render();
    }
    if (on()) { wake(); } // any tap may start the chime's audio, once sound is wanted
  }, true);
  document.addEventListener("DOMContentLoaded", render);
  document.addEventListener("htmx:afterSwap", render);
  window.tcSound = { say: say, chime: chime };
})();
