/* The table form on /games/: the seats of the chosen game, a level for each computer seat.
   (A file of its own: the Content-Security-Policy runs no inline script.) */
(function () {
  var form = document.getElementById("table-form");
  function sync() {
    var n = parseInt(form.querySelector("[name=game]:checked").dataset.seats, 10);
    form.querySelectorAll(".seat-row").forEach(function (row) {
      row.hidden = parseInt(row.dataset.seat, 10) >= n;
      var computer = row.querySelector("[name^=seat]").value === "computer";
      row.querySelector("[name^=level]").parentNode.hidden = !computer;
    });
  }
  form.querySelectorAll(".seat-row select[name^=seat]").forEach(function (s) { s.addEventListener("change", sync); });
  form.querySelectorAll("[name=game]").forEach(function (r) { r.addEventListener("change", sync); });
  sync();
})();
