/* The Bauernschnapsen score sheet: the line builder adds a typed line to the sheet.
   (A file of its own: the Content-Security-Policy runs no inline script.) */
(function () {
  var box = document.getElementById("line-builder");
  box.hidden = false;
  document.getElementById("lb-add").addEventListener("click", function () {
    var area = document.getElementById("id_sheet");
    var line = [document.getElementById("lb-team").value, document.getElementById("lb-game").value,
                document.getElementById("lb-doubles").value].filter(Boolean).join(" ");
    area.value = (area.value.replace(/\s+$/, "") + "\n" + line).replace(/^\n/, "");
  });
})();
