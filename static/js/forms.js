/* Every page: a POST form is sent once. A double click (or a second Enter while the
   page loads) would otherwise repeat it, e.g. sell an entry twice at a busy desk. */
(function () {
  "use strict";
  /* <form data-confirm="What will happen">: a destructive action asks first. Without
     JavaScript the server answers with a confirmation page instead; with it this dialog
     asks, and the form is sent as confirmed. Runs before the guard below (capture). */
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (!question || form.getAttribute("data-sent")) { return; }
    if (!window.confirm(question)) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
      return;
    }
    var flag = form.querySelector("input[name=confirm]");
    if (!flag) {
      flag = document.createElement("input");
      flag.type = "hidden";
      flag.name = "confirm";
      form.appendChild(flag);
    }
    flag.value = "yes";
  }, true);
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented) { return; }
    if (!form.method || form.method.toLowerCase() !== "post" || form.target === "_blank") { return; }
    if (form.getAttribute("data-sent")) { ev.preventDefault(); return; }
    form.setAttribute("data-sent", "1");
    // if the answer is a download or the request fails, allow sending again a bit later
    setTimeout(function () { form.removeAttribute("data-sent"); }, 4000);
  });
  /* On a phone the tournament's tabs scroll in one line: the current one is in view. */
  var tab = document.querySelector("nav.tournament [aria-current=page]");
  if (tab && tab.parentNode.parentNode.scrollWidth > tab.parentNode.parentNode.clientWidth) {
    var list = tab.parentNode.parentNode;
    list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
  }
  /* Back button: a page restored from the browser's cache may send its forms again. */
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-sent]").forEach(function (f) { f.removeAttribute("data-sent"); });
  });
})();
