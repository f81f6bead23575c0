/* Staff pages: search as you type and the entry desk's player picker. No dependencies. */
(function () {
  "use strict";

  function debounce(fn, ms) {
    var timer = null;
    return function () {
      var args = arguments, self = this;
      clearTimeout(timer);
      timer = setTimeout(function () { fn.apply(self, args); }, ms);
    };
  }

  /* <form data-live-search="#target">: typing reloads the target's table without a page reload. */
  document.querySelectorAll("form[data-live-search]").forEach(function (form) {
    var target = document.querySelector(form.getAttribute("data-live-search"));
    var input = form.querySelector("input[type=search]");
    if (!target || !input) { return; }
    var last = input.value;
    input.addEventListener("input", debounce(function () {
      if (input.value === last) { return; }
      last = input.value;
      var params = new URLSearchParams(new FormData(form));
      params.set("partial", "1");
      fetch(form.action.split("?")[0] + "?" + params.toString(), {headers: {"X-Requested-With": "fetch"}})
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) {
          target.innerHTML = html;
          params.delete("partial");
          history.replaceState(null, "", "?" + params.toString());
          /* the export links export what the search now shows */
          document.querySelectorAll("a[data-export]").forEach(function (a) {
            var q = new URLSearchParams(params);
            q.delete("page");
            q.set("export", a.getAttribute("data-export"));
            a.setAttribute("href", "?" + q.toString());
          });
        })
        .catch(function () { /* the plain form submit still works */ });
    }, 250));
  });

  /* Entry desk: pick a player from suggestions (keyboard: arrows + Enter) or type a new name. */
  document.querySelectorAll("[data-player-picker]").forEach(function (box) {
    /* a second picker (a team's partner) names its fields with a prefix */
    var prefix = box.getAttribute("data-prefix") || "";
    var input = box.querySelector("input[name=" + prefix + "name]");
    var town = box.querySelector("input[name=" + prefix + "town]");
    var hidden = box.querySelector("input[name=" + (box.getAttribute("data-id-field") || "player") + "]");
    var list = box.querySelector("[role=listbox]");
    var chosen = box.querySelector("[data-chosen]");
    var url = box.getAttribute("data-player-picker");
    var items = [], active = -1;

    function render() {
      list.innerHTML = "";
      items.forEach(function (p, i) {
        var li = document.createElement("li");
        li.setAttribute("role", "option");
        li.id = prefix + "player-option-" + p.id;
        li.textContent = p.label;
        li.setAttribute("aria-selected", i === active ? "true" : "false");
        li.addEventListener("mousedown", function (ev) { ev.preventDefault(); choose(p); });
        list.appendChild(li);
      });
      list.hidden = items.length === 0;
      input.setAttribute("aria-expanded", items.length ? "true" : "false");
      if (active >= 0 && items[active]) {
        input.setAttribute("aria-activedescendant", prefix + "player-option-" + items[active].id);
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }
    function choose(p) {
      hidden.value = p.id;
      input.value = p.name;
      if (town) { town.value = p.town; }
      chosen.textContent = p.label;
      items = []; active = -1; render();
      var next = box.closest("form").querySelector("[data-after-pick]");
      if (next) { next.focus(); }
    }
    var lookup = debounce(function () {
      var q = input.value.trim();
      if (q.length < 1) { items = []; render(); return; }
      fetch(url + "?q=" + encodeURIComponent(q))
        .then(function (r) { return r.json(); })
        .then(function (data) { items = data.players; active = items.length ? 0 : -1; render(); })
        .catch(function () { items = []; render(); });
    }, 200);
    input.addEventListener("input", function () {
      hidden.value = ""; chosen.textContent = box.getAttribute("data-new-label") || "";
      lookup();
    });
    input.addEventListener("keydown", function (ev) {
      if (!items.length) { return; }
      if (ev.key === "ArrowDown") { active = (active + 1) % items.length; render(); ev.preventDefault(); }
      else if (ev.key === "ArrowUp") { active = (active - 1 + items.length) % items.length; render(); ev.preventDefault(); }
      else if (ev.key === "Enter" && active >= 0) { choose(items[active]); ev.preventDefault(); }
      else if (ev.key === "Escape") { items = []; render(); }
    });
    input.addEventListener("blur", function () { setTimeout(function () { items = []; render(); }, 150); });
  });
})();

