// The game's page: who is looking (Telegram's launch data in the address's
// fragment, or a player's own link's ticket), the men to tap and their
// targets, the offers, the replay, and a poll that reloads the page when
// the game moves on. Every address is relative to the page.
"use strict";
const setup = JSON.parse(document.getElementById("setup").textContent);
const words = setup.words;
const $ = (id) => document.getElementById(id);

// The proof of who is looking, as the server reads it.
const proof = (() => {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const telegram = fragment.get("tgWebAppData");
  if (telegram) return "tma " + telegram;
  const ticket = new URLSearchParams(location.search).get("ticket");
  return ticket ? "ticket " + ticket : null;
})();

const ask = (path, options = {}) =>
  fetch(setup.id + "/" + path, {
    cache: "no-store",
    ...options,
    headers: proof ? { Authorization: proof } : {},
  });

let busy = false;

// Sends a command as the player would type it; the chat hears of it from
// the bot, the page reloads to show it, or says why not.
async function act(command) {
  if (busy) return;
  busy = true;
  try {
    const answer = await ask("act", { method: "POST", body: command });
    const said = (await answer.json()).said || [];
    if (said.length === 0) {
      location.reload();
      return;
    }
    $("said").textContent = said.join("\n");
  } catch (_) {
    $("said").textContent = words.offline;
  }
  busy = false;
}

function button(label, className, press) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = label;
  if (className) made.className = className;
  made.addEventListener("click", press);
  return made;
}

// A square's button over the picture.
function over(cells, square, className, press) {
  const at = cells[square];
  if (!at) return null;
  const made = button("", className, press);
  made.dataset.square = square;
  made.title = square;
  Object.assign(made.style, {
    left: at[0] + "%",
    top: at[1] + "%",
    width: at[2] + "%",
    height: at[3] + "%",
  });
  $("marks").append(made);
  return made;
}

// The men that can move; tapping one marks its targets.
function showMen(seen) {
  $("marks").replaceChildren();
  $("choices").replaceChildren();
  const origins = [...new Set(seen.moves.filter((m) => m.from).map((m) => m.from))];
  for (const from of origins) {
    over(seen.cells, from, "man", () => showTargets(seen, from));
  }
  for (const special of seen.moves.filter((m) => !m.from)) {
    $("choices").append(button(special.text, "", () => act("move " + special.text)));
  }
}

function showTargets(seen, from) {
  showMen(seen);
  for (const chosen of $("marks").querySelectorAll("button")) {
    if (chosen.dataset.square === from) chosen.className = "chosen";
  }
  const moves = seen.moves.filter((m) => m.from === from);
  for (const to of [...new Set(moves.map((m) => m.to))]) {
    const these = moves.filter((m) => m.to === to);
    const take = these.some((m) => m.take);
    over(seen.cells, to, take ? "target take" : "target", () => {
      if (these.length === 1) return act("move " + these[0].text);
      // Several moves to one square: a promotion, or a swap beside a move.
      $("choices").replaceChildren(document.createTextNode(words.choose + " "));
      for (const m of these) $("choices").append(button(m.text, "", () => act("move " + m.text)));
    });
  }
}

function showOffers(seen) {
  if (!seen.playing) return;
  $("offers").hidden = false;
  $("answers").hidden = !seen.asked;
  $("draw").onclick = () => act("draw");
  $("takeback").onclick = () => act("takeback");
  $("accept").onclick = () => act("accept");
  $("decline").onclick = () => act("decline");
  // Resigning asks twice.
  let sure = false;
  $("resign").onclick = () => {
    if (sure) return act("resign");
    sure = true;
    $("resign").textContent = words.resign_sure;
  };
}

async function lookUp() {
  if (!proof) {
    $("status").textContent = words.looking;
    return;
  }
  try {
    const answer = await ask("you");
    const seen = await answer.json();
    if (!answer.ok) {
      $("status").textContent = (seen.said || []).join(" ");
      return;
    }
    $("status").textContent = seen.name + ": " + seen.status;
    if (seen.seat !== null && seen.seat !== setup.seat) {
      $("picture").src = setup.id + "/board.png?v=" + setup.version + "&seat=" + seen.seat;
    }
    showMen(seen);
    showOffers(seen);
  } catch (_) {
    $("status").textContent = words.offline;
  }
}

$("slider").addEventListener("input", () => {
  const seat = setup.seat === null ? "" : "&seat=" + setup.seat;
  $("frame").src = setup.id + "/frame.png?at=" + $("slider").value + seat;
});

setInterval(async () => {
  try {
    const answer = await fetch(setup.id + "/version", { cache: "no-store" });
    if (answer.ok && (await answer.text()).trim() !== String(setup.version)) location.reload();
  } catch (_) {}
}, setup.poll);

lookUp();
