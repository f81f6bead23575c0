/* Public pages: changes are pushed (WebSocket: the new version), then the changed sections
   are fetched from the JSON endpoint; polling is the fallback. Filter by name, page the
   projector. */
(function () {
  "use strict";
  var POLL_MS = 2500, SAFETY_MS = 30000, PAGE_MS = 8000;

  /* A cached page carries no per-visitor CSRF token: forms take the CSRF cookie. */
  function cookie(name) {
    var m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : "";
  }
  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector("input[name=csrfmiddlewaretoken]");
    var token = cookie("csrftoken");
    if (input && token) { input.value = token; }
  }, true);

  var root = document.querySelector("[data-live]");
  if (!root) { return; }
  var url = root.getAttribute("data-live");
  var version = root.getAttribute("data-version");
  var last = {};

  /* Names are found however they are typed on a phone: "Müller", "muller" or "mueller". */
  function plain(s) {
    return s.toLowerCase().replace(/ß/g, "ss").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function spelled(s) {
    return plain(s.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue"));
  }
  function applyFilter() {
    var input = document.querySelector("input[data-filter]");
    if (!input) { return; }
    var q = input.value.trim();
    var q1 = plain(q), q2 = spelled(q);
    document.querySelectorAll(input.getAttribute("data-filter")).forEach(function (el) {
      var text = el.textContent;
      el.hidden = q !== "" && plain(text).indexOf(q1) === -1 && spelled(text).indexOf(q2) === -1;
    });
  }
  var filterInput = document.querySelector("input[data-filter]");
  if (filterInput) { filterInput.addEventListener("input", applyFilter); }

  var socketOpen = false, fetching = false, again = false, pushes = 0;

  function update() {
    if (fetching) { again = true; return Promise.resolve(); }
    fetching = true;
    var sep = url.indexOf("?") === -1 ? "?" : "&";
    return fetch(url + sep + "since=" + encodeURIComponent(version), {cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) {
        version = data.version;
        root.setAttribute("data-version", version);
        if (!data.changed) { return; }
        Object.keys(data.sections).forEach(function (id) {
          var el = document.getElementById(id);
          var html = data.sections[id];
          if (el && last[id] !== html) {
            last[id] = html;
            el.innerHTML = html;
          }
        });
        applyFilter();
        // the ceremony (ceremony.js) shows or hides the paged sections first
        document.dispatchEvent(new CustomEvent("live:updated"));
        if (pager) { pager.reset(); }
      })
      .catch(function () { /* try again at the next tick or push */ })
      .then(function () {
        fetching = false;
        if (again) { again = false; update(); }
      });
  }

  function poll() {
    update().then(function () { setTimeout(poll, socketOpen ? SAFETY_MS : POLL_MS); });
  }

  function connect() {
    if (!window.WebSocket) { return; }
    var path = url.split("?")[0].replace(/live\.json$/, "");
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws;
    try { ws = new WebSocket(scheme + location.host + "/ws" + path); } catch (e) { return; }
    ws.onopen = function () { socketOpen = true; root.setAttribute("data-push", "open"); };
    ws.onmessage = function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      pushes += 1;
      root.setAttribute("data-pushes", pushes);
      if (data.version && data.version !== version) {
        // a burst of phones after one change: spread their requests over a moment
        setTimeout(update, Math.random() * 300);
      }
    };
    ws.onclose = function () {
      var was = socketOpen;
      socketOpen = false;
      root.setAttribute("data-push", "closed");
      if (was) { setTimeout(connect, 2000 + Math.random() * 3000); }
    };
  }

  /* Projector: show one screenful at a time, section after section. Each page holds the
     rows that fit, measured row by row (a name on two lines makes its row taller), above
     the page marker ("1 / 2"), which stays on the screen. */
  var pager = null;
  if (root.hasAttribute("data-pager")) {
    var info = document.getElementById("page-info");
    var pages = [], index = 0;
    var MIN_ROWS = 3;
    var outer = function (el) {
      var style = getComputedStyle(el);
      return el.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    };
    pager = {
      reset: function () {
        var sections = Array.prototype.slice.call(root.querySelectorAll("[data-page-section]"));
        pages = [];
        // the room the page marker and the page's bottom padding take below the rows
        var reserve = 0;
        if (info) { info.textContent = "1 / 1"; reserve = outer(info); }
        var main = root.closest("main");
        if (main) { reserve += parseFloat(getComputedStyle(main).paddingBottom) || 0; }
        var limit = window.innerHeight - reserve;
        sections.forEach(function (section) {
          sections.forEach(function (s) { s.hidden = s !== section; });
          var rows = Array.prototype.slice.call(section.querySelectorAll("tbody tr"));
          rows.forEach(function (r) { r.hidden = false; });
          var boxes = rows.map(function (r) { return r.getBoundingClientRect(); });
          var starts = [0];
          var from = 0;
          for (var j = 0; j < rows.length; j++) {
            // where row j would end on a page that starts with row ``from``
            var bottom = boxes[0].top + (boxes[j].bottom - boxes[from].top) + window.scrollY;
            if (bottom > limit && j - from >= MIN_ROWS) { from = j; starts.push(j); }
          }
          starts.forEach(function (first, p) {
            var last = p + 1 < starts.length ? starts[p + 1] : rows.length;
            pages.push({section: section, rows: rows, from: first, to: last, page: p + 1, of: starts.length});
          });
        });
        if (index >= pages.length) { index = 0; }
        pager.show();
      },
      show: function () {
        if (info) { info.textContent = ""; }
        if (!pages.length) { return; }
        var page = pages[index];
        root.querySelectorAll("[data-page-section]").forEach(function (s) { s.hidden = s !== page.section; });
        page.rows.forEach(function (r, i) { r.hidden = i < page.from || i >= page.to; });
        if (info) { info.textContent = page.of > 1 ? page.page + " / " + page.of : ""; }
      },
      next: function () { if (pages.length) { index = (index + 1) % pages.length; pager.show(); } }
    };
    pager.reset();
    setInterval(pager.next, PAGE_MS);
    window.addEventListener("resize", pager.reset);
  }

  connect();
  setTimeout(poll, POLL_MS);
})();
