"use strict";
// The club page: every table and the evening's leaderboard, from
// /api/club, four times a second. Text goes in with textContent only.
(function () {
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function tableCard(t) {
    const li = el("li", "table" + (t.silent ? " silent" : "") + (t.problem ? " refused" : ""));
    li.dataset.table = t.name;
    const h = el("h3", "name", t.name);
    li.appendChild(h);
    li.appendChild(el("p", "mode", (t.mode || "no game yet") + (t.finished ? " · finished" : "") + " · " + t.games + " game(s) tonight"));
    if (t.problem) li.appendChild(el("p", "problem", t.problem));
    if (t.silent) li.appendChild(el("p", "silent-note", t.silent));
    const ol = el("ol", "scores");
    for (const p of t.players) {
      const s = el("li", p.winner ? "winner" : "");
      s.appendChild(el("span", "player", p.name + (t.turn === p.name && !t.finished ? " ◀" : "")));
      s.appendChild(el("span", "total", String(p.total)));
      ol.appendChild(s);
    }
    li.appendChild(ol);
    if (t.last) {
      const v = el("p", "verdict " + t.last.verdict, t.last.text);
      v.dataset.seq = String(t.last.seq);
      li.appendChild(v);
    }
    return li;
  }
  function render(s) {
    document.getElementById("club").textContent = s.club;
    const conn = document.getElementById("conn");
    conn.textContent = s.connected ? "live" : "broker unreachable";
    conn.className = "pill " + (s.connected ? "on" : "off");
    const tables = document.getElementById("tables");
    tables.replaceChildren(...s.tables.map(tableCard));
    const rows = s.leaderboard.map(function (p) {
      const tr = el("tr");
      tr.appendChild(el("th", "", p.name)).scope = "row";
      tr.appendChild(el("td", "", String(p.wins)));
      tr.appendChild(el("td", "", String(p.points)));
      tr.appendChild(el("td", "", String(p.games)));
      return tr;
    });
    document.getElementById("leaderboard").replaceChildren(...rows);
  }
  async function poll() {
    try {
      const r = await fetch("/api/club", { cache: "no-store" });
      if (r.ok) render(await r.json());
    } catch (e) {
      const conn = document.getElementById("conn");
      conn.textContent = "club view unreachable";
      conn.className = "pill off";
    }
    setTimeout(poll, 250);
  }
  poll();
})();
