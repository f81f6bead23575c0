/* Preisschnapsen standings widget. On a club's page:
     <div data-schnapsen-tournament="12"></div>
     <script src="https://HOST/embed.js" async></script>
   Each such element gets an iframe with the tournament's live standings, as tall as
   its content (the widget says how tall, by postMessage). */
(function () {
  "use strict";
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : "";
  var frames = {};
  function insert(el) {
    if (el.getAttribute("data-schnapsen-done")) { return; }
    var id = String(parseInt(el.getAttribute("data-schnapsen-tournament"), 10));
    if (id === "NaN") { return; }
    el.setAttribute("data-schnapsen-done", "1");
    var path = "/embed/t/" + id + "/standings/";
    var frame = document.createElement("iframe");
    frame.src = origin + path;
    frame.title = el.getAttribute("data-title") || "Rangliste";
    frame.loading = "lazy";
    frame.style.width = "100%";
    frame.style.border = "0";
    frame.style.minHeight = "12rem";
    frame.setAttribute("data-schnapsen-frame", id);
    el.appendChild(frame);
    frames[path] = frame;
  }
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || !event.data || event.data.type !== "schnapsen-widget") { return; }
    var frame = frames[event.data.id];
    if (frame && event.data.height > 0) { frame.style.height = event.data.height + "px"; }
  });
  function all() { document.querySelectorAll("[data-schnapsen-tournament]").forEach(insert); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", all); } else { all(); }
})();
