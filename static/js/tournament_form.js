/* The tournament terms: ask only what applies. A term that belongs to one format or one
   game (its box carries data-term="format" data-when="danish") is shown only while that
   is chosen; without JavaScript every term is shown, its label or help saying what it
   applies to. The server takes the hidden terms as they are (their defaults).
   Choices that rule each other out are offered only where they fit: Bauernschnapsen is
   played as a Preisschnapsen, and a match to one Bummerl is Bauernschnapsen's. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-terms-form]");
  if (!form) { return; }

  function field(name) { return form.elements.namedItem(name); }
  function value(name) { var el = field(name); return el ? el.value : null; }

  /* Offer ``option`` only while ``allowed``; a choice no longer offered falls back to
     the first one that is. */
  function offer(select, optionValue, allowed) {
    if (!select) { return; }
    var option = Array.prototype.find.call(select.options, function (o) { return o.value === optionValue; });
    if (!option) { return; }
    option.disabled = !allowed;
    if (!allowed && option.selected) {
      var other = Array.prototype.find.call(select.options, function (o) { return !o.disabled; });
      if (other) { select.value = other.value; }
    }
  }

  function update() {
    offer(field("game"), "bauernschnapsen", value("format") !== "danish");
    offer(field("format"), "danish", value("game") !== "bauernschnapsen");
    offer(field("match_bummerl"), "1", value("game") === "bauernschnapsen");
    form.querySelectorAll("[data-term]").forEach(function (box) {
      var chosen = value(box.getAttribute("data-term"));
      box.hidden = chosen !== null && chosen !== box.getAttribute("data-when");
    });
  }

  form.addEventListener("change", update);
  update();
})();
