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
  let claimed = []; // the cards a claim of this seat brought into its hand (the card and the top stock card)
  let robPick = null; // the table card picked to take into the hand (Räuber-Rommé): its move text
  let handKey = "";
  let sheetsSeen = null;
  let loggedRound = null; // the round of the newest move in the log
  const OFFLINE = "The server does not answer; trying again…";
  const STALE = "The game moved on; here is the table now.";

  // What each part of the page was last drawn from: a part is drawn again only
  // when this changes, so that a press on a card or a button is not split by a
  // poll that brought nothing new (its mouseup would land on a new element).
  const drawnFrom = new Map();
  function changed(part, inputs) {
    const key = JSON.stringify(inputs);
    if (drawnFrom.get(part) === key) return false;
    drawnFrom.set(part, key);
    return true;
  }

  function name(seat) {
    return data.seats[seat].name;
  }

  // The cards taken from the table this turn that the seat to act still holds (Räuber-Rommé).
  function borrowed(v) {
    return (v.turn && v.turn.borrowed) || [];
  }

  // The label of a move's button: the claim answers and the take-back in words.
  function label(move) {
    const c = data.claim;
    if (c && move.verb === "knock") return "Knock: take " + c.card + " and a penalty card";
    if (c && move.verb === "buy") return "Buy " + c.card + " with the top stock card";
    if (c && move.verb === "pass") return "Pass: leave " + c.card;
    if (c && move.verb === "consent") return "Consent: " + name(c.buyer) + " may buy " + c.card;
    if (c && move.verb === "refuse") return "Refuse: " + name(c.buyer) + " may not buy " + c.card;
    if (move.verb === "takeback" && borrowed(data.view).length) return "Take back: the table as it was";
    return move.text;
  }

  function showError(answer) {
    const body = answer.body || {};
    const message = $("message");
    // A refused move (4xx) is not allowed; a fault of the server's store (5xx) is no refusal.
    // Text the server cannot read as a move is no refusal of a move either.
    let prefix = "Not allowed: ";
    if (answer.status >= 500) prefix = "The server cannot go on now: ";
    else if (body.error === "bad_action") prefix = "Cannot read the move: ";
    message.textContent = prefix + (body.message || "the server refused");
    message.dataset.error = body.error || "";
  }

  function renderSeats(v) {
    const box = $("seats");
    const totals = data.match.totals;
    const held = borrowed(v);
    const inputs = [v.hand_sizes, v.dealt_in, v.opened, v.dealer, v.current_player, v.phase, held, totals, data.seat, data.seats];
    if (changed("seats", inputs)) drawSeats(v, box, totals);
    // The seat to act is marked again even where nothing else changed (a move shown on its own marks its seat).
    for (const el of box.children)
      el.classList.toggle("to-act", el.dataset.seat === String(v.current_player) && v.phase !== "round_over");
  }

  function drawSeats(v, box, totals) {
    box.replaceChildren();
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
      const held = seat === v.current_player ? borrowed(v) : [];
      if (held.length && seat !== data.seat) {
        const note = Romme.el("div", "facts held", "holds from the table: ");
        note.append(Romme.cards(held));
        el.append(note);
      }
      el.append(Romme.el("div", "total", "penalty total " + totals[seat]));
      box.append(el);
    }
  }

  function renderMiddle(v) {
    $("stock-size").textContent = Romme.count(v.stock_size);
    const size = v.discard_pile.length;
    showDiscard(size ? v.discard_pile[size - 1] : null, size);
    const robs = data.my_turn && !replaying ? data.legal.filter((m) => m.from_table).map((m) => m.text) : [];
    if (!changed("melds", [v.table, robs, robPick, data.seat, data.seats])) return;
    const melds = $("melds");
    melds.replaceChildren();
    v.table.forEach((entry, index) => {
      const item = Romme.el("li", "meld");
      item.dataset.index = String(index);
      item.append(Romme.el("span", "index", String(index)));
      item.append(meldCards(entry, index));
      const who = entry.kind + (entry.owner === data.seat ? ", yours" : " of " + name(entry.owner)) + (entry.staged ? " · staged" : "");
      item.append(Romme.el("span", "owner", who));
      if (entry.staged) item.classList.add("staged-meld");
      melds.append(item);
    });
    if (!v.table.length) melds.append(Romme.el("li", "none", "no melds yet"));
  }

  // The cards of table meld `index`; under Räuber-Rommé each card the seat may
  // take is a button that picks it (the move to take it is then offered).
  function meldCards(entry, index) {
    const robs = data.my_turn && !replaying ? data.legal.filter((m) => m.from_table && m.from_table[0] === index) : [];
    if (!robs.length) return Romme.cards(entry.cards);
    const row = Romme.el("span", "cards");
    entry.cards.forEach((text, position) => {
      const move = robs.find((m) => m.from_table[1] === position);
      if (!move) {
        row.append(Romme.card(text));
        return;
      }
      const button = Romme.card(text, "button");
      button.type = "button";
      button.classList.add("robbable");
      button.dataset.rob = move.text;
      button.title = "take " + text + " into your hand";
      if (robPick === move.text) button.classList.add("picked");
      button.addEventListener("click", () => {
        robPick = robPick === move.text ? null : move.text;
        renderMiddle(data.view);
        renderMoves();
      });
      row.append(button);
    });
    return row;
  }

  function tableCard(move) {
    const [index, position] = move.from_table;
    return data.view.table[index].cards[position];
  }

  // The claim window on the top discard (knocking, buying; rules §13).
  function renderClaim() {
    Romme.claimPanel($("claim"), data.claim, name);
  }

  // The cards taken from the table that this seat must lay again before it discards.
  function renderBorrowed(v) {
    const note = $("borrowed-note");
    const held = v.current_player === data.seat ? borrowed(v) : [];
    note.replaceChildren();
    note.hidden = !held.length;
    if (!held.length) return;
    note.append(Romme.el("span", "", "Taken from the table: "), Romme.cards(held));
    note.append(Romme.el("span", "", " Lay " + (held.length === 1 ? "it" : "them") + " again (meld or lay off) before you discard, or take back."));
  }

  function renderStaged() {
    const s = data.staged;
    const el = $("staged");
    // The server says what counts and what is missing (the rules' opening, rules §5).
    if (s.opened) el.textContent = "You have opened.";
    else if (s.value > 0) el.textContent = "Staged towards your opening: " + s.value + " of " + s.threshold + ", needs " + s.needs + ".";
    else el.textContent = "You need melds worth " + s.opening + " to open.";
  }

  function renderHand(v) {
    const key = v.hand.join(" ");
    if (key !== handKey) {
      selected = new Set();
      handKey = key;
    }
    const held = v.current_player === data.seat ? [...borrowed(v)] : [];
    // The drawn card is named while the hand holds it (not once it is melded, laid off or discarded).
    const drawn = data.drawn && v.hand.includes(data.drawn) ? data.drawn : null;
    $("hand-size").textContent = "(" + v.hand.length + ")";
    if (claimed.length) $("drawn-note").textContent = "· your claim brought " + claimed[0] + " and, from the stock, " + claimed[1];
    else $("drawn-note").textContent = drawn ? "· you drew " + drawn : "";
    if (!changed("hand", [v.hand, [...selected], held, claimed, drawn])) return;
    const hand = $("hand");
    hand.replaceChildren();
    let drawnMarked = false;
    const gained = [...claimed];
    v.hand.forEach((text, index) => {
      const button = Romme.card(text, "button");
      button.type = "button";
      button.dataset.index = String(index);
      if (selected.has(index)) button.classList.add("selected");
      const fresh = gained.indexOf(text);
      if (fresh >= 0) {
        gained.splice(fresh, 1);
        button.classList.add("claimed");
        button.title = "brought by your claim";
      }
      const from = held.indexOf(text);
      if (from >= 0) {
        held.splice(from, 1);
        button.classList.add("borrowed");
        button.title = "taken from the table: lay it again before you discard";
      }
      if (!drawnMarked && drawn === text) {
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
  }

  function renderMoves() {
    const box = $("moves");
    const inputs = [data.waiting, data.match.over, data.my_turn, replaying, [...selected], data.view.hand, data.legal,
      robPick, data.claim, data.view.phase, borrowed(data.view), data.seats];
    if (!changed("moves", inputs)) return;
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
      (move) =>
        (move.cards.length === 0 && !move.from_table) || (chosen.length > 0 && Romme.sameCards(move.cards, chosen))
    );
    const picked = data.legal.find((move) => move.text === robPick);
    for (const move of picked ? [picked, ...offered] : offered) {
      const words = move === picked ? "Take " + tableCard(move) + " from meld " + move.from_table[0] + " into your hand" : label(move);
      const button = Romme.el("button", "move " + move.verb, words);
      button.type = "button";
      button.dataset.action = move.text;
      button.addEventListener("click", () => send(move.text));
      box.append(button);
    }
    if (!picked && data.legal.some((move) => move.from_table))
      box.append(Romme.el("span", "hint", "Click a card of the table melds to take it into your hand."));
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
    if (loggedRound !== null && event.round !== loggedRound) {
      const divider = Romme.el("li", "round-divider", "Round " + (event.round + 1));
      divider.dataset.round = String(event.round);
      log.prepend(divider);
    }
    loggedRound = event.round;
    const item = Romme.el("li", "fresh", name(event.seat) + ": " + event.words);
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

  // The discard pile after a move, as the server logged it: its size and top
  // card (a move of a log stored before they were kept leaves it as it is).
  function showPile(event) {
    if (typeof event.pile === "number") showDiscard(event.top, event.pile);
  }

  // The discard pile: its top card (null for an empty pile) and its size.
  function showDiscard(top, size) {
    if (!changed("discard", [top, size])) return;
    $("discard").replaceChildren(top ? Romme.card(top, "div") : Romme.el("div", "card empty", "empty"));
    $("discard-size").textContent = Romme.count(size);
  }

  // One move of another seat, shown on its own: the status line names it and
  // its seat is marked.
  function showMove(event) {
    const status = $("status");
    status.dataset.state = "replay";
    status.textContent = name(event.seat) + ": " + event.words;
    for (const el of document.querySelectorAll("#seats .seat"))
      el.classList.toggle("to-act", el.dataset.seat === String(event.seat));
  }

  // The cards a claim of this seat brought, between two replies of one round.
  function noteClaimed(reply) {
    if (data === null || reply.match.round !== data.match.round) claimed = [];
    else claimed = Romme.claimedCards(data.view.hand, reply.view.hand, data.claim ? data.claim.card : null) || claimed;
  }

  // Show a reply. Moves of other seats that came together (the computers at
  // --delay 0, several people's tables, a slow connection) are shown one after
  // another, PACE_MS apart, before the table is drawn as the reply has it; the
  // first reply lists the moves before it at once.
  async function present(reply) {
    noteClaimed(reply);
    const fresh = logged === null ? [] : reply.events.filter((event) => event.step >= logged);
    const others = fresh.filter((event) => event.seat !== reply.seat);
    if (others.length < 2) {
      render(reply);
      return;
    }
    const round = data.match.round;
    data = reply;
    replaying = true;
    try {
      renderHand(reply.view);
      renderStaged();
      renderMoves();
      renderHint();
      const paced = new Set(others.slice(-MAX_PACED));
      for (const event of fresh) {
        logEvent(event);
        if (event.round === round) showPile(event);
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
    } else if (data.my_turn && data.claim) {
      state = "my-turn";
      const c = data.claim;
      if (c.buyer !== null) text = name(c.buyer) + " wants to buy " + c.card + ": consent or refuse";
      else text = (c.kind === "knock" ? "Knock or pass: " : "Buy or pass: ") + c.card + " is offered";
    } else if (data.my_turn) {
      state = "my-turn";
      if (v.phase === "draw") text = "Your turn: draw from the stock or take the discard";
      else if (borrowed(v).length) text = "Your turn: lay the cards taken from the table again, then discard";
      else text = "Your turn: meld, lay off, then discard";
    } else if (data.claim) {
      text = name(v.current_player) + " is asked about " + data.claim.card + "…";
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

  // The hint button: on your turn, what the hard computer player would play in your place, and why.
  let hintStep = null; // the step the hint shown was given at
  function renderHint() {
    $("hint").hidden = !data.my_turn || replaying || data.waiting;
    if (hintStep !== null && hintStep !== data.step) {
      hintStep = null;
      $("hint-line").textContent = "";
    }
  }

  async function askHint() {
    if (sending || replaying) return;
    $("message").textContent = "";
    $("hint").disabled = true;
    try {
      await exclusive(async () => {
        const answer = await Romme.request("GET", "/api/games/" + encodeURIComponent(game) + "/hint", undefined, token);
        if (answer.ok) {
          const given = answer.body.hint;
          hintStep = given.step;
          $("hint-line").textContent = "Hint: " + given.words + ": " + given.why;
          $("hint-line").dataset.action = given.action;
          if (data) renderHint();
        } else showError(answer);
      });
    } finally {
      $("hint").disabled = false;
    }
  }

  function render(reply) {
    const events = reply.events;
    // Another person at the table started the next round: the score sheet gives way to it.
    if (data && data.waiting && !reply.waiting && !reply.match.over) $("sheet").hidden = true;
    data = reply;
    const v = reply.view;
    if (robPick && !reply.legal.some((move) => move.text === robPick)) robPick = null;
    renderLog(events);
    step = reply.step;
    renderStatus(v);
    renderSeats(v);
    renderMiddle(v);
    renderClaim();
    renderStaged();
    renderBorrowed(v);
    renderHand(v);
    renderMoves();
    renderHint();
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
    let done = false;
    try {
      await exclusive(async () => {
        const answer = await Romme.request(
          "POST", "/api/games/" + encodeURIComponent(game) + "/actions", { action: text, step, since: step }, token
        );
        if (answer.ok) {
          robPick = null; // a move made: the table card picked before it is picked no more
          done = true;
          await present(answer.body);
        } else if (answer.status === 409 && answer.body.error === "stale") {
          // Sent from a table that was behind (another tab of this seat moved): show the table now.
          const fresh = await Romme.request("GET", "/api/games/" + encodeURIComponent(game) + "?since=" + step, undefined, token);
          if (fresh.ok) await present(fresh.body);
          $("message").textContent = STALE;
          $("message").dataset.error = "stale";
        } else showError(answer);
      });
    } finally {
      sending = false;
    }
    return done;
  }

  async function poll() {
    let stop = false;
    if (!inflight) {
      try {
        await exclusive(async () => {
          const answer = await Romme.request("GET", "/api/games/" + encodeURIComponent(game) + "?since=" + step, undefined, token);
          if ($("message").textContent === OFFLINE) $("message").textContent = "";
          if (answer.ok) await present(answer.body);
          else if (answer.status === 403 || answer.status === 404) {
            stop = true;
            noGame(answer.status === 404 ? "There is no such game" : "This link opens no seat", answer.body.message || "");
          } else showError(answer);
        });
      } catch (error) {
        $("message").textContent = OFFLINE;
      }
    }
    if (!stop) setTimeout(poll, POLL_MS);
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-action").value.trim();
    // A refused or unreadable move keeps its text, to be mended.
    if (text) send(text).then((done) => done && ($("typed-action").value = ""));
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
  // A link to no game (mistyped, or its game deleted): a plain page that says so.
  function noGame(heading, words) {
    document.title = "Rommé: " + heading.toLowerCase();
    $("status").dataset.state = "no-game";
    $("status").textContent = "";
    const page = Romme.el("main", "start no-game");
    page.append(Romme.el("h1", "", heading));
    page.append(Romme.el("p", "", "The link may be mistyped or cut short, or its game is gone" + (words ? " (the server says: " + words + ")." : ".")));
    const start = Romme.el("a", "", "Start a new game");
    start.href = "/";
    start.id = "start-link";
    const line = Romme.el("p");
    line.append(start);
    page.append(line);
    document.querySelector("main.table").replaceWith(page);
  }

  $("close-sheet").addEventListener("click", () => ($("sheet").hidden = true));
  $("hint").addEventListener("click", askHint);
  if (!token) noGame("This link opens no seat", "it has no seat token: open the link you were given for your seat");
  else poll();
})();
