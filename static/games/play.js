/* The player's (or spectator's) page: render the server's view, poll it, send actions. */
(function () {
  "use strict";
  const C = window.SchnapsenCards;
  const $ = (id) => document.getElementById(id);
  const read = (id) => JSON.parse($(id).textContent);
  const labels = read("game-labels");
  const ui = read("game-ui");
  const urls = read("game-urls");
  const table = $("table");
  const spectator = table.dataset.seat === "spectator";
  let deck = localStorage.getItem("schnapsen-deck") || table.dataset.deck;
  let payload = read("game-payload");
  let busy = false;
  let acts = 0;
  let shownGame = null;
  const pollMs = parseInt(table.dataset.poll, 10) || 500;

  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, k) => values[k]);
  const csrf = () => (document.querySelector("[name=csrfmiddlewaretoken]") || {}).value || "";

  function say(text, kind) {
    const m = $("message");
    if (!text) { m.hidden = true; m.textContent = ""; return; }
    m.hidden = false;
    m.className = "game-message " + (kind || "info");
    m.textContent = text;
  }

  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

  function render(data) {
    payload = data;
    const match = data.match;
    const view = data.view;
    const me = spectator ? 0 : data.seat;
    const opp = 1 - me;
    table.dataset.nextSeq = match.next_seq;
    table.dataset.status = match.status;
    $("name-me").textContent = match.names[me];
    $("name-opp").textContent = match.names[opp];
    $("bummerl-me").textContent = "\u25CF".repeat(match.bummerl_won[me]) || "\u2013";
    $("bummerl-opp").textContent = "\u25CF".repeat(match.bummerl_won[opp]) || "\u2013";
    $("sheet-me").textContent = 7 - match.bummerl_points[me];
    $("sheet-opp").textContent = 7 - match.bummerl_points[opp];

    if (data.previous && data.previous.game !== shownGame) {
      if (shownGame !== null || !view) {
        const p = data.previous;
        say(fmt(p.game_points === 1 ? ui.won_game_one : ui.won_game, { name: match.names[p.winner], game: p.game, points: p.game_points }) +
            " (" + (ui.reasons[p.reason] || p.reason) + ", " + p.scores[0] + ":" + p.scores[1] + ")", "info");
      }
      shownGame = data.previous.game;
    } else if (shownGame === null) {
      shownGame = data.previous ? data.previous.game : 0;
    }

    const turn = $("turn");
    if (match.finished) {
      turn.textContent = match.winner !== null && match.winner !== undefined
        ? fmt(ui.match_won, { name: match.names[match.winner] }) + " " + match.bummerl_won[0] + ":" + match.bummerl_won[1]
        : match.status;
      if (match.note) turn.textContent += " \u2013 " + match.note;
      $("replay-link").hidden = false;
      // how the score came about (a Schneider counting double), and a way to a new match
      $("score-note").textContent = match.score_note || "";
      $("match-end").hidden = false;
    } else if (view) {
      turn.textContent = ui.game + " " + view.game + " \u00B7 " +
        (spectator ? match.names[view.to_move] : (view.to_move === me ? ui.your_turn : ui.their_turn));
      turn.classList.toggle("mine", !spectator && view.to_move === me);
    }
    if (!view) {
      ["opp-hand", "talon", "trick", "points", "my-hand"].forEach((id) => clear($(id)));
      if ($("actions")) clear($("actions"));
      return;
    }

    // Opponent (or player 2 for spectators): card backs, known cards face up.
    const oppHand = clear($("opp-hand"));
    const known = spectator ? [] : view.opponent_known;
    const oppSize = spectator ? view.hand_sizes[1] : view.opponent_hand_size;
    known.forEach((code) => oppHand.appendChild(C.card(code, deck, labels)));
    for (let i = known.length; i < oppSize; i++) oppHand.appendChild(C.back());

    // Talon and trump card.
    const talon = clear($("talon"));
    if (view.talon_size > 0) {
      const stack = C.back();
      stack.classList.add("stack");
      stack.dataset.count = view.talon_size;
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = view.talon_size;
      stack.appendChild(count);
      talon.appendChild(stack);
    }
    if (view.trump_card) {
      const t = C.card(view.trump_card, deck, labels);
      t.classList.add("trump-card");
      if (view.talon_closed_by !== null) t.classList.add("closed");
      talon.appendChild(t);
    }
    const trumpLabel = document.createElement("p");
    trumpLabel.className = "trump-label";
    trumpLabel.textContent = ui.trump + " ";
    trumpLabel.appendChild(C.suitIcon(view.trump, deck, labels));
    if (view.talon_closed_by !== null) trumpLabel.append(" \u00B7 " + ui.talon + " " + ui.closed);
    talon.appendChild(trumpLabel);

    // The trick: the card led, or the last trick.
    const trick = clear($("trick"));
    if (view.lead) {
      const c = C.card(view.lead, deck, labels);
      c.classList.add("led");
      trick.appendChild(c);
    } else if (view.last_trick) {
      const lt = view.last_trick;
      const a = C.card(lt.lead, deck, labels);
      const b = C.card(lt.follow, deck, labels);
      a.classList.add("last"); b.classList.add("last");
      trick.appendChild(a); trick.appendChild(b);
      const cap = document.createElement("p");
      cap.className = "caption";
      cap.textContent = ui.last_trick + ": " + match.names[lt.winner];
      trick.appendChild(cap);
    }

    // Points.
    // Card points: only where the rules let players look at their tricks (not scharf).
    const pts = clear($("points"));
    [me, opp].forEach((p) => {
      const d = document.createElement("p");
      const n = view.trick_counts ? view.trick_counts[p] : null;
      const tricks = n === null ? "" : " \u00B7 " + fmt(ui.trick_count[n === 1 ? 0 : 1], { n: n });
      if (view.scores) {
        d.textContent = match.names[p] + ": " + view.scores[p] +
          (view.pending_marriage_points[p] ? " (+" + view.pending_marriage_points[p] + ")" : "") + tricks;
      } else {
        d.textContent = match.names[p] + tricks;
      }
      pts.appendChild(d);
    });

    // Own hand.
    const hand = clear($("my-hand"));
    if (spectator) {
      for (let i = 0; i < view.hand_sizes[0]; i++) hand.appendChild(C.back());
    } else {
      const legal = new Set(view.legal_actions);
      view.hand.forEach((code) => {
        const action = "play:" + code;
        const b = C.card(code, deck, labels, { button: true });
        b.dataset.action = action;
        if (legal.has(action)) {
          b.classList.add("legal");
        } else {
          b.setAttribute("aria-disabled", "true");
          b.title = view.blocked[action] || "";
        }
        b.addEventListener("click", () => choose(action, view.blocked[action]));
        hand.appendChild(b);
      });
      renderActions(view, legal);
    }
    renderPlayed(view, match, me, opp);
  }

  function button(action, text, legal, reason) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    b.textContent = text;
    b.className = "small " + (legal ? "legal" : "secondary");
    if (!legal) { b.setAttribute("aria-disabled", "true"); b.title = reason || ""; }
    b.addEventListener("click", () => choose(action, reason));
    return b;
  }

  function renderActions(view, legal) {
    const box = clear($("actions"));
    if (view.to_move !== payload.seat || view.lead) return;
    ["declare", "exchange", "close"].forEach((a) => {
      const text = a === "exchange" && deck === "german" ? ui.exchange_german : ui[a];
      if (legal.has(a) || view.blocked[a]) box.appendChild(button(a, text, legal.has(a), view.blocked[a]));
    });
    view.legal_actions.forEach((a) => {
      if (!a.startsWith("marriage:") && !a.startsWith("declare:")) return;
      const code = a.split(":")[1];
      const pts = code[1] === view.trump ? 40 : 20;
      const el = button(a, "", true);
      el.append((a.startsWith("declare:") ? ui.declare_marriage : ui.marriage) + " " + pts + " ");
      el.appendChild(C.suitIcon(code[1], deck, labels));
      if (a.startsWith("marriage:")) el.append(" " + labels[deck].ranks[code[0]]);
      box.appendChild(el);
    });
    if (confirming && legal.has(confirming)) askToConfirm(confirming); else confirming = null;
  }

  function renderPlayed(view, match, me, opp) {
    const box = clear($("played"));
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = view.review_tricks === false ? ui.count_yourself : (spectator ? "" : ui.own_tricks_only);
    if (help.textContent) box.appendChild(help);
    [me, opp].forEach((p) => {
      if (!view.tricks_won[p]) return;  // face down: the rules do not let you look
      const row = document.createElement("div");
      row.className = "played-row";
      const h = document.createElement("p");
      h.textContent = match.names[p] + " \u2013 " + ui.cards_played;
      box.appendChild(h);
      view.tricks_won[p].forEach((code) => row.appendChild(C.card(code, deck, labels)));
      box.appendChild(row);
    });
    if (view.marriages.length) {
      const m = document.createElement("p");
      m.textContent = ui.marriages + ": ";
      view.marriages.forEach((x) => {
        m.append(match.names[x.player] + " " + x.points + " ");
        m.appendChild(C.suitIcon(x.suit, deck, labels));
        m.append(" ");
      });
      box.appendChild(m);
    }
  }

  /* Declaring 66 ends the game (a wrong declaration loses it): a second tap confirms. */
  let confirming = null;
  function askToConfirm(action) {
    const box = $("actions");
    const bar = document.createElement("div");
    bar.className = "confirm-declare";
    bar.setAttribute("role", "alertdialog");
    const text = document.createElement("p");
    text.textContent = ui.declare_confirm;
    const yes = button(action, "", true);
    yes.textContent = ui.declare;
    yes.classList.add("confirm");
    yes.dataset.confirm = "yes";
    const no = document.createElement("button");
    no.type = "button";
    no.className = "small secondary";
    no.textContent = ui.declare_cancel;
    no.addEventListener("click", () => { confirming = null; render(payload); });
    bar.append(text, yes, no);
    box.appendChild(bar);
    yes.focus();
  }

  async function choose(action, reason) {
    if (spectator) return;
    if (reason) { say(reason, "error"); return; }
    if (busy) return;
    if (action.startsWith("declare") && confirming !== action) {
      confirming = action;
      askToConfirm(action);
      return;
    }
    confirming = null;
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
      if (data.match) render(data);
      if (data.error) say(data.error, "error");
      else if (data.message) say(data.message, "info");
    } catch (e) {
      say(ui.connection, "error");
    } finally {
      busy = false;
      // a push that came while our action was on its way (the computer's quick answer)
      live.actionDone();
    }
  }

  /* Updates: pushed, polled as the fallback (games/live.js). A result reported or
     answered changes the page's report mark: the page then reloads (server-rendered). */
  const reportMark = (payload && payload.match && payload.match.reports) || "";
  // a form of this page is being sent (a report, an answer): no reload in between
  let leaving = false;
  document.addEventListener("submit", () => { leaving = true; });
  window.addEventListener("beforeunload", () => { leaving = true; });

  function computerThinking() {
    const v = payload.view;
    return !payload.match.finished && v && payload.match.bot_seat !== null &&
      payload.match.bot_seat !== undefined && v.to_move === payload.match.bot_seat;
  }

  const live = window.GameLive({
    table: table,
    urls: urls,
    payload: () => payload,
    render: render,
    busy: () => busy,
    acts: () => acts,
    pollMs: pollMs,
    botPoll: parseInt(table.dataset.botPoll || "0", 10),
    computerThinking: computerThinking,
    say: say,
    ui: ui,
    leaving: () => leaving,
    knownSuffix: () => (reportMark ? ":" + reportMark : ""),
    onPush: (data) => {
      if (data.reports !== undefined && data.reports !== reportMark) { live.refresh(); return true; }
      return false;
    },
    onState: (res, data) => {
      // a result reported, confirmed or contradicted: the page shows it (server-rendered)
      if (res.ok && data.match && data.match.reports !== undefined && data.match.reports !== reportMark) {
        location.reload();
        return true;
      }
      return false;
    },
  });

  $("deck-style").value = deck;
  $("deck-style").addEventListener("change", (e) => {
    deck = e.target.value;
    localStorage.setItem("schnapsen-deck", deck);
    render(payload);
  });
  if (payload) { render(payload); live.start(); }
})();
