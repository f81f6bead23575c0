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

  /* The overview: the places in order (the 1st first, as the list is read), in rows
     of equal length: eight as two rows of four, six as two of three, three in one. */
  function columns(n) {
    var rows = Math.ceil(n / 4);
    return Math.max(1, Math.ceil(n / Math.max(rows, 1)));
  }

  function show(box) {
    var list = items(box);
    var all = step >= list.length;
    box.classList.toggle("ceremony-all", all);
    box.querySelector(".ceremony-places").style.setProperty("--ceremony-columns", columns(list.length));
    list.forEach(function (li, i) {
      li.classList.toggle("current", !all && i === step);
      li.hidden = !all && i !== step;
      li.style.order = all ? li.getAttribute("data-prize") : "";
    });
    fit(box);
  }

  /* The overview stays on one screen: long names and the reasons of prizes passed down
     are set smaller (not below half their size) until the last row is on the screen.
     A phone shows one column and scrolls: there it keeps its size. */
  function fit(box) {
    var places = box.querySelector(".ceremony-places");
    places.style.fontSize = "";
    if (!box.classList.contains("ceremony-all")) { return; }
    if (getComputedStyle(places).gridTemplateColumns.split(" ").length < 2) { return; }
    var size = 100;
    while (size > 50 && places.getBoundingClientRect().bottom > window.innerHeight - 8) {
      size -= 5;
      places.style.fontSize = size + "%";
    }
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
  window.addEventListener("resize", function () {
    var box = document.querySelector("#projector-ceremony .ceremony");
    if (box) { fit(box); }
  });
  update();
})();
