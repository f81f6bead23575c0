/* The desk's check-in (the registration app): an entry card's or a registration's QR
   code read by the camera (jsQR, static/vendor/jsQR.js) or a number typed by hand; the
   server marks it present and paid and answers at once what is wrong. */
(function () {
  "use strict";
  var form = document.getElementById("check-in-form");
  if (!form) return;
  var input = document.getElementById("check-in-code");
  var result = document.getElementById("scan-result");
  var log = document.getElementById("scan-log");
  var video = document.getElementById("scan-video");
  var start = document.getElementById("scan-start");
  var stop = document.getElementById("scan-stop");
  var token = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var stream = null, canvas = document.createElement("canvas");
  var context = canvas.getContext("2d", {willReadFrequently: true});
  var lastCode = "", lastAt = 0, busy = false;

  function show(answer) {
    result.textContent = answer.message;
    result.className = "scan-result " + (answer.ok ? "ok" : "error");
    result.setAttribute("data-code", answer.code);
    var item = document.createElement("li");
    item.textContent = answer.message;
    item.className = answer.ok ? "ok" : "error";
    log.insertBefore(item, log.firstChild);
    while (log.children.length > 10) log.removeChild(log.lastChild);
  }

  function send(code) {
    busy = true;
    return fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": token},
      body: JSON.stringify({code: code})
    }).then(function (response) {
      return response.json();
    }).then(show).catch(function () {
      show({ok: false, code: "network", message: result.getAttribute("data-offline") || "?"});
    }).then(function () { busy = false; });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var code = input.value.trim();
    if (!code) return;
    send(code).then(function () { input.value = ""; input.focus(); });
  });

  function frame() {
    if (!stream) return;
    if (video.readyState >= 2 && !busy && window.jsQR) {
      var scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      var image = context.getImageData(0, 0, canvas.width, canvas.height);
      var found = window.jsQR(image.data, image.width, image.height, {inversionAttempts: "dontInvert"});
      var now = Date.now();
      // the same card in front of the camera is sent once (again after 4 s)
      if (found && found.data && (found.data !== lastCode || now - lastAt > 4000)) {
        lastCode = found.data;
        lastAt = now;
        send(found.data);
      } else if (found && found.data === lastCode) {
        lastAt = now;
      }
    }
    window.requestAnimationFrame(frame);
  }

  function stopCamera() {
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
    stream = null;
    video.hidden = true;
    stop.hidden = true;
    start.hidden = false;
  }

  if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
    start.hidden = false;
    start.addEventListener("click", function () {
      navigator.mediaDevices.getUserMedia({video: {facingMode: "environment"}, audio: false})
        .then(function (s) {
          stream = s;
          video.srcObject = s;
          video.hidden = false;
          start.hidden = true;
          stop.hidden = false;
          return video.play();
        }).then(function () {
          window.requestAnimationFrame(frame);
        }).catch(function () {
          stopCamera();
          result.textContent = result.getAttribute("data-no-camera");
          result.className = "scan-result error";
          input.focus();
        });
    });
    stop.addEventListener("click", stopCamera);
  } else {
    result.textContent = result.getAttribute("data-no-camera");
  }
})();
