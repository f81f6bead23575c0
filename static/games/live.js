/* What a match's page (player or spectator) and a table's page share: updates pushed
   over a WebSocket, each with this page's own new view when the server sent one in the
   page's language (else the page fetches its view); polling as the fallback while the
   socket is down and as a slow safety net while it is up; a push that came while an
   action of this page was on its way is taken after the action's answer.

   While the computer thinks the page polls sooner (o.botPoll: the embedded default,
   whose task worker's pushes reach the pages through the server's relay): every
   o.botPoll ms while the socket is down, and every BOT_FALLBACK_MS while it is open, in
   case a push was lost (the push shows the move well before). The poll is set again
   after each change the page shows (its own action answered, a push), so it is never
   left waiting for the 15 s safety poll while the computer thinks.

   GameLive(o) with
     o.table      the page's root element (data-push, data-pushes, data-pushed-views)
     o.urls       {state, socket}
     o.payload()  the view shown now;  o.render(data) shows a new one
     o.busy()     an action of this page is on its way;  o.acts() counts its actions
     o.pollMs, o.botPoll, o.computerThinking()   how often to poll
     o.say(text, kind), o.ui.connection          the connection message
     o.knownSuffix()  (optional) more of the state the server compares ("known")
     o.onPush(data)   (optional) true: the push is handled (e.g. reports changed)
     o.onState(res, data)  (optional) true: the fetched state is handled
     o.leaving()      (optional) the page is being left: fetch nothing more
   returns {start(), actionDone(), refresh()}. No dependencies. */
(function () {
  "use strict";

  // with the socket open: the poll after a change while the computer thinks (a lost push)
  const BOT_FALLBACK_MS = 1000;

  window.GameLive = function (o) {
    let socketOpen = false;
    let pushes = 0;
    let failures = 0;
    let pending = null;  // the last push that came while an action was on its way
    let timer = null;    // the next poll (null while a poll is on its way)
    let dueAt = 0;
    let quick = false;   // the next poll is the quick one while the computer thinks
    const leaving = () => (o.leaving ? o.leaving() : false);
    const thinking = () => Boolean(o.botPoll) && o.computerThinking();

    function takePush(data) {
      if (o.onPush && o.onPush(data)) return;
      if (o.busy()) { pending = data; return; }
      const shown = o.payload();
      const view = data.payload;
      if (view && view.match) {
        // the page's own new view came with the push: no request needed
        if (view.match.next_seq >= shown.match.next_seq) {
          o.table.dataset.shownBy = "push";
          o.render(view);
          rearm();
        }
        return;
      }
      if (data.next_seq !== shown.match.next_seq || data.status !== shown.match.status) {
        refresh("push").then(rearm);
      }
    }

    async function refresh(by) {
      if (o.busy() || leaving()) return;
      try {
        const shown = o.payload();
        const known = shown.match.next_seq + ":" + shown.match.status + (o.knownSuffix ? o.knownSuffix() : "");
        const generation = o.acts();
        const res = await fetch(o.urls.state + "?known=" + encodeURIComponent(known), { credentials: "same-origin" });
        const data = await res.json();
        if (leaving()) return;
        if (o.onState && o.onState(res, data)) return;
        // Drop an answer that an action of ours overtook, or that is older than what we show.
        if (res.ok && data.match && !o.busy() && generation === o.acts() &&
            data.match.next_seq >= o.payload().match.next_seq) {
          o.table.dataset.shownBy = by || "poll";
          o.render(data);
        }
        if (failures) { failures = 0; o.say(""); }
      } catch (e) {
        failures += 1;
        if (failures > 2) o.say(o.ui.connection, "error");
      }
    }

    function nextDelay() {
      let delay = socketOpen ? 15000 : (o.payload().match.finished ? 5000 : o.pollMs);
      if (thinking()) delay = socketOpen ? Math.max(o.botPoll, BOT_FALLBACK_MS) : o.botPoll;
      return failures ? Math.max(delay, 2000) : delay;
    }

    function schedule(delay) {
      clearTimeout(timer);
      quick = thinking();
      dueAt = Date.now() + delay;
      timer = setTimeout(poll, delay);
    }

    // After a change shown, or the socket opened or closed: the next poll comes sooner
    // if it is due sooner now (the computer thinks, the socket went down), and later if
    // it was the quick one and the computer has moved. A poll on its way sets the next.
    function rearm() {
      if (timer === null) return;
      const delay = nextDelay();
      if (Date.now() + delay < dueAt || (quick && !thinking())) schedule(delay);
    }

    async function poll() {
      timer = null;
      await refresh();
      schedule(nextDelay());
    }

    function connect() {
      if (!window.WebSocket || !o.urls.socket) return;
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      const lang = encodeURIComponent((document.documentElement.lang || "").toLowerCase());
      let ws;
      try { ws = new WebSocket(scheme + location.host + o.urls.socket + "?lang=" + lang); } catch (e) { return; }
      ws.onopen = () => { socketOpen = true; o.table.dataset.push = "open"; rearm(); };
      ws.onmessage = (event) => {
        let data;
        try { data = JSON.parse(event.data); } catch (e) { return; }
        pushes += 1;
        o.table.dataset.pushes = pushes;
        if (data.payload) o.table.dataset.pushedViews = (parseInt(o.table.dataset.pushedViews || "0", 10) + 1);
        takePush(data);
      };
      ws.onclose = () => {
        const was = socketOpen;
        socketOpen = false;
        o.table.dataset.push = "closed";
        rearm();
        if (was) setTimeout(connect, 1000 + Math.random() * 2000);
      };
    }

    return {
      start() { connect(); schedule(o.pollMs); },
      actionDone() {
        const waiting = pending;
        pending = null;
        if (waiting) takePush(waiting);
        rearm();  // the computer thinks now: the quick poll, not the safety poll
      },
      refresh,
    };
  };
})();
