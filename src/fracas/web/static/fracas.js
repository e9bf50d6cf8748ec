// fracas table page: keeps the page in step with the server over a WebSocket, and turns
// clicks on the action panel and the map into actions. Every piece of HTML it inserts was
// rendered (and escaped) by the server; nothing here builds markup from names or text.
(() => {
  "use strict";
  const body = document.body;
  const token = body.dataset.token;
  let seq = Number(body.dataset.seq);
  let socket = null;
  let retry = 500;
  let narrowed = null;

  const $ = (sel) => document.querySelector(sel);
  const notice = (words, kind) => {
    const box = $("#notice");
    box.textContent = words || "";
    box.hidden = !words;
    box.className = "notice " + (kind || "");
  };
  const fragment = (html) => {
    const holder = document.createElement("template");
    holder.innerHTML = html; // server-rendered and escaped (Jinja autoescape, svg.py)
    return holder.content;
  };

  // the map's moving layer (an SVG group), parsed inside an <svg> so it is SVG
  const layerOf = (html) => fragment(`<svg xmlns="http://www.w3.org/2000/svg">${html}</svg>`).firstChild.firstChild;

  // a "state" message carries the whole page; a "delta" only what changed (docs/web.md)
  function apply(message) {
    if (message.type === "error") { notice(message.error, "error"); return; }
    if (message.type !== "state" && message.type !== "delta") return;
    const open = openGroup();
    seq = message.seq;
    body.dataset.seq = String(seq);
    if (message.map !== undefined) $("#map").replaceChildren(fragment(message.map));
    const layer = $('#map [data-layer="live"]');
    if (message.live !== undefined && layer) layer.replaceWith(layerOf(message.live));
    for (const [name, html] of Object.entries(message.parts || {})) {
      const holder = document.getElementById(name);
      if (holder) holder.replaceChildren(fragment(html));
    }
    const log = $("#log");
    if (message.type === "state" && message.since < 0) log.replaceChildren();
    for (const html of message.log) log.prepend(fragment(html));
    if (message.undone !== undefined) {
      const undone = new Set(message.undone.map(String));
      for (const entry of log.querySelectorAll(":scope > li")) {
        entry.classList.toggle("undone", undone.has(entry.dataset.seq));
      }
    }
    const newPanel = message.parts && message.parts.panel !== undefined;
    if (newPanel) narrowed = null;
    if (open && newPanel) {
      const again = document.querySelector(`.choice[data-do="${CSS.escape(open)}"]`);
      if (again) again.open = true;
    }
    markPickable();
  }

  // the socket --------------------------------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
    socket.onopen = () => {
      retry = 500;
      $("#connection").textContent = "live";
      $("#connection").className = "connection live";
      socket.send(JSON.stringify({ seq }));
    };
    socket.onmessage = (event) => apply(JSON.parse(event.data));
    socket.onclose = (event) => {
      $("#connection").className = "connection";
      if (event.code === 4403) {
        $("#connection").textContent = "link revoked";
        notice("This link no longer works.", "error");
        return;
      }
      $("#connection").textContent = "reconnecting…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  async function post(path, payload) {
    const response = await fetch(`/api/${token}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    let data = {};
    try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
    if (!response.ok) {
      notice(data.error || "refused", "error");
      // the fight moved on: the socket sends the current state as its own catch-up (its
      // deltas follow on from what it sent), else the state in the answer is shown
      if (data.state && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ seq }));
      else if (data.state) apply(data.state);
      return null;
    }
    notice("");
    if (!socket || socket.readyState !== WebSocket.OPEN) await refresh();
    return data;
  }

  async function refresh() {
    const response = await fetch(`/api/${token}/state?since=${seq}`);
    if (response.ok) apply(await response.json());
  }

  function typedDice() {
    const box = $("#dice");
    if (!box || !box.value.trim()) return null;
    return box.value.trim().split(/[\s,]+/).map(Number);
  }

  async function act(action) {
    const payload = { action, seq };
    const dice = typedDice();
    if (dice) payload.dice = dice;
    const done = await post("act", payload);
    if (done && $("#dice")) $("#dice").value = "";
  }

  // the action panel and the map ----------------------------------------------------------
  const optionsOf = (root) => [...root.querySelectorAll("button.option")];
  const marksOf = (button) => JSON.parse(button.dataset.marks);
  const actionOf = (button) => JSON.parse(button.dataset.action);
  const openGroup = () => {
    const open = document.querySelector(".choice[open]");
    return open ? open.dataset.do : null;
  };

  function candidates() {
    const open = document.querySelector(".choice[open]");
    return narrowed || optionsOf(open || $("#panel"));
  }

  function markPickable() {
    for (const el of document.querySelectorAll("#map .pickable")) el.classList.remove("pickable");
    for (const button of document.querySelectorAll("button.option")) {
      button.classList.toggle("narrowed", !!narrowed && narrowed.includes(button));
    }
    if (!document.querySelector(".choice[open]") && !narrowed) return;
    for (const button of candidates()) {
      for (const [kind, value] of marksOf(button)) {
        if (kind === "point") continue;
        const sel = `#map [data-${kind}="${CSS.escape(value)}"]`;
        for (const el of document.querySelectorAll(sel)) el.classList.add("pickable");
      }
    }
  }

  function pickedPoint(event, svg) {
    const screen = svg.createSVGPoint();
    screen.x = event.clientX;
    screen.y = event.clientY;
    const at = screen.matrixTransform(svg.getScreenCTM().inverse());
    const scale = Number(svg.dataset.scale);
    return [(at.x - Number(svg.dataset.originX)) / scale, (at.y - Number(svg.dataset.originY)) / scale];
  }

  function choose(matching) {
    if (matching.length === 1) { narrowed = null; act(actionOf(matching[0])); return; }
    if (matching.length === 0) { notice("Nothing to do there with this choice.", "info"); return; }
    narrowed = matching;
    const first = matching[0].closest(".choice");
    if (first) first.open = true;
    notice(`${matching.length} ways to do that: pick one in the panel or on the map.`, "info");
    markPickable();
  }

  $("#map").addEventListener("click", (event) => {
    const hit = event.target.closest("[data-target],[data-cell],[data-line],[data-distance]");
    const pool = candidates();
    if (hit) {
      const kind = ["target", "cell", "line", "distance"].find((k) => hit.dataset[k] !== undefined);
      const value = hit.dataset[kind];
      choose(pool.filter((b) => marksOf(b).some(([k, v]) => k === kind && v === value)));
      return;
    }
    const plane = event.target.closest('[data-space="plane"]');
    const svg = event.target.closest("svg");
    if (!plane || !svg) return;
    const [x, y] = pickedPoint(event, svg);
    let best = null;
    let bestDistance = 2;
    for (const button of pool) {
      for (const [kind, value] of marksOf(button)) {
        if (kind !== "point") continue;
        const [bx, by] = value.split(",").map(Number);
        const distance = Math.hypot(bx - x, by - y);
        if (distance < bestDistance) { best = button; bestDistance = distance; }
      }
    }
    choose(best ? [best] : []);
  });

  async function showOdds(group) {
    // odds are worked out only for the group opened (web/odds.py); a stale answer is dropped
    const asked = seq;
    const response = await fetch(`/api/${token}/odds?seq=${asked}&do=${encodeURIComponent(group.dataset.do)}`);
    if (!response.ok || asked !== seq) return;
    const answer = await response.json();
    const spans = group.querySelectorAll("button.option .odds");
    answer.odds.forEach((words, n) => { if (spans[n]) spans[n].textContent = words; });
  }

  document.addEventListener("toggle", (event) => {
    const group = event.target;
    if (!group.classList || !group.classList.contains("choice")) return;
    if (group.open) {
      for (const other of document.querySelectorAll(".choice[open]")) if (other !== group) other.open = false;
      if (narrowed && !narrowed.some((b) => group.contains(b))) narrowed = null;
      showOdds(group);
    }
    markPickable();
  }, true);

  document.addEventListener("click", (event) => {
    const option = event.target.closest("button.option");
    if (option) { narrowed = null; act(actionOf(option)); return; }
    const move = event.target.closest("button[data-gm]");
    if (move) { post(move.dataset.gm, { seq }); return; }
    const revoke = event.target.closest("button[data-revoke]");
    if (revoke) post("links/revoke", { link: revoke.dataset.revoke });
  });

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (form.id === "override") {
      event.preventDefault();
      const action = { actor: "gm", do: "override" };
      for (const [key, value] of new FormData(form).entries()) {
        if (String(value).trim() === "") continue;
        action[key] = key === "hp" ? Number(value) : String(value);
      }
      act(action);
    } else if (form.id === "invite") {
      event.preventDefault();
      const data = new FormData(form);
      const made = await post("links", { combatants: data.getAll("combatant"), label: data.get("label") });
      if (made) notice(`Player link: ${location.origin}${made.url}`, "info");
    }
  });

  connect();
})();
