/* The game page's claims out of turn (knocking, buying; rules §13): the claim panel and
   the cards a claim brought. A move in words comes from the server (each event's `words`). */
"use strict";

/**
 * Fill `box` with the claim window `c` of a reply (hidden when it is null):
 * who declined the card, which card, who has answered what, and who is
 * asked now. `name` gives a seat's name.
 */
Romme.claimPanel = function (box, c, name) {
  box.replaceChildren();
  box.hidden = !c;
  if (!c) {
    delete box.dataset.card;
    return;
  }
  box.dataset.card = c.card;
  box.dataset.kind = c.kind;
  const head = Romme.el("div", "claim-head");
  const whose = c.discarded_by === null ? "The discard" : name(c.discarded_by) === "You" ? "Your discard" : name(c.discarded_by) + "'s discard";
  head.append(Romme.el("span", "", whose), Romme.cards([c.card]));
  head.append(Romme.el("span", "", "is offered: " + name(c.turn_of) + " drew from the stock instead of taking it."));
  box.append(head);
  const how =
    c.kind === "knock"
      ? "Each seat asked in turn may knock for it: it takes the card and the top stock card as a penalty. The first to knock gets it."
      : "Each seat asked in turn may buy it with the top stock card, if the seats whose turn comes first consent.";
  box.append(Romme.el("p", "claim-how", how));
  const list = (rows, words) => {
    const ol = Romme.el("ol", "claim-answers");
    for (const row of rows) {
      const li = Romme.el("li", "answer-" + row.answer, name(row.seat) + ": " + words[row.answer]);
      li.dataset.seat = String(row.seat);
      li.dataset.answer = row.answer;
      ol.append(li);
    }
    return ol;
  };
  box.append(list(c.claimants, { passed: "passed", buying: "wants to buy", asked: "asked now…", waiting: "not asked yet" }));
  if (c.buyer !== null) {
    box.append(Romme.el("div", "claim-how", "The purchase by " + name(c.buyer) + " needs the consent of:"));
    box.append(list(c.consents, { consented: "consented", asked: "asked now…", waiting: "not asked yet" }));
  }
};

/**
 * The cards a claim of this seat brought, from its hand `before` and
 * `after` two replies of one round and the card `offered` at the claim
 * window before (or null): a hand that grew by two cards grew by a knock
 * or a purchase, and gives [the card claimed, the top stock card]; a hand
 * that changed otherwise gives []; an unchanged size gives null (the cards
 * noted so far stay).
 */
Romme.claimedCards = function (before, after, offered) {
  const rest = [...before];
  const gained = [];
  for (const card of after) {
    const at = rest.indexOf(card);
    if (at >= 0) rest.splice(at, 1);
    else gained.push(card);
  }
  if (after.length === before.length + 2 && gained.length === 2)
    return gained[1] === offered ? [gained[1], gained[0]] : gained;
  if (after.length !== before.length) return [];
  return null;
};
