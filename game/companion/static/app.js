// The phone page: join a seat, then show that seat's prompt and private cards, and send taps.
// Plain JavaScript, no build step, nothing fetched but this console's own files. Every word on
// the page comes from /strings.json (the console's language) or from the console's messages.
"use strict";

const params = new URLSearchParams(location.search);
const room = (params.get("room") || "").toUpperCase();
const tokenKey = "cbc-seat-" + room;
let words = {};
let socket = null;
let seat = null;
let token = sessionStorage.getItem(tokenKey);
let lastNonce = 0;
let toastTimer = null;

const $ = (id) => document.getElementById(id);

function word(key) {
  return words[key] || key;
}

function nonce() {
  // Larger than any before, even after a reload: the console refuses a replayed number.
  lastNonce = Math.max(lastNonce + 1, Date.now());
  return lastNonce;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
  }
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 3000);
}

function button(label, onTap, className) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (className) b.className = className;
  b.addEventListener("click", onTap);
  return b;
}

function clear(id) {
  const node = $(id);
  node.replaceChildren();
  return node;
}

function showLobby(message) {
  seat = null;
  $("leave").hidden = true;
  $("status").textContent = message.game || "";
  $("message").textContent = word("pick_seat");
  clear("private");
  const list = clear("options");
  for (const s of message.seats) {
    const label = s.free ? s.name : s.name + " (" + word("taken") + ")";
    const b = button(label, () => send({ t: "join", room: room, seat: s.seat }),
      "seat" + (s.free ? "" : " taken"));
    b.disabled = !s.free;
    b.dataset.seat = s.seat;
    list.appendChild(b);
  }
}

function joined(message) {
  seat = message.seat;
  token = message.token;
  sessionStorage.setItem(tokenKey, token);
  $("status").textContent = word("your_seat") + ": " + message.name;
  $("message").textContent = word("waiting");
  clear("options");
  $("leave").hidden = false;
}

function choose(message, index) {
  // A tap on the sheet sends exactly what the option's button sends.
  for (const other of document.querySelectorAll("button.option, .target")) {
    other.disabled = true;
    other.classList.add("spent");
  }
  send({ t: "choose", seat: seat, token: token, n: nonce(), version: message.version,
    option: index });
}

function showOptions(message, indices) {
  const list = clear("options");
  for (const index of indices) {
    const b = button(message.options[index], () => choose(message, index), "option");
    b.dataset.option = index;
    list.appendChild(b);
  }
}

function showState(message) {
  seat = message.seat;  // the seat screen's rows may be renumbered when the game starts
  $("status").textContent = word("your_seat") + ": " + message.name;
  $("message").textContent = message.message;
  const onSheet = new Set(message.sheet ? message.sheet.targets.map((t) => t.o) : []);
  const indices = message.options.map((_, i) => i);
  showOptions(message, indices.filter((i) => !onSheet.has(i)));
  drawSheet(message, indices);  // (adds how to tap the sheet to the message)
  document.body.dataset.version = message.version;  // the view on screen (the tests wait on it)
  const box = clear("private");
  for (const section of message.sections) {
    const div = document.createElement("div");
    div.className = "section";
    const h = document.createElement("h2");
    h.textContent = section.title;
    const ul = document.createElement("ul");
    for (const item of section.items) {
      const li = document.createElement("li");
      li.textContent = item;
      ul.appendChild(li);
    }
    div.append(h, ul);
    box.appendChild(div);
  }
}

// -- the seat's sheet (Next Station, Explore New York): shapes in a 100 x 100 box ---------------
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function points(list) {
  return list.map((p) => p[0].toFixed(2) + "," + p[1].toFixed(2)).join(" ");
}

function polygon(x, y, r, sides, turn) {
  const list = [];
  for (let i = 0; i < sides; i++) {
    const a = turn + (2 * Math.PI * i) / sides;
    list.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return list;
}

function star(x, y, r) {
  const list = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const d = i % 2 ? r * 0.45 : r;
    list.push([x + d * Math.cos(a), y + d * Math.sin(a)]);
  }
  return list;
}

