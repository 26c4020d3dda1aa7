// The Mini App's first page. Telegram puts its launch data in the address's
// fragment: started from a game's button (startapp=gameN) it goes on to that
// game; opened from the bot's menu, it lists the viewer's games in play.
"use strict";
const words = JSON.parse(document.getElementById("words").textContent);
const fragment = new URLSearchParams(location.hash.slice(1));
const data = fragment.get("tgWebAppData");
const started = fragment.get("tgWebAppStartParam") || new URLSearchParams(data || "").get("start_param") || "";
const game = started.match(/^game(\d+)$/);

async function list() {
  document.getElementById("headline").textContent = words.your_games;
  const answer = await fetch("games", { cache: "no-store", headers: { Authorization: "tma " + data } });
  const games = answer.ok ? await answer.json() : [];
  const shown = document.getElementById("games");
  for (const each of games) {
    const link = document.createElement("a");
    link.href = "game/" + each.id + location.hash;
    link.textContent = each.headline;
    const item = document.createElement("li");
    item.append(link);
    shown.append(item);
  }
  if (games.length === 0) shown.replaceWith(document.createTextNode(words.no_games));
}

if (game) location.replace("game/" + game[1] + location.hash);
else if (data) list().catch(() => (document.getElementById("headline").textContent = words.offline));
else document.getElementById("headline").textContent = words.no_games;
