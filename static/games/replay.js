/* Step through every game of a match: all hands, the talon, every action (a running
   game's hidden cards as backs). */
(function () {
  "use strict";
  const C = window.SchnapsenCards;
  const $ = (id) => document.getElementById(id);
  const games = JSON.parse($("replay-data").textContent);
  const labels = JSON.parse($("game-labels").textContent);
  const ui = JSON.parse($("game-ui").textContent);
  const deck = localStorage.getItem("schnapsen-deck") || $("replay").dataset.deck;
  let g = 0, i = 0;
  const clear = (el) => { while (el.firstChild) el.removeChild(el.firstChild); return el; };

  function show() {
    if (!games.length) return;
    const game = games[g];
    const s = game.states[i];
    $("replay-pos").textContent = ui.game + " " + game.game + ": " + i + " / " + (game.states.length - 1);
    $("replay-action").textContent = i > 0 ? (game.action_texts || game.actions)[i - 1] : "";
    [0, 1].forEach((p) => {
      const h = clear($("replay-hand-" + p));
      // a running game's hidden cards come as null: their backs
      s.hands[p].forEach((code) => h.appendChild(code ? C.card(code, deck, labels) : C.back()));
    });
    const t = clear($("replay-talon"));
    s.talon.forEach(() => t.appendChild(C.back()));
    if (s.trump_card) { const c = C.card(s.trump_card, deck, labels); c.classList.add("trump-card"); t.appendChild(c); }
    const tr = clear($("replay-trick"));
    if (s.lead) tr.appendChild(C.card(s.lead, deck, labels));
    $("replay-score").textContent = ui.points + ": " + s.scores[0] + " : " + s.scores[1] +
      (s.result ? " \u2013 " + (ui.reasons[s.result.reason] || s.result.reason) + ", +" + s.result.game_points : "");
    showAnalysis(game);
  }

  // The solver's verdict: stored notes are embedded; otherwise one request computes them.
  function showAnalysis(game) {
    const button = $("replay-analyse");
    const verdict = $("replay-verdict");
    const list = clear($("replay-mistakes"));
    verdict.textContent = "";
    verdict.classList.remove("mistake");
    button.hidden = !game.analysis_url || !!game.analysis;
    button.textContent = ui.analyse;
    if (!game.analysis) return;
    const note = game.analysis.find((n) => n.index === i - 1);
    if (note) {
      verdict.textContent = note.text;
      verdict.classList.toggle("mistake", note.mistake);
    }
    const mistakes = game.analysis.filter((n) => n.mistake);
    if (!mistakes.length) { list.textContent = ui.no_mistakes; return; }
    list.appendChild(document.createTextNode(ui.mistakes + " "));
    mistakes.forEach((n) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "small secondary mistake-link";
      b.textContent = ui.move + " " + (n.index + 1);
      b.addEventListener("click", () => { i = n.index + 1; show(); });
      list.appendChild(b);
    });
  }

  $("replay-analyse").addEventListener("click", () => {
    const game = games[g];
    const button = $("replay-analyse");
    button.disabled = true;
    $("replay-verdict").textContent = ui.analysing;
    /* The analysis runs as a task: 202 while it is being computed, asked again until done. */
    const ask = (tries) => fetch(game.analysis_url, { headers: { Accept: "application/json" } })
      .then((r) => r.json().then((data) => ({ ok: r.ok, pending: r.status === 202, data })))
      .then(({ ok, pending, data }) => {
        if (pending && tries < 120) { setTimeout(() => ask(tries + 1), 1000); return; }
        button.disabled = false;
        if (!ok || pending) { $("replay-verdict").textContent = ui.analysis_failed + " " + (data.error || ""); return; }
        game.analysis = data.notes;
        show();
      })
      .catch(() => { button.disabled = false; $("replay-verdict").textContent = ui.connection; });
    ask(0);
  });
  const sel = $("replay-game");
  games.forEach((game, k) => { const o = document.createElement("option"); o.value = k; o.textContent = game.game; sel.appendChild(o); });
  sel.addEventListener("change", () => { g = +sel.value; i = 0; show(); });
  $("replay-first").addEventListener("click", () => { i = 0; show(); });
  $("replay-prev").addEventListener("click", () => { i = Math.max(0, i - 1); show(); });
  $("replay-next").addEventListener("click", () => { i = Math.min(games[g].states.length - 1, i + 1); show(); });
  $("replay-last").addEventListener("click", () => { i = games[g].states.length - 1; show(); });
  show();
})();
