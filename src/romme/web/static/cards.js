/* Shared helpers of the web table's pages: cards as elements, and JSON requests. */
"use strict";

const Romme = {
  /** An element showing one card in its text form ("7♥", "10♠", "JK"). */
  card(text, tag) {
    const el = document.createElement(tag || "span");
    el.className = "card";
    if (text === "JK") {
      el.classList.add("joker");
      el.textContent = "JK";
      el.title = "joker";
    } else {
      const suit = text.slice(-1);
      el.classList.add(suit === "♥" || suit === "♦" ? "red" : "black");
      const rank = document.createElement("span");
      rank.className = "rank";
      rank.textContent = text.slice(0, -1);
      const pip = document.createElement("span");
      pip.className = "suit";
      pip.textContent = suit;
      el.append(rank, pip);
    }
    el.dataset.card = text;
    return el;
  },

  /** A row of cards. */
  cards(texts) {
    const row = document.createElement("span");
    row.className = "cards";
    for (const text of texts) row.append(Romme.card(text));
    return row;
  },

  /** Send a JSON request; resolve to {ok, status, body}. */
  async request(method, url, body, token) {
    const headers = {};
    if (token) headers.Authorization = "Bearer " + token;
    const init = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(url, init);
    let data = {};
    try {
      data = await response.json();
    } catch (error) {
      data = { error: "http", message: response.statusText };
    }
    return { ok: response.ok, status: response.status, body: data };
  },

  /** "1 card", "5 cards". */
  count(number) {
    return number + (number === 1 ? " card" : " cards");
  },

  /** Whether two lists of card texts hold the same cards, in any order. */
  sameCards(a, b) {
    if (a.length !== b.length) return false;
    const x = [...a].sort();
    const y = [...b].sort();
    return x.every((card, i) => card === y[i]);
  },

  el(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  },
};
