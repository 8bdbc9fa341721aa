// The phone's page: reads the game's state every second and draws it. Text is only
// ever set as text (names typed at the table are never read as markup).
"use strict";

const base = location.pathname.replace(/\/$/, "");
// How often the page asks for the game's state: a move shows within 2 s.
const REFRESH_MS = 1000;
let shown = null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function drawStanding(sections) {
  const holder = document.getElementById("standing");
  holder.replaceChildren();
  for (const section of sections) {
    holder.append(el("h2", section.heading));
    const table = el("table");
    if (section.columns && section.columns.length) {
      const head = el("tr");
      for (const name of section.columns) head.append(el("th", name));
      table.append(head);
    }
    for (const row of section.rows) {
      const line = el("tr");
      row.forEach((cell, i) => line.append(el("td", cell, i > 0 ? "value" : "")));
      table.append(line);
    }
    holder.append(table);
  }
}

function drawStory(story) {
  const list = document.getElementById("story");
  list.replaceChildren();
  for (const entry of story.slice().reverse()) {
    const item = el("li");
    item.append(el("div", entry.when, "when"), el("div", entry.move, "move"));
    if (entry.told.length) {
      const told = el("ul");
      for (const words of entry.told) told.append(el("li", words));
      item.append(told);
    }
    list.append(item);
  }
}

function drawEnd(end) {
  const section = document.getElementById("end");
  section.hidden = !end;
  if (!end) return;
  document.getElementById("result").textContent = end.result;
  const links = [["bgstats", end.bgstats], ["play-file", end.play_file], ["picture-link", end.picture]];
  for (const [id, href] of links) {
    const link = document.getElementById(id);
    link.hidden = !href;
    if (href) link.href = href.startsWith("http") ? href : `${base}/${href}`;
  }
  const picture = document.getElementById("picture");
  picture.hidden = !end.picture;
  if (end.picture && !picture.src.includes(end.picture)) picture.src = `${base}/${end.picture}`;
}

function draw(page) {
  document.title = `${page.game} · Tableside`;
  document.getElementById("game").textContent = page.game;
  document.getElementById("status").textContent = page.status;
  drawStanding(page.standing);
  drawStory(page.story);
  drawEnd(page.end);
}

async function refresh() {
  try {
    const answer = await fetch(`${base}/state.json`, { cache: "no-store" });
    const page = await answer.json();
    if (!answer.ok) {
      document.querySelector("main").hidden = true;
      const closed = document.getElementById("closed");
      closed.hidden = false;
      closed.textContent = page.closed;
      return;
    }
    if (page.version !== shown) {
      shown = page.version;
      draw(page);
    }
  } catch (error) {
    document.getElementById("status").textContent = "The table cannot be reached just now…";
  }
  setTimeout(refresh, REFRESH_MS);
}

// The picture is drawn after the end is told: until it is there, asked again.
document.getElementById("picture").addEventListener("error", (event) => {
  const picture = event.target;
  setTimeout(() => { picture.src = `${base}/result.png?${Date.now()}`; }, REFRESH_MS);
});

refresh();
