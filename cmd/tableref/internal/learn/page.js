// The learning page: a file of its own, as the site's
// Content-Security-Policy refuses inline script.
const $ = (id) => document.getElementById(id);

async function call(path, body) {
  $("error").textContent = "";
  const r = await fetch(path, body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const j = await r.json();
  if (!r.ok) { $("error").textContent = j.error || r.statusText; return null; }
  return j;
}

function text(tag, s, cls) { const e = document.createElement(tag); e.textContent = s; if (cls) e.className = cls; return e; }

function field(card, key, label) {
  const f = card[key];
  const wrap = document.createElement("div");
  const l = text("label", label);
  const input = document.createElement("input");
  const isText = key === "name" || key === "coords";
  input.type = isText ? "text" : "number";
  input.value = isText ? (f.text || "") : (f.value || "");
  input.dataset.key = key;
  l.appendChild(input);
  wrap.appendChild(l);
  if (!f.sure && f.why) wrap.appendChild(text("div", f.why, "why"));
  return wrap;
}

function render(st) {
  if (!st) return;
  $("decks").replaceChildren(...st.decks.map((d) => { const o = document.createElement("option"); o.value = d; return o; }));
  if (st.deck) { $("deck").value = st.deck; $("session").textContent = "Session " + st.session + ": " + st.learned.length + " cards learned."; }
  $("read").disabled = $("finish").disabled = !st.deck;
  $("message").textContent = st.message || "";
  $("notes").replaceChildren(...(st.notes || []).map((n) => text("li", n)));
  $("cards").replaceChildren(...st.pending.map((c) => {
    const div = document.createElement("div");
    div.className = "card " + (c.confirmed ? "done" : "ask");
    if (c.crop) { const img = document.createElement("img"); img.src = c.crop; img.alt = c.id; div.appendChild(img); }
    div.appendChild(text("div", c.id + (c.confirmed ? " · learned" : " · please check")));
    if (c.problem) { div.appendChild(text("div", c.problem, "why")); return div; }
    if (c.confirmed) { div.appendChild(text("div", c.name.text + ": " + (c.coords ? c.coords.text : c.ns.value + " / " + c.we.value))); return div; }
    div.appendChild(field(c, "name", "name"));
    if (c.coords) {
      div.appendChild(field(c, "coords", "coordinates as the card prints them (41°N 12°E)"));
    } else {
      div.appendChild(field(c, "ns", "number in the top and bottom half-circles"));
      div.appendChild(field(c, "we", "number in the left and right half-circles"));
    }
    const b = text("button", "Confirm");
    b.onclick = async () => {
      const v = (k) => div.querySelector("[data-key=" + k + "]").value;
      render(await call("/api/learn/confirm", c.coords ? {num: c.num, name: v("name"), coords: v("coords")} : {num: c.num, name: v("name"), ns: Number(v("ns")), we: Number(v("we"))}));
    };
    div.appendChild(b);
    return div;
  }));
  $("learned").replaceChildren(...st.learned.map((c) => {
    const tr = document.createElement("tr");
    for (const v of c.lat ? [c.num, c.name, c.lat, c.lon] : [c.num, c.name, c.ns, c.we]) tr.appendChild(text("td", String(v)));
    return tr;
  }));
}

$("start").onclick = async () => render(await call("/api/learn/start", {deck: $("deck").value}));
$("read").onclick = async () => { $("message").textContent = "Reading…"; render(await call("/api/learn/read", {})); };
$("finish").onclick = async () => render(await call("/api/learn/finish", {}));
call("/api/learn/state").then(render);