(function () {
  "use strict";
  /* Result selects: Enter saves (keyboard only: Tab, type or arrow to the score, Enter). */
  document.addEventListener("keydown", function (ev) {
    var el = ev.target;
    if (ev.key === "Enter" && el.matches && el.matches("select[data-submit-on-enter]") && el.value) {
      ev.preventDefault();
      el.form.requestSubmit();
    }
  });
  /* The results page starts with the focus on the first open pairing's result select
     (and again after each result saved): results are typed without the mouse and
     without tabbing through the header. */
  var resultsTable = document.getElementById("results-table");
  if (resultsTable && !(document.activeElement && document.activeElement.matches("input, textarea"))) {
    var nextSelect = resultsTable.querySelector("select[id^='result-']");
    if (nextSelect) {
      nextSelect.focus({preventScroll: true});
      var box = nextSelect.getBoundingClientRect();
      if (box.bottom > window.innerHeight || box.top < 0) { nextSelect.scrollIntoView({block: "center"}); }
    }
  }
  /* The results page follows what happens elsewhere (results entered by other staff,
     players' reports, matches started): it asks for the results' version every few
     seconds while it is visible and, when it changed, shows the new table and list of
     conflicting reports in place. A row with a result being typed is never replaced:
     then a notice offers the update. */
  var liveResults = document.querySelector("[data-results-version]");
  if (liveResults) {
    var knownVersion = liveResults.getAttribute("data-version");
    var every = parseInt(liveResults.getAttribute("data-poll"), 10) || 10000;
    var notice = document.getElementById("results-changed");
    var parts = ["#disputed-reports", "#results-table", ".next-step"];

    var typing = function () {
      return Array.prototype.some.call(
        document.querySelectorAll("#results-table input, #results-table select, #results-table textarea"),
        function (el) {
          if (el.type === "hidden" || el.type === "submit" || el.type === "button") { return false; }
          if (el.type === "checkbox" || el.type === "radio") { return el.checked !== el.defaultChecked; }
          if (el.tagName === "SELECT") {
            var initial = 0;  /* the first option unless one is marked selected */
            Array.prototype.forEach.call(el.options, function (o, i) { if (o.defaultSelected) { initial = i; } });
            return el.selectedIndex !== initial;
          }
          return el.value !== el.defaultValue;
        });
    };

    var showUpdate = function () {
      var focused = document.activeElement && document.activeElement.id;
      return fetch(location.href, {headers: {"X-Requested-With": "fetch"}, credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var fresh = doc.querySelector("[data-results-version]");
          if (!fresh) { return; }
          parts.forEach(function (selector) {
            var now = document.querySelector(selector), next = doc.querySelector(selector);
            if (now && next) { now.innerHTML = next.innerHTML; }
            else if (now) { now.remove(); }
            else if (next) {
              var anchor = document.querySelector("form.filters") || liveResults;
              anchor.parentNode.insertBefore(document.importNode(next, true), anchor);
            }
          });
          knownVersion = fresh.getAttribute("data-version");
          liveResults.setAttribute("data-version", knownVersion);
          if (notice) { notice.hidden = true; }
          var again = focused && document.getElementById(focused);
          if (again) { again.focus({preventScroll: true}); }
        });
    };

    var check = function () {
      if (document.hidden) { return Promise.resolve(); }
      return fetch(liveResults.getAttribute("data-results-version"), {credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
        .then(function (data) {
          if (!data.version || data.version === knownVersion) { return; }
          if (typing()) { if (notice) { notice.hidden = false; } return; }
          return showUpdate();
        });
    };

    var loop = function () {
      check().catch(function () { /* offline a moment: the next check tries again */ })
        .then(function () { setTimeout(loop, every); });
    };
    setTimeout(loop, every);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { check().catch(function () {}); } });
    if (notice) {
      var button = notice.querySelector("button");
      if (button) { button.addEventListener("click", function () { showUpdate().catch(function () { location.reload(); }); }); }
    }
  }
  /* Filter selects apply at once. */
  document.querySelectorAll("form.filters select").forEach(function (select) {
    select.addEventListener("change", function () { select.form.requestSubmit(); });
  });
})();
