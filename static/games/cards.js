/* Drawing Schnapsen cards with CSS and small inline SVGs: French or doppeldeutsch suits. */
(function () {
  "use strict";
  const FRENCH = { H: "\u2665", D: "\u2666", S: "\u2660", C: "\u2663" };
  const SVG = {
    H: '<path d="M10 17.5 2.8 10.3A4.2 4.2 0 0 1 10 5a4.2 4.2 0 0 1 7.2 5.3Z" fill="#c4161c"/>',
    D: '<circle cx="10" cy="9.5" r="6.5" fill="#e3a712" stroke="#6b4b00" stroke-width="1.2"/>' +
       '<path d="M4 10.5h12" stroke="#6b4b00" stroke-width="1.4"/><circle cx="10" cy="14" r="1.4" fill="#6b4b00"/>',
    S: '<path d="M10 1.8C16.5 6 16.5 13.5 10 17.5 3.5 13.5 3.5 6 10 1.8Z" fill="#2f7d32"/>' +
       '<path d="M10 4v15" stroke="#184a1a" stroke-width="1.2"/>',
    C: '<ellipse cx="10" cy="12.2" rx="4.6" ry="5.6" fill="#b5651d"/>' +
       '<path d="M4 10.2Q10 1.5 16 10.2Z" fill="#5b3512"/><path d="M10 3.5V1" stroke="#5b3512" stroke-width="1.4"/>',
  };
  const RED_FRENCH = { H: true, D: true };

  function suitIcon(suit, deck, labels) {
    const span = document.createElement("span");
    span.className = "suit suit-" + suit;
    const name = labels[deck].suits[suit];
    span.setAttribute("title", name);
    if (deck === "german") {
      span.innerHTML = '<svg viewBox="0 0 20 20" aria-hidden="true">' + SVG[suit] + "</svg>";
    } else {
      span.textContent = FRENCH[suit];
      span.setAttribute("aria-hidden", "true");
    }
    return span;
  }

  function cardName(code, deck, labels) {
    const l = labels[deck];
    return l.suits[code[1]] + " " + l.ranks[code[0]];
  }

  /* A face-up card; opts.button makes it a <button>. */
  function card(code, deck, labels, opts) {
    opts = opts || {};
    const el = document.createElement(opts.button ? "button" : "div");
    if (opts.button) el.type = "button";
    const suit = code[1];
    el.className = "card face " + (deck === "french" && RED_FRENCH[suit] ? "red" : "black") + " deck-" + deck;
    el.dataset.card = code;
    el.setAttribute("aria-label", cardName(code, deck, labels));
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = labels[deck].ranks[code[0]];
    el.appendChild(rank);
    el.appendChild(suitIcon(suit, deck, labels));
    const big = suitIcon(suit, deck, labels);
    big.classList.add("big");
    el.appendChild(big);
    return el;
  }

  function back() {
    const el = document.createElement("div");
    el.className = "card back";
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  window.SchnapsenCards = { card: card, back: back, suitIcon: suitIcon, cardName: cardName };
})();
