/* A seat's page at a table of three or four: render the server's filtered view, poll or
   take pushes, send actions (with the sequence number the page saw). */
(function () {
  "use strict";
  const C = window.SchnapsenCards;
  const $ = (id) => document.getElementById(id);
  const read = (id) => JSON.parse($(id).textContent);
  const labels = read("game-labels");
  const ui = read("game-ui");
  const urls = read("game-urls");
  const table = $("table");
  let deck = localStorage.getItem("schnapsen-deck") || table.dataset.deck;
  let payload = read("game-payload");
  let busy = false;
  let acts = 0;
  let chosen = [];  // cards picked to lay away (Talonschnapsen)
  const pollMs = parseInt(table.dataset.poll, 10) || 500;
  const botPoll = parseInt(table.dataset.botPoll || "0", 10);

  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, k) => values[k]);
  const csrf = () => (document.querySelector("[name=csrfmiddlewaretoken]") || {}).value || "";
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function say(text, kind) {
    const m = $("message");
    if (!text) { m.hidden = true; m.textContent = ""; return; }
    m.hidden = false;
    m.className = "game-message " + (kind || "info");
    m.textContent = text;
  }
  function small(code) { const c = C.card(code, deck, labels); c.classList.add("mini"); return c; }

  function render(data) {
    payload = data;
    const m = data.match, v = data.view, s = data.score;
    const me = data.seat, n = m.names.length;
    const watching = me === null;  // the spectator page: every seat shown, no hand
    table.dataset.nextSeq = m.next_seq;
    table.dataset.status = m.status;
    table.dataset.phase = v.phase;
    table.dataset.toMove = v.to_move === null ? "" : v.to_move;
    table.dataset.legal = v.legal_actions.join(" ");

    // Score: the figures as written (from 24 down) and the Bummerl got.
    const board = clear($("scoreboard"));
    s.figures.forEach((f, i) => {
      const who = el("div", "who");
      who.appendChild(el("span", "name", m.scorers[i]));
      const sheet = el("span", "sheet", String(f));
      sheet.dataset.scorer = i;
      who.appendChild(sheet);
      const got = el("span", "bummerl", "\u25CF".repeat(s.bummerl_count[i]) || "");
      got.title = fmt(ui.bummerl_got, { n: s.bummerl_count[i] });
      got.dataset.bummerl = s.bummerl_count[i];
      who.appendChild(got);
      board.appendChild(who);
    });

    // Whose turn.
    const turn = $("turn");
    if (m.finished) {
      turn.textContent = s.end;
      if ($("record-link")) $("record-link").hidden = false;
      if ($("again")) $("again").hidden = false;
      const next = $("next-table");
      if (next && m.next_table) {
        next.href = m.next_table;
        next.textContent = ui.next_table;
        next.hidden = false;
        $("play-again").hidden = true;
      }
    } else if (v.to_move !== null) {
      const name = m.names[v.to_move];
      turn.textContent = ui.game_no + " " + (s.games_played + 1) + " \u00B7 " + (v.to_move === me ? ui.your_turn
        : fmt(m.computers[v.to_move] ? ui.computer_thinking : ui.waiting, { name: name }));
      turn.classList.toggle("mine", v.to_move === me);
    }

    // The other seats, clockwise from the left.
    const others = clear($("others"));
    for (let k = watching ? 0 : 1; k < n; k++) {
      const q = watching ? k : (me + k) % n;
      const box = el("div", "seat-box");
      box.dataset.seat = q;
      if (v.to_move === q) box.classList.add("to-move");
      const head = el("p", "seat-name", m.names[q]);
      box.appendChild(head);
      box.appendChild(el("p", "seat-roles", roles(v, q, me)));
      const hand = el("div", "mini-hand");
      const known = v.known_cards[q] || [];
      known.forEach((c) => hand.appendChild(small(c)));
      const hidden = Math.max(0, v.hand_sizes[q] - known.length);
      for (let i = 0; i < hidden; i++) { const b = C.back(); b.classList.add("mini"); hand.appendChild(b); }
      box.appendChild(hand);
      if (v.phase === "play" || v.phase === "over") box.appendChild(el("p", "seat-tricks", tricks(v.trick_counts[q])));
      others.appendChild(box);
    }

    // Trump, the game, the turned-up card.
    const line = clear($("contract-line"));
    if (v.turned_up) { line.append(ui.turned_up + " "); line.appendChild(small(v.turned_up)); line.append(" "); }
    line.append(v.phase_text || "");

    // The trick on the table, or the last one.
    const trick = clear($("trick"));
    const shown = v.trick.length ? v.trick : (v.last_trick ? v.last_trick.cards : []);
    shown.forEach((x) => {
      const wrap = el("div", "played-card");
      const c = C.card(x.card, deck, labels);
      if (!v.trick.length) c.classList.add("last");
      wrap.appendChild(c);
      wrap.appendChild(el("span", "by", x.seat === me ? ui.you : m.names[x.seat]));
      trick.appendChild(wrap);
    });
    if (!v.trick.length && v.last_trick) trick.appendChild(el("p", "caption", fmt(ui.last_trick, { name: m.names[v.last_trick.winner] })));

    // Each side's first trick stays face up.
    const ft = clear($("first-tricks"));
    if (v.first_tricks.some((t) => t)) {
      ft.appendChild(el("p", "caption", ui.first_tricks));
      v.first_tricks.forEach((t) => {
        if (!t) return;
        const row = el("div", "first-trick");
        row.appendChild(el("span", "by", m.names[t.winner] + ":"));
        t.cards.forEach((x) => row.appendChild(small(x.card)));
        ft.appendChild(row);
      });
    }

    // Announcements.
    const bids = clear($("bids"));
    if (v.bids.length) bids.textContent = ui.bids + ": " + v.bids.map((b) => m.names[b.seat] + " " + b.text).join(", ");
    if (v.marriages.length) bids.append((v.bids.length ? " \u00B7 " : "") + ui.marriages + ": " +
      v.marriages.map((x) => m.names[x.seat] + " " + x.points).join(", "));

    // My hand, my line and my buttons (not on the spectator page).
    if (!watching) renderMine(v, me);

    renderResults(v, s);
  }

  function renderMine(v, me) {
    // My hand.
    const legal = new Set(v.legal_actions);
    const discards = v.legal_actions.filter((a) => a.startsWith("discard:"));
    if (!discards.length) chosen = [];
    const hand = clear($("my-hand"));
    v.hand.forEach((code) => {
      const action = "play:" + code;
      const b = C.card(code, deck, labels, { button: true });
      b.dataset.action = action;
      if (discards.length) {
        b.classList.add("selectable");
        if (chosen.includes(code)) b.classList.add("chosen");
        b.addEventListener("click", () => pick(code));
      } else if (legal.has(action)) {
        b.classList.add("legal");
        b.addEventListener("click", () => choose(action));
      } else {
        b.setAttribute("aria-disabled", "true");
      }
      hand.appendChild(b);
    });
    for (let i = 0; i < v.face_down; i++) { const b = C.back(); b.title = ui.face_down; hand.appendChild(b); }
    const meLine = clear($("me-line"));
    const mine = [roles(v, me, me)];
    if (v.talon_taken.length) mine.push(ui.talon_taken + ": " + v.talon_taken.map((c) => C.cardName(c, deck, labels)).join(", "));
    if (v.discard.length) mine.push(ui.laid_away + ": " + v.discard.map((c) => C.cardName(c, deck, labels)).join(", "));
    if (v.phase === "play" || v.phase === "over") mine.push(tricks(v.trick_counts[me]));
    meLine.textContent = mine.filter((x) => x).join(" \u00B7 ");

    // Buttons for everything but playing a card.
    const box = clear($("actions"));
    v.legal_actions.forEach((a) => {
      if (a.startsWith("play:") || a.startsWith("discard:")) return;
      const b = el("button", "small legal", v.action_texts[a] || a);
      b.type = "button";
      b.dataset.action = a;
      b.addEventListener("click", () => choose(a));
      box.appendChild(b);
    });
    if (discards.length) {
      box.appendChild(el("p", "help", ui.lay_away_help));
      const action = discards.find((a) => { const cs = a.slice(8).split(","); return chosen.length === 2 && cs.includes(chosen[0]) && cs.includes(chosen[1]); });
      const b = el("button", "small " + (action ? "legal" : "secondary"), ui.lay_away);
      b.type = "button";
      b.id = "lay-away";
      if (!action) b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => { if (action) choose(action); });
      box.appendChild(b);
    }

  }

  function renderResults(v, s) {
    // The result of this game, else of the last one.
    const res = $("result");
    const text = v.result || s.last_result;
    res.hidden = !text;
    clear(res);
    if (text) {
      res.appendChild(el("p", "result-title", v.result ? ui.result : ui.last_game));
      res.appendChild(el("p", "result-text", text));
      if (v.result && v.side_points) res.appendChild(el("p", "help", ui.points + ": " + v.side_points.join(" : ")));
    }

    // The score sheet.
    const sheetBox = clear($("sheet"));
    if (s.sheet.length) {
      const t = el("table", "sheet-table");
      const head = el("tr");
      [ui.bummerl, ui.game_no, "", ""].concat(s.short).forEach((h) => head.appendChild(el("th", "", h)));
      t.appendChild(head);
      s.sheet.forEach((r) => {
        const tr = el("tr");
        [r.bummerl, r.game, r.contract + (r.doubles ? " \u00D7" + (1 << r.doubles) : ""),
          r.written.map((w, i) => w ? s.short[i] + " " + w : "").filter((x) => x).join(", ")]
          .concat(r.figures).forEach((x) => tr.appendChild(el("td", "", String(x))));
        t.appendChild(tr);
      });
      sheetBox.appendChild(t);
    }
  }

  // "1 Stich", "2 Stiche": the page's language's plural forms (German and English: one, other)
  function tricks(n) {
    return fmt(ui.tricks_count[n === 1 ? 0 : 1], { n: n });
  }

  function roles(v, q, me) {
    const out = [];
    if (v.dealer === q) out.push(q === me ? ui.you_deal : ui.dealer);
    if (v.caller === q) out.push(ui.caller);
    if (v.cutter === q && v.phase === "cut") out.push(q === me ? ui.you_cut : ui.cutter);
    if (payload.match.kind === "bauernschnapsen" && q !== me && (q + 2) % 4 === me) out.push(ui.partner);
    if (v.active.length && !v.active.includes(q)) out.push(ui.sits_out);
    return out.join(", ");
  }

  function pick(code) {
    const i = chosen.indexOf(code);
    if (i >= 0) chosen.splice(i, 1);
    else { chosen.push(code); if (chosen.length > 2) chosen.shift(); }
    render(payload);
  }

  async function choose(action) {
    if (busy) return;
    busy = true;
    acts += 1;
    say("");
    try {
      const res = await fetch(urls.act, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify({ seq: payload.match.next_seq, action: action }),
        credentials: "same-origin",
      });
      const data = await res.json();
      if (data.match) { chosen = []; render(data); }
      if (data.error) say(data.error, "error");
      else if (data.message) say(data.message, "info");
    } catch (e) {
      say(ui.connection, "error");
    } finally {
      busy = false;
      live.actionDone();
    }
  }

  // Updates: pushed, polled as the fallback (games/live.js).
  const live = window.GameLive({
    table: table,
    urls: urls,
    payload: () => payload,
    render: render,
    busy: () => busy,
    acts: () => acts,
    pollMs: pollMs,
    botPoll: botPoll,
    computerThinking: () => {
      const v = payload.view;
      return !payload.match.finished && v.to_move !== null && payload.match.computers[v.to_move];
    },
    say: say,
    ui: ui,
  });

  $("deck-style").value = deck;
  $("deck-style").addEventListener("change", (e) => {
    deck = e.target.value;
    localStorage.setItem("schnapsen-deck", deck);
    render(payload);
  });
  render(payload);
  live.start();
})();
