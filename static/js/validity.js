// A control the browser checks before a form is sent (required, a number's range) says what is missing in
// the page's language: its data-invalid-text, set as the message when the check fails. The browser's own
// bubble is in the browser's language whatever the page's. Cleared as soon as the control changes.
(function () {
  "use strict";
  document.addEventListener("invalid", function (event) {
    var control = event.target;
    if (control.dataset && control.dataset.invalidText && !control.validity.customError) {
      control.setCustomValidity(control.dataset.invalidText);
    }
  }, true);
  function clear(control) {
    if (control.dataset && control.dataset.invalidText) { control.setCustomValidity(""); }
  }
  // A radio group's check sits on its first radio: tapping any radio of the group clears it.
  function changed(event) {
    var control = event.target;
    clear(control);
    if (control.type === "radio" && control.form && control.name) {
      var group = control.form.elements.namedItem(control.name);
      if (group && group.length) { Array.prototype.forEach.call(group, clear); }
    }
  }
  document.addEventListener("input", changed, true);
  document.addEventListener("change", changed, true);
})();
