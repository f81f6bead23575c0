/* Projector: the prize ceremony. Once every prize is decided the server sends the
   ceremony section (the last prize first); this shows one prize at a time, large, and
   then all of them together. It follows the live updates (live.js fires
   "live:updated"): a new start by staff shows the places again from the last, a stop
   removes the section and the projector pages through the draw again. */
(function () {
  "use strict";
  var STEP_MS = 7000;
  var timer = null, run = null, step = 0;

  function items(box) { return Array.prototype.slice.call(box.querySelectorAll("li[data-prize]")); }

  function show(box) {
    var list = items(box);
    var all = step >= list.length;
    box.classList.toggle("ceremony-all", all);
    list.forEach(function (li, i) {
      li.classList.toggle("current", !all && i === step);
      li.hidden = !all && i !== step;
    });
  }

  function update() {
    var box = document.querySelector("#projector-ceremony .ceremony");
    document.body.classList.toggle("ceremony-on", !!box);
    if (!box) {
      clearInterval(timer); timer = null; run = null;
      return;
    }
    var id = box.getAttribute("data-ceremony-run");
    if (id !== run) { run = id; step = 0; }  // a new start: from the last prize again
    show(box);
    if (!timer) {
      timer = setInterval(function () {
        var current = document.querySelector("#projector-ceremony .ceremony");
        if (!current) { return; }
        if (step < items(current).length) { step += 1; show(current); }
      }, STEP_MS);
    }
  }

  document.addEventListener("live:updated", update);
  update();
})();
