/* The game page: the table as one seat sees it, its moves, the computers' moves and the score sheets. */
"use strict";

(function () {
  const game = decodeURIComponent(window.location.pathname.split("/").pop());
  const token = window.location.hash.slice(1);
  const $ = (id) => document.getElementById(id);
  const POLL_MS = 400;
  const PACE_MS = 600; // the pause between two moves of other seats that arrive together
  const MAX_PACED = 12; // of more moves at once (a long absence), the earlier are listed at once

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  let data = null; // the last reply
  let step = 0; // the moves seen so far
  let logged = null; // the moves listed in the log (null before the first reply)
  let replaying = false; // moves that came together are being shown one by one
  let selected = new Set(); // indices into the hand
  let handKey = "";
  let sheetsSeen = null;

  function cards(count) {
    return count + (count === 1 ? " card" : " cards");
  }

  function name(seat) {
    return data.seats[seat].name;
  }

  function showError(answer) {
    const body = answer.body || {};
    const message = $("message");
    message.textContent = "Not allowed: " + (body.message || "the server refused");
    message.dataset.error = body.error || "";
  }

  function sameCards(a, b) {
    if (a.length !== b.length) return false;
    const x = [...a].sort();
    const y = [...b].sort();
    return x.every((card, i) => card === y[i]);
  }

  function renderSeats(v) {
    const box = $("seats");
    box.replaceChildren();
    const totals = data.match.totals;
    for (let seat = 0; seat < v.hand_sizes.length; seat++) {
      const el = Romme.el("div", "seat");
      el.dataset.seat = String(seat);
      if (seat === v.current_player && v.phase !== "round_over") el.classList.add("to-act");
      if (seat === data.seat) el.classList.add("me");
      const title = Romme.el("div", "seat-name", name(seat));
      if (seat === v.dealer) title.append(Romme.el("span", "badge", "dealer"));
      el.append(title);
      const backs = Romme.el("div", "backs");
      const size = v.hand_sizes[seat];
      for (let i = 0; i < Math.min(size, 15); i++) backs.append(Romme.el("span", "mini-back"));
      el.append(backs);
      const facts = v.dealt_in[seat]
        ? size + (size === 1 ? " card" : " cards") + " · " + (v.opened[seat] ? "opened" : "not opened")
        : "sits out this round";
      el.append(Romme.el("div", "facts", facts));
      el.append(Romme.el("div", "total", "penalty total " + totals[seat]));
      box.append(el);
    }
  }

  function renderMiddle(v) {
    $("stock-size").textContent = cards(v.stock_size);
    const pile = $("discard");
    pile.replaceChildren();
    const top = v.discard_pile.length ? v.discard_pile[v.discard_pile.length - 1] : null;
    pile.append(top ? Romme.card(top, "div") : Romme.el("div", "card empty", "empty"));
    $("discard-size").textContent = cards(v.discard_pile.length);
    const melds = $("melds");
    melds.replaceChildren();
    v.table.forEach((entry, index) => {
      const item = Romme.el("li", "meld");
      item.dataset.index = String(index);
      item.append(Romme.el("span", "index", String(index)));
      item.append(Romme.cards(entry.cards));
      const who = entry.kind + (entry.owner === data.seat ? ", yours" : " of " + name(entry.owner)) + (entry.staged ? " · staged" : "");
      item.append(Romme.el("span", "owner", who));
      if (entry.staged) item.classList.add("staged-meld");
      melds.append(item);
    });
    if (!v.table.length) melds.append(Romme.el("li", "none", "no melds yet"));
  }

  function renderStaged() {
    const s = data.staged;
    const el = $("staged");
    if (s.opened) el.textContent = "You have opened.";
    else if (s.value > 0)
      el.textContent =
        "Staged towards your opening: " + s.value + " of " + s.threshold + (s.missing ? ", " + s.missing + " missing" : ", enough");
    else el.textContent = "You need " + s.threshold + " points in melds to open.";
  }

  function renderHand(v) {
    const key = v.hand.join(" ");
    if (key !== handKey) {
      selected = new Set();
      handKey = key;
    }
    const hand = $("hand");
    hand.replaceChildren();
    let drawnMarked = false;
    v.hand.forEach((text, index) => {
      const button = Romme.card(text, "button");
      button.type = "button";
      button.dataset.index = String(index);
      if (selected.has(index)) button.classList.add("selected");
      if (!drawnMarked && data.drawn === text) {
        button.classList.add("drawn");
        button.title = "just drawn";
        drawnMarked = true;
      }
      button.addEventListener("click", () => {
        if (selected.has(index)) selected.delete(index);
        else selected.add(index);
        renderHand(data.view);
        renderMoves();
      });
      hand.append(button);
    });
    $("hand-size").textContent = "(" + v.hand.length + ")";
    $("drawn-note").textContent = data.drawn ? "· you drew " + data.drawn : "";
  }

  function renderMoves() {
    const box = $("moves");
    box.replaceChildren();
    if (data.waiting || data.match.over) {
      const button = Romme.el("button", "move sheet-again", "Score sheet");
      button.type = "button";
      button.addEventListener("click", () => renderSheet(true));
      box.append(button);
    }
    if (!data.my_turn || replaying) return;
    const chosen = [...selected].map((i) => data.view.hand[i]);
    const offered = data.legal.filter(
      (move) => move.cards.length === 0 || (chosen.length > 0 && sameCards(move.cards, chosen))
    );
    for (const move of offered) {
      const button = Romme.el("button", "move " + move.verb, move.text);
      button.type = "button";
      button.dataset.action = move.text;
      button.addEventListener("click", () => send(move.text));
      box.append(button);
    }
    const takes = data.legal.some((move) => move.verb === "take" && move.cards.length > 0);
    if (!chosen.length && data.view.phase === "draw" && takes)
      box.append(Romme.el("span", "hint", "To take the discard, select the cards you meld it with."));
    else if (!chosen.length && data.view.phase === "play")
      box.append(Romme.el("span", "hint", "Select cards to see the moves with them."));
    else if (chosen.length && offered.every((m) => m.cards.length === 0))
      box.append(Romme.el("span", "hint", "No move uses exactly these cards."));
  }

  function logEvent(event) {
    if (logged !== null && event.step < logged) return;
    const log = $("log");
    const item = Romme.el("li", "fresh", name(event.seat) + ": " + event.action);
    item.dataset.step = String(event.step);
    log.prepend(item);
    setTimeout(() => item.classList.remove("fresh"), 1200);
    while (log.children.length > 60) log.lastChild.remove();
    logged = event.step + 1;
  }

  function renderLog(events) {
    for (const event of events) logEvent(event);
    logged = Math.max(logged || 0, data.step);
  }

  // The discard pile after a move: a discard (also after a joker swap) lays its
  // card on it, a take takes its top card, and a take back returns it.
  function showPile(pile, event) {
    const discarded = /(?:^| then )discard (\S+)$/.exec(event.action);
    if (discarded) pile.push(discarded[1]);
    else if (event.action === "takeback") {
      if (pile.taken) pile.push(pile.taken);
    } else if (event.action.startsWith("take ") || event.action === "take") pile.taken = pile.pop();
    const top = pile.length ? Romme.card(pile[pile.length - 1], "div") : Romme.el("div", "card empty", "empty");
    $("discard").replaceChildren(top);
    $("discard-size").textContent = cards(pile.length);
  }

  // One move of another seat, shown on its own: the status line names it and
  // its seat is marked.
  function showMove(event) {
    const status = $("status");
    status.dataset.state = "replay";
    status.textContent = name(event.seat) + ": " + event.action;
    for (const el of document.querySelectorAll("#seats .seat"))
      el.classList.toggle("to-act", el.dataset.seat === String(event.seat));
  }

  // Show a reply. Moves of other seats that came together (the computers at
  // --delay 0, several people's tables, a slow connection) are shown one after
  // another, PACE_MS apart, before the table is drawn as the reply has it; the
  // first reply lists the moves before it at once.
  async function present(reply) {
    const fresh = logged === null ? [] : reply.events.filter((event) => event.step >= logged);
    const others = fresh.filter((event) => event.seat !== reply.seat);
    if (others.length < 2) {
      render(reply);
      return;
    }
    const pile = [...data.view.discard_pile];
    const round = data.match.round;
    data = reply;
    replaying = true;
    try {
      renderHand(reply.view);
      renderStaged();
      renderMoves();
      const paced = new Set(others.slice(-MAX_PACED));
      for (const event of fresh) {
        logEvent(event);
        if (event.round === round) showPile(pile, event);
        if (!paced.has(event)) continue;
        showMove(event);
        await sleep(PACE_MS);
      }
    } finally {
      replaying = false;
    }
    render(reply);
  }

  function renderStatus(v) {
    const status = $("status");
    let state = "others";
    let text = name(v.current_player) + " is playing…";
    if (data.match.over) {
      state = "over";
      text = "The match is over";
    } else if (data.waiting) {
      state = "sheet";
      text = "The round is over";
    } else if (data.my_turn) {
      state = "my-turn";
      text = v.phase === "draw" ? "Your turn: draw from the stock or take the discard" : "Your turn: meld, lay off, then discard";
    }
    status.dataset.state = state;
    status.dataset.phase = v.phase;
    status.dataset.step = String(data.step);
    status.textContent = text;
    const m = data.match;
    const length = m.rounds ? " of " + m.rounds : m.limit ? " · to " + m.limit + " points" : "";
    $("match-line").textContent = data.preset + " · round " + (m.round + 1) + length + " · dealer " + name(v.dealer);
  }

  function renderSheet(force) {
    const sheets = data.sheets;
    if (sheetsSeen === null) sheetsSeen = data.waiting || data.match.over ? sheets.length - 1 : sheets.length;
    if (!force && sheets.length <= sheetsSeen) return;
    const sheet = sheets[sheets.length - 1];
    const table = $("sheet-table");
    table.replaceChildren();
    const head = document.createElement("tr");
    for (const h of ["Seat", "Cards left", "Penalty", "Total"]) head.append(Romme.el("th", "", h));
    table.append(head);
    const running = new Array(data.seats.length).fill(0);
    // A round's score is its penalty plus any bonus (ASS S. 2, only under ass_bonuses).
    const score = (s, i) => s.penalties[i] + (s.bonuses.length ? s.bonuses[i] : 0);
    for (const s of sheets) s.penalties.forEach((p, i) => (running[i] += score(s, i)));
    sheet.penalties.forEach((penalty, seat) => {
      const row = document.createElement("tr");
      row.append(Romme.el("td", "", name(seat)));
      const cell = document.createElement("td");
      if (!sheet.dealt_in[seat]) cell.textContent = "sat out";
      else if (sheet.winner === seat) cell.textContent = sheet.hand_romme ? "Hand-Rommé!" : "went out";
      else {
        cell.append(Romme.cards(sheet.hands[seat]));
        if (!sheet.opened[seat]) cell.append(Romme.el("span", "note", " not opened"));
      }
      const bonus = sheet.bonuses.length ? " (bonus " + (sheet.bonuses[seat] > 0 ? "+" : "") + sheet.bonuses[seat] + ")" : "";
      row.append(cell, Romme.el("td", "num", String(penalty) + bonus), Romme.el("td", "num", String(running[seat])));
      table.append(row);
    });
    const words = sheet.winner === null ? "Round " + (sheet.round + 1) + " over: nobody went out (" + sheet.end.replace(/_/g, " ") + ")" : "Round " + (sheet.round + 1) + " over: " + name(sheet.winner) + (sheet.hand_romme ? " went out at once (Hand-Rommé)" : " went out");
    $("sheet-title").textContent = words;
    const rounds = sheets.map((s) => "round " + (s.round + 1) + ": " + s.penalties.join(" / ")).join("; ");
    let match = "Penalties by round (" + data.seats.map((s) => s.name).join(" / ") + "): " + rounds + ".";
    if (data.match.over) match += " Match over. Winner: " + data.match.winners.map(name).join(", ") + ".";
    $("sheet-match").textContent = match;
    $("next-round").hidden = !data.waiting;
    $("new-game").hidden = !data.match.over;
    $("sheet").hidden = false;
    sheetsSeen = sheets.length;
  }

  function render(reply) {
    const events = reply.events;
    data = reply;
    const v = reply.view;
    renderLog(events);
    step = reply.step;
    renderStatus(v);
    renderSeats(v);
    renderMiddle(v);
    renderStaged();
    renderHand(v);
    renderMoves();
    renderSheet(false);
  }

  // One request at a time: a move waits for a poll in flight instead of being lost.
  let inflight = null;
  let sending = false;

  async function exclusive(task) {
    while (inflight) {
      try {
        await inflight;
      } catch (error) {
        /* the other request reports its own failure */
      }
    }
    inflight = task();
    try {
      return await inflight;
    } finally {
      inflight = null;
    }
  }

  async function send(text) {
    if (sending || replaying) return;
    sending = true;
    $("message").textContent = "";
    try {
      await exclusive(async () => {
        const answer = await Romme.request(
          "POST", "/api/games/" + encodeURIComponent(game) + "/actions", { action: text, step, since: step }, token
        );
        if (answer.ok) await present(answer.body);
        else showError(answer);
      });
    } finally {
      sending = false;
    }
  }

  async function poll() {
    let stop = false;
    if (!inflight) {
      try {
        await exclusive(async () => {
          const answer = await Romme.request("GET", "/api/games/" + encodeURIComponent(game) + "?since=" + step, undefined, token);
          if (answer.ok) await present(answer.body);
          else {
            showError(answer);
            stop = answer.status === 403 || answer.status === 404;
          }
        });
      } catch (error) {
        $("message").textContent = "The server does not answer; trying again…";
      }
    }
    if (!stop) setTimeout(poll, POLL_MS);
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-action").value.trim();
    if (text) send(text).then(() => ($("typed-action").value = ""));
  });
  $("next-round").addEventListener("click", async () => {
    const answer = await exclusive(() =>
      Romme.request("POST", "/api/games/" + encodeURIComponent(game) + "/next", {}, token)
    );
    if (answer.ok) {
      $("sheet").hidden = true;
      render(answer.body);
    } else if (answer.body.error === "round_in_play") $("sheet").hidden = true;
    else showError(answer);
  });
  $("close-sheet").addEventListener("click", () => ($("sheet").hidden = true));
  if (!token) $("message").textContent = "This link has no seat token: open the link you were given for your seat.";
  else poll();
})();
