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

function showState(message) {
  seat = message.seat;  // the seat screen's rows may be renumbered when the game starts
  $("status").textContent = word("your_seat") + ": " + message.name;
  $("message").textContent = message.message;
  const list = clear("options");
  message.options.forEach((label, index) => {
    const b = button(label, () => {
      for (const other of list.querySelectorAll("button")) other.disabled = true;
      send({ t: "choose", seat: seat, token: token, n: nonce(), version: message.version,
        option: index });
    }, "option");
    b.dataset.option = index;
    list.appendChild(b);
  });
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
  $("leave").addEventListener("click", () => {
    send({ t: "leave", seat: seat, token: token });
    sessionStorage.removeItem(tokenKey);
    token = null;
  });
  connect();
}

start();
