/* The standings widget inside a club's page: tells the page around it how tall it is
   (embed.js sizes the iframe), at load and after every live update. */
(function () {
  "use strict";
  if (window.parent === window) { return; }
  var id = location.pathname;
  function report() {
    var height = Math.ceil(document.documentElement.scrollHeight);
    window.parent.postMessage({type: "schnapsen-widget", id: id, height: height}, "*");
  }
  window.addEventListener("load", report);
  window.addEventListener("resize", report);
  document.addEventListener("live:updated", function () { setTimeout(report, 0); });
  report();
})();
