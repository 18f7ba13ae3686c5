/* The start page: choose the rules, the seats and who plays them; create the game. */
"use strict";

(function () {
  const rules = document.getElementById("rules");
  const players = document.getElementById("players");
  const humans = document.getElementById("humans");
  const about = document.getElementById("rules-about");
  const error = document.getElementById("error");
  let presets = [];

  function preset() {
    return presets.find((p) => p.name === rules.value);
  }

  function seatChoices() {
    const chosen = Array.from(humans.querySelectorAll("input[type=checkbox]:checked")).map((i) => Number(i.value));
    const typed = new Map(Array.from(humans.querySelectorAll("input.name")).map((i) => [i.dataset.seat, i.value]));
    for (const row of humans.querySelectorAll("label, input.name")) row.remove();
    const count = Number(players.value);
    for (let seat = 0; seat < count; seat++) {
      const label = Romme.el("label", "seat-choice");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = String(seat);
      box.id = "human-" + seat;
      box.checked = chosen.length ? chosen.includes(seat) : seat === 0;
      label.append(box, " Seat " + seat + ": a person (unticked: the computer)");
      // A person's seat takes the name its player chooses (empty: "Player N").
      const name = document.createElement("input");
      name.className = "name";
      name.id = "name-" + seat;
      name.dataset.seat = String(seat);
      name.maxLength = 20;
      name.placeholder = "name (optional)";
      name.setAttribute("aria-label", "Name at seat " + seat);
      name.value = typed.get(String(seat)) || "";
      name.hidden = !box.checked;
      box.addEventListener("change", () => (name.hidden = !box.checked));
      humans.append(label, name);
    }
  }

  function rulesChanged() {
    const p = preset();
    about.textContent = p.description + "; " + p.match + ".";
    const before = Number(players.value) || 3;
    players.replaceChildren();
    for (let n = p.min_players; n <= p.max_players; n++) {
      const option = Romme.el("option", "", n + " seats");
      option.value = String(n);
      players.append(option);
    }
    players.value = String(Math.min(Math.max(before, p.min_players), p.max_players));
    seatChoices();
  }

  async function load() {
    const answer = await Romme.request("GET", "/api/presets");
    presets = answer.body.presets;
    for (const p of presets) {
      const option = Romme.el("option", "", p.name + " (" + p.opening + " to open)");
      option.value = p.name;
      rules.append(option);
    }
    rules.value = "classic";
    rulesChanged();
  }

  async function submit(event) {
    event.preventDefault();
    error.textContent = "";
    const seats = Array.from(humans.querySelectorAll("input[type=checkbox]:checked")).map((i) => Number(i.value));
    const body = { rules: rules.value, players: Number(players.value), humans: seats };
    const names = Array.from({ length: body.players }, (_, seat) => {
      const input = document.getElementById("name-" + seat);
      return seats.includes(seat) && input && input.value.trim() ? input.value.trim() : null;
    });
    if (names.some((n) => n !== null)) body.names = names;
    const rounds = document.getElementById("rounds").value;
    const seed = document.getElementById("seed").value;
    if (rounds) body.rounds = Number(rounds);
    if (seed) body.seed = Number(seed);
    const answer = await Romme.request("POST", "/api/games", body);
    if (!answer.ok) {
      error.textContent = answer.body.message || "the game could not be created";
      return;
    }
    const links = answer.body.seats.filter((s) => s.human);
    if (links.length === 1) {
      window.location.assign(links[0].link);
      return;
    }
    const list = document.getElementById("link-list");
    list.replaceChildren();
    for (const seat of links) {
      const item = document.createElement("li");
      const a = Romme.el("a", "", "Seat " + seat.seat + (seat.name ? " (" + seat.name + ")" : ""));
      a.href = seat.link;
      a.target = "_blank";
      const address = new URL(seat.link, window.location.href).href;
      const full = Romme.el("code", "", address);
      const copy = Romme.el("button", "copy", "Copy");
      copy.type = "button";
      copy.dataset.seat = String(seat.seat);
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(address);
          copy.textContent = "Copied";
        } catch (error) {
          // No clipboard (an address that is not secure): select the link for the person to copy.
          const range = document.createRange();
          range.selectNodeContents(full);
          window.getSelection().removeAllRanges();
          window.getSelection().addRange(range);
          copy.textContent = "Selected: copy it";
        }
      });
      item.append(a, " ", copy, " ", full);
      list.append(item);
    }
    document.getElementById("links").hidden = false;
  }

  rules.addEventListener("change", rulesChanged);
  players.addEventListener("change", seatChoices);
  document.getElementById("new-game").addEventListener("submit", submit);
  load();
})();