function mark(shape) {
  // A station or attraction symbol; `cafe_open` is a ring, `cafe` a filled ring (used).
  const [x, y] = shape.p;
  const r = shape.r;
  const fill = shape.c;
  const g = svg("g", {});
  const poly = (list) => g.appendChild(svg("polygon", { points: points(list), fill: fill }));
  const stroke = { fill: "none", stroke: fill, "stroke-width": r * 0.3 };
  switch (shape.s) {
    case "square": g.appendChild(svg("rect", { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6,
      height: r * 1.6, fill: fill })); break;
    case "triangle": poly(polygon(x, y + r * 0.15, r, 3, -Math.PI / 2)); break;
    case "pentagon": poly(polygon(x, y, r, 5, -Math.PI / 2)); break;
    case "star": poly(star(x, y, r * 1.1)); break;
    case "monument": poly(star(x, y, r * 1.2)); break;
    case "platform": poly(polygon(x, y, r * 1.1, 4, 0)); break;
    case "smiley":
      g.appendChild(svg("circle", { cx: x, cy: y, r: r * 0.9, ...stroke }));
      g.appendChild(svg("path", { d: `M${x - r * 0.45},${y + r * 0.15} Q${x},${y + r * 0.75} `
        + `${x + r * 0.45},${y + r * 0.15}`, ...stroke })); break;
    case "cafe_open": g.appendChild(svg("circle", { cx: x, cy: y, r: r * 0.7, ...stroke,
      "stroke-width": r * 0.35 })); break;
    case "cafe": g.appendChild(svg("circle", { cx: x, cy: y, r: r * 0.8, fill: fill })); break;
    default: g.appendChild(svg("circle", { cx: x, cy: y, r: r * 0.85, fill: fill }));
  }
  return g;
}

function path(shape) {
  const p = shape.p;
  if (shape.k === "curve") return `M${p[0]},${p[1]} Q${p[2]},${p[3]} ${p[4]},${p[5]}`;
  return `M${p[0]},${p[1]} L${p[2]},${p[3]}`;
}

function drawShape(shape) {
  if (shape.k === "line" || shape.k === "curve") {
    return svg("path", { d: path(shape), fill: "none", stroke: shape.c, "stroke-width": shape.w,
      "stroke-linecap": "round", "stroke-dasharray": shape.d ? "1.2 1.2" : "none" });
  }
  if (shape.k === "rect") {
    const [x, y, w, h] = shape.p;
    return svg("rect", { x, y, width: w, height: h, rx: 1, fill: shape.c,
      stroke: shape.o || "none", "stroke-width": shape.o ? 0.9 : 0 });
  }
  if (shape.k === "text") {
    const text = svg("text", { x: shape.p[0], y: shape.p[1], "font-size": shape.r,
      fill: shape.c, "font-weight": 700 });
    text.textContent = shape.t;
    return text;
  }
  return mark(shape);
}

function drawTarget(target, onTap) {
  // What a finger hits is larger than what is seen: a wide clear stroke, a larger circle.
  // A faint target is allowed but not what the prompt points at: dim, yet tappable.
  const g = svg("g", { class: target.f ? "target faint" : "target", "data-option": target.o });
  if (target.k === "dot") {
    const [x, y] = target.p;
    g.appendChild(svg("circle", { cx: x, cy: y, r: 3.6, class: "glow" }));
    g.appendChild(svg("circle", { cx: x, cy: y, r: 4.8, class: "hit" }));
  } else if (target.k === "rect") {
    const [x, y, w, h] = target.p;
    g.appendChild(svg("rect", { x, y, width: w, height: h, rx: 1, class: "glow" }));
    g.appendChild(svg("rect", { x, y, width: w, height: h, class: "hit" }));
  } else {
    g.appendChild(svg("path", { d: path(target), class: "glow line" }));
    g.appendChild(svg("path", { d: path(target), class: "hit line" }));
  }
  g.addEventListener("click", onTap);
  return g;
}

// Zoom: a 100-unit sheet shows ZOOM_SPAN units around `zoomAt` (null: the whole sheet). A sheet
// with more bright link targets than DENSE_LINKS (Explore New York's link anywhere: all 80
// roads) is too busy for a finger at full size: there a tap zooms in where it lands and
// chooses nothing; zoomed in, a tap chooses. The zoom lasts while the sheet offers targets.
const ZOOM_SPAN = 45;
const DENSE_LINKS = 12;
let zoomAt = null;
let sheetDense = false;

function isDense(targets) {
  return targets.filter((t) => !t.f && (t.k === "line" || t.k === "curve")).length > DENSE_LINKS;
}

function viewBox() {
  if (!zoomAt) return "0 0 100 100";
  const corner = (v) => Math.min(100 - ZOOM_SPAN, Math.max(0, v - ZOOM_SPAN / 2));
  return `${corner(zoomAt[0]).toFixed(2)} ${corner(zoomAt[1]).toFixed(2)} ${ZOOM_SPAN} ${ZOOM_SPAN}`;
}

