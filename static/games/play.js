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
  let failures = 0;
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
      const waiting = pushed;
      pushed = null;
      if (waiting) takePush(waiting);
    }
  }

  /* Updates: pushed over a WebSocket (the match's new sequence number, then this page
     fetches its own view); polling is the fallback while the socket is down, and a slow
     safety net while it is up. */
  let socketOpen = false;
  let pushes = 0;
  let pushed = null;  // the last push that came while an action of ours was on its way

  function takePush(data) {
    if (busy) { pushed = data; return; }
    const view = data.payload;
    if (view && view.match) {
      // the page's own new view came with the push: no request needed
      if (view.match.next_seq >= payload.match.next_seq) render(view);
      return;
    }
    if (data.next_seq !== payload.match.next_seq || data.status !== payload.match.status) refresh();
  }
  const botPoll = parseInt(table.dataset.botPoll || "0", 10);

  async function refresh() {
    if (busy) return;
    try {
      const known = payload.match.next_seq + ":" + payload.match.status;
      const generation = acts;
      const res = await fetch(urls.state + "?known=" + encodeURIComponent(known), { credentials: "same-origin" });
      const data = await res.json();
      // Drop an answer that an action of ours overtook, or that is older than what we show.
      if (res.ok && data.match && !busy && generation === acts &&
          data.match.next_seq >= payload.match.next_seq) render(data);
      if (failures) { failures = 0; say(""); }
    } catch (e) {
      failures += 1;
      if (failures > 2) say(ui.connection, "error");
    }
  }

  function computerThinking() {
    const v = payload.view;
    return !payload.match.finished && v && payload.match.bot_seat !== null &&
      payload.match.bot_seat !== undefined && v.to_move === payload.match.bot_seat;
  }

  async function poll() {
    let delay = socketOpen ? 15000 : (payload.match.finished ? 5000 : pollMs);
    // without pushes across processes the computer's move (made by the task worker) is
    // fetched quickly while it thinks
    if (botPoll && computerThinking()) delay = botPoll;
    await refresh();
    if (failures) delay = Math.max(delay, 2000);
    setTimeout(poll, delay);
  }

  function connect() {
    if (!window.WebSocket || !urls.socket) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    let ws;
    const lang = encodeURIComponent((document.documentElement.lang || "").toLowerCase());
    try { ws = new WebSocket(scheme + location.host + urls.socket + "?lang=" + lang); } catch (e) { return; }
    ws.onopen = () => { socketOpen = true; table.dataset.push = "open"; };
    ws.onmessage = (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      pushes += 1;
      table.dataset.pushes = pushes;
      if (data.payload) table.dataset.pushedViews = (parseInt(table.dataset.pushedViews || "0", 10) + 1);
      takePush(data);
    };
    ws.onclose = () => {
      const was = socketOpen;
      socketOpen = false;
      table.dataset.push = "closed";
      if (was) setTimeout(connect, 1000 + Math.random() * 2000);
    };
  }

  $("deck-style").value = deck;
  $("deck-style").addEventListener("change", (e) => {
    deck = e.target.value;
    localStorage.setItem("schnapsen-deck", deck);
    render(payload);
  });
  if (payload) { render(payload); connect(); setTimeout(poll, pollMs); }
})();