function targetsCentre(targets) {
  // The middle of the bright targets (all of them if none is bright); null without targets.
  const bright = targets.filter((t) => !t.f);
  const xs = [];
  const ys = [];
  for (const t of bright.length ? bright : targets) {
    const p = t.k === "rect" ? [t.p[0], t.p[1], t.p[0] + t.p[2], t.p[1] + t.p[3]] : t.p;
    for (let i = 0; i + 1 < p.length; i += 2) { xs.push(p[i]); ys.push(p[i + 1]); }
  }
  if (!xs.length) return null;
  const mid = (v) => (Math.min(...v) + Math.max(...v)) / 2;
  return [mid(xs), mid(ys)];
}

function setZoom(at) {
  zoomAt = at;
  const picture = $("sheetsvg");
  if (picture) picture.setAttribute("viewBox", viewBox());
  $("sheetbox").classList.toggle("zoomed", !!zoomAt);
  $("zoom").textContent = word(zoomAt ? "whole" : "zoom");
  $("zoom").setAttribute("aria-pressed", String(!!zoomAt));
  if (lastState && lastState.sheet && lastState.sheet.targets.length) {
    const how = sheetDense && !zoomAt ? "tap_zoom" : "tap_map";
    $("message").textContent = lastState.message + " · " + word(how);
  }
}

function sheetPoint(picture, event) {
  // Where a tap landed, in the sheet's units.
  const point = picture.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(picture.getScreenCTM().inverse());
  return [p.x, p.y];
}

function drawSheet(message, indices) {
  const box = $("sheet");
  const sheet = message.sheet;
  box.hidden = !sheet;
  lastState = message;
  if (!sheet) return;
  sheetDense = isDense(sheet.targets);
  if (!sheet.targets.length) zoomAt = null;  // nothing to choose: the whole sheet again
  else if (zoomAt && !sheetDense) zoomAt = targetsCentre(sheet.targets);  // e.g. a 2nd link
  const picture = svg("svg", { viewBox: "0 0 100 100", id: "sheetsvg", role: "img" });
  picture.addEventListener("click", (event) => {
    if (sheetDense && !zoomAt) setZoom(sheetPoint(picture, event));
  });
  picture.appendChild(svg("rect", { x: 0, y: 0, width: 100, height: 100, fill: "#f2efe4" }));
  for (const shape of sheet.shapes) picture.appendChild(drawShape(shape));
  // Targets on one place (two ways to reach a station): a tap there lists those options.
  const byPlace = new Map();
  for (const target of sheet.targets) {
    const key = target.k + target.p.join(",");
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key).push(target.o);
  }
  for (const target of sheet.targets) {
    const same = byPlace.get(target.k + target.p.join(","));
    if (same[0] !== target.o) continue;
    picture.appendChild(drawTarget(target, () => {
      if (same.length === 1) choose(message, target.o);
      else showOptions(message, same);
    }));
  }
  clear("sheetbox").appendChild(picture);
  $("sheetbox").classList.toggle("dense", sheetDense);
  $("sheetbox").classList.toggle("pointed", sheet.targets.some((t) => t.f));
  setZoom(zoomAt);
}

let lastState = null;

function receive(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (err) {
    return;
  }
  if (message.t === "lobby") showLobby(message);
  else if (message.t === "joined") joined(message);
  else if (message.t === "state") showState(message);
  else if (message.t === "refused") {
    toast(message.text || word("refused." + message.reason));
    for (const b of $("options").querySelectorAll("button.option")) b.disabled = false;
    for (const g of document.querySelectorAll(".target")) g.classList.remove("spent");
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws");
  socket.addEventListener("open", () => {
    $("status").textContent = "";
    send({ t: "hello", room: room, token: token });
  });
  socket.addEventListener("message", receive);
  socket.addEventListener("close", () => {
    $("status").textContent = word("reconnecting");
    setTimeout(connect, 1000);
  });
}

async function start() {
  try {
    const reply = await fetch("/strings.json", { cache: "no-store" });
    words = await reply.json();
  } catch (err) {
    words = {};
  }
  document.documentElement.lang = words.lang || "en";
  $("title").textContent = word("title");
  $("room").textContent = (word("room") || "").replace("{code}", room);
  $("leave").textContent = word("leave");
  $("zoom").textContent = word("zoom");
  $("zoom").addEventListener("click", () => {
    const targets = lastState && lastState.sheet ? lastState.sheet.targets : [];
    setZoom(zoomAt ? null : (targetsCentre(targets) || [50, 50]));
  });
  $("leave").addEventListener("click", () => {
    send({ t: "leave", seat: seat, token: token });
    sessionStorage.removeItem(tokenKey);
    token = null;
  });
  connect();
}

start();
