// The meiriqi web app: plain JavaScript, no library. The server draws the board (the SVG of
// meiriqi.svg) and knows the rules; this page shows what it sends, marks the picked piece's
// legal moves, and sends the moves made by click-click or drag.
//
// Testing contract (docs/web.md): the page opens on a new game of the server's variant with the
// user as White against the computer; #board carries the position shown as data-fen; each
// square of the board is an element with data-square="e4"; clicking an own piece, then a
// target square, makes the move.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const LEVELS = [
  ["depth 1", "Depth 1 (instant)"],
  ["depth 2", "Depth 2"],
  ["depth 3", "Depth 3"],
  ["0.5s", "0.5 s per move"],
  ["1s", "1 s per move"],
  ["2s", "2 s per move"],
  ["5s", "5 s per move"],
  ["10s", "10 s per move"],
  ["30s", "30 s per move"],
];
const PLAYERS = { black: ["black"], white: ["white"], none: [], both: ["white", "black"] };
const DRAG_START = 4; // pixels the pointer moves before a press becomes a drag

const $ = (id) => document.getElementById(id);

const view = {
  game: null, // the last state the server sent
  ply: null, // the ply shown; null follows the game
  flipped: false,
  selected: null, // {from: "e4"} or {drop: "L"}
  drag: null, // {x, y, element, moved, again}: a press on a piece, maybe becoming a drag
  polling: false,
  guideShown: null,
};
const guideCache = new Map();

// -- talking to the server -------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, "the server does not answer: is 'meiriqi serve' still running?");
  }
  const data = await response.json().catch(() => ({ error: `bad answer (${response.status})` }));
  if (!response.ok) throw new ApiError(response.status, data.error || `error ${response.status}`);
  return data;
}

function viewQuery(since, ply = view.ply) {
  const parts = [`flipped=${view.flipped ? 1 : 0}`];
  if (ply !== null) parts.push(`ply=${ply}`);
  if (since !== undefined) parts.push(`since=${since}`);
  return parts.join("&");
}

async function gameAction(action, body = {}) {
  // POST an action on the game; its answer is the new state.
  clearMessage();
  try {
    // The answer shows the last position: the one viewed may no longer exist.
    const path = `/api/games/${view.game.id}/${action}?${viewQuery(undefined, null)}`;
    show(await api("POST", path, body));
  } catch (error) {
    if (error.status === 404 && /no game/.test(error.message)) {
      await openGame();
      say(`${error.message}. A new game has started.`);
    } else {
      say(error.message, true);
    }
    return false;
  }
  return true;
}

async function refresh() {
  try {
    show(await api("GET", `/api/games/${view.game.id}?${viewQuery()}`));
  } catch (error) {
    say(error.message, true);
  }
}

async function poll() {
  // While the computer thinks (or a hint or an analysis runs), wait for news.
  if (view.polling) return;
  view.polling = true;
  try {
    while (view.game && (view.game.thinking || view.game.helper)) {
      const game = view.game;
      const state = await api("GET", `/api/games/${game.id}?${viewQuery(game.version)}`);
      if (view.game.id === state.id) show(state);
    }
  } catch (error) {
    say(error.message, true);
  } finally {
    view.polling = false;
  }
}

async function openGame(settings = {}) {
  show(await api("POST", "/api/games", settings));
}

// -- showing the state -----------------------------------------------------------------------

function show(state) {
  if (view.game && state.id === view.game.id && state.version < view.game.version) return;
  if (view.ply !== null && view.ply >= state.moves.length) view.ply = null;
  const wanted = view.ply === null ? state.moves.length : view.ply;
  view.game = state;
  if (state.view.ply !== wanted || state.view.flipped !== view.flipped) {
    refresh();
  } else {
    drawBoard(state);
  }
  $("title").textContent = state.title;
  document.title = `${state.title} · meiriqi`;
  $("variant").value = state.variant;
  $("players").value = playersKey(state.computer);
  setLevelChoice(state.level);
  $("players-line").textContent = playersLine(state);
  showMoves(state);
  showStatus(state);
  showButtons(state);
  showAnalysis(state);
  showPieceList(state.variant).catch((error) => say(error.message, true));
  if (state.problem) say(state.problem, true);
  if (state.thinking || state.helper) poll();
}

function drawBoard(state) {
  const board = $("board");
  board.innerHTML = state.view.svg;
  board.dataset.fen = state.view.fen;
  board.dataset.ply = state.view.ply;
  const svg = board.querySelector("svg");
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  board.style.setProperty("--aspect", width / height);
  const movable = new Set(state.view.legal.map((move) => move.from || `@${move.drop}`));
  for (const square of svg.querySelectorAll("[data-square]")) {
    square.classList.toggle("movable", movable.has(square.dataset.square));
  }
  for (const held of svg.querySelectorAll(".hand-piece")) {
    const own = isWhite(held.dataset.piece) === (state.turn === "white");
    held.classList.toggle("movable", own && movable.has(`@${held.dataset.piece.toUpperCase()}`));
  }
  if (view.selected && !targetsOf(view.selected).length) view.selected = null;
  markSelection();
}

function isWhite(symbol) {
  return symbol === symbol.toUpperCase();
}

function playersKey(computer) {
  const sides = new Set(computer);
  if (sides.size === 2) return "both";
  if (sides.has("black")) return "black";
  return sides.has("white") ? "white" : "none";
}

function playersLine(state) {
  const who = (side) => (state.computer.includes(side) ? "computer" : "you");
  const both = state.computer.length === 0 ? "two players at one screen" : null;
  return both || `White: ${who("white")} · Black: ${who("black")}`;
}

function setLevelChoice(level) {
  const select = $("level");
  if (![...select.options].some((option) => option.value === level)) {
    select.add(new Option(level, level));
  }
  select.value = level;
}

function moveNumber(state, ply) {
  // The number and side of the move that leads to ply + 1 (the ply-th move from the start).
  const offset = ply + (state.start.white ? 0 : 1);
  return { number: state.start.number + Math.floor(offset / 2), white: offset % 2 === 0 };
}

function showMoves(state) {
  const list = $("moves");
  list.textContent = "";
  const shown = view.ply === null ? state.moves.length : view.ply;
  let row = null;
  state.moves.forEach((san, index) => {
    const { number, white } = moveNumber(state, index);
    if (white || row === null) {
      row = document.createElement("li");
      const label = document.createElement("span");
      label.className = "number";
      label.textContent = `${number}.`;
      row.append(label);
      if (!white) row.append(blankMove());
      list.append(row);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = san;
    button.dataset.ply = index + 1;
    if (index + 1 === shown) button.classList.add("current");
    button.addEventListener("click", () => goTo(index + 1));
    row.append(button);
  });
  if (state.result) {
    const result = document.createElement("li");
    result.className = "result";
    result.textContent = state.result;
    list.append(result);
  }
  const current = list.querySelector(".current");
  if (current) {
    // Scroll the list alone (the list is positioned: offsetTop counts from its top).
    const top = current.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  $("ending").textContent = state.ending || "";
}

function blankMove() {
  const blank = document.createElement("span");
  blank.className = "move blank";
  blank.textContent = "…";
  return blank;
}

function showStatus(state) {
  const side = state.turn === "white" ? "White" : "Black";
  let text;
  if (state.ending) {
    text = state.ending;
  } else if (state.thinking) {
    text = `${side} to move: the computer is thinking…`;
  } else {
    text = `${side} to move${state.check ? ", in check" : ""}.`;
    if (state.claim) text += ` ${side} may claim a draw (${state.claim}).`;
  }
  if (view.ply !== null && view.ply !== state.moves.length) {
    text = `Showing the position after ${view.ply} of ${state.moves.length} plies; ` +
      `press ⏭ to return to the game. ${text}`;
  }
  $("status").textContent = text;
}

function showButtons(state) {
  const end = state.moves.length;
  const shown = view.ply === null ? end : view.ply;
  const humanToMove = !state.ending && !state.computer.includes(state.turn);
  $("first").disabled = $("back").disabled = shown === 0;
  $("forward").disabled = $("last").disabled = shown === end;
  $("takeback").disabled = end === 0;
  $("hint").disabled = !humanToMove || state.helper === "hint";
  $("movenow").disabled = Boolean(state.ending);
  $("claim").hidden = !(state.claim && humanToMove);
  if (state.claim) $("claim").textContent = `Claim draw (${state.claim})`;
  const analysing = state.helper === "analysis";
  $("analyse").textContent = analysing ? "Stop analysis" : "Analyse";
  if (state.hint && state.hint.ply === end && humanToMove) say(`Hint: ${state.hint.san}`);
}

function showAnalysis(state) {
  const analysis = state.analysis;
  if (!analysis) {
    $("analysis-title").textContent = "";
    $("analysis").textContent = "";
    return;
  }
  const where = analysis.ply === 0 ? "at the start" : `after ${moveLabel(state, analysis.ply - 1)}`;
  const running = analysis.running ? " (thinking…)" : "";
  $("analysis-title").textContent = `Position ${where}${running}`;
  if (!analysis.depth) {
    $("analysis").textContent = "";
    return;
  }
  const line = analysis.pv.map((san, index) => {
    const { number, white } = moveNumber(state, analysis.ply + index);
    return white ? `${number}. ${san}` : index === 0 ? `${number}… ${san}` : san;
  });
  $("analysis").textContent = `Depth ${analysis.depth}, ${analysis.score}: ${line.join(" ")}`;
}

function moveLabel(state, index) {
  const { number, white } = moveNumber(state, index);
  return `${number}${white ? "." : "…"} ${state.moves[index]}`;
}

// -- messages --------------------------------------------------------------------------------

function say(text, error = false) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", error);
}

function clearMessage() {
  say("");
}

// -- picking and moving ----------------------------------------------------------------------

function legal() {
  return view.game ? view.game.view.legal : [];
}

function targetsOf(selected) {
  return legal().filter((move) =>
    selected.from ? move.from === selected.from : move.drop === selected.drop);
}

function squareRect(name) {
  return $("board").querySelector(`rect[data-square="${name}"]`);
}

function markSelection() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".pick").forEach((element) => element.remove());
  if (!view.selected) return;
  const firstPiece = svg.querySelector(".piece, .hand");
  if (view.selected.from) {
    const rect = squareRect(view.selected.from);
    const shade = svgElement("rect", {
      x: rect.getAttribute("x"), y: rect.getAttribute("y"),
      width: rect.getAttribute("width"), height: rect.getAttribute("height"),
      class: "pick picked",
    });
    svg.insertBefore(shade, firstPiece);
  } else {
    const held = handPiece(view.selected.drop);
    const disc = held && held.querySelector("circle");
    if (disc) {
      svg.append(svgElement("circle", {
        cx: disc.getAttribute("cx"), cy: disc.getAttribute("cy"),
        r: Number(disc.getAttribute("r")) + 3, class: "pick picked-hand",
      }));
    }
  }
  const marked = new Set();
  for (const move of targetsOf(view.selected)) {
    if (marked.has(move.to)) continue;
    marked.add(move.to);
    const rect = squareRect(move.to);
    const size = Number(rect.getAttribute("width"));
    const cx = Number(rect.getAttribute("x")) + size / 2;
    const cy = Number(rect.getAttribute("y")) + size / 2;
    const ring = move.kind === "capture" || move.kind === "swap";
    svg.append(svgElement("circle", {
      cx, cy, r: ring ? size * 0.44 : size * 0.15,
      class: `pick target ${move.kind}`,
    }));
    rect.classList.add("targetable");
  }
}

function svgElement(tag, attributes) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function handPiece(letter) {
  // The side to move's piece in hand written `letter` (uppercase).
  const symbol = view.game.turn === "white" ? letter : letter.toLowerCase();
  return $("board").querySelector(`.hand-piece[data-piece="${CSS.escape(symbol)}"]`);
}

function select(selected) {
  view.selected = selected;
  for (const rect of $("board").querySelectorAll("rect.targetable")) {
    rect.classList.remove("targetable");
  }
  markSelection();
  if (selected && selected.from) {
    const piece = $("board").querySelector(`.piece[data-on="${selected.from}"]`);
    if (piece) showGuide(piece.dataset.piece);
  } else if (selected) {
    showGuide(selected.drop);
  }
}

function pickAt(event) {
  // What the pointer is on: {square}, or {drop} from the hand of the side to move; else null.
  const element = event.target.closest ? event.target : event.target.parentElement;
  const held = element.closest(".hand-piece");
  if (held) {
    // The other side's hand holds nothing to drop now.
    if (isWhite(held.dataset.piece) !== (view.game.turn === "white")) return null;
    return { drop: held.dataset.piece.toUpperCase(), element: held };
  }
  const square = element.closest("[data-square]");
  return square ? { square: square.dataset.square } : null;
}

function onPointerDown(event) {
  if (event.button !== 0 || !view.game) return;
  const picked = pickAt(event);
  if (!picked) {
    select(null);
    return;
  }
  if (view.selected && picked.square) {
    const moves = targetsOf(view.selected).filter((move) => move.to === picked.square);
    if (moves.length) {
      event.preventDefault();
      choose(moves);
      return;
    }
  }
  const choice = picked.square ? { from: picked.square } : { drop: picked.drop };
  if (!targetsOf(choice).length) {
    select(null);
    return;
  }
  event.preventDefault();
  const again = view.selected !== null &&
    view.selected.from === choice.from && view.selected.drop === choice.drop;
  select(choice);
  const element = picked.element ||
    $("board").querySelector(`.piece[data-on="${picked.square}"]`);
  view.drag = { x: event.clientX, y: event.clientY, element, moved: false, again };
  $("board").setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  const drag = view.drag;
  if (!drag || !drag.element) return;
  if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START) {
    return;
  }
  drag.moved = true;
  const svg = $("board").querySelector("svg");
  const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
  const dx = (event.clientX - drag.x) * scale;
  const dy = (event.clientY - drag.y) * scale;
  drag.element.setAttribute("transform", `translate(${dx} ${dy})`);
  drag.element.classList.add("dragged");
  svg.append(drag.element);
}

function onPointerUp(event) {
  const drag = view.drag;
  view.drag = null;
  if (!drag) return;
  if (!drag.moved) {
    if (drag.again) select(null); // a second click on the picked piece puts it down
    return;
  }
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const square = under && under.closest("[data-square]");
  const moves = square && view.selected
    ? targetsOf(view.selected).filter((move) => move.to === square.dataset.square) : [];
  if (moves.length) {
    choose(moves);
  } else {
    drawBoard(view.game); // the piece goes back; the pick stays
  }
}

async function choose(moves) {
  // Plays the move, asking which when the squares leave a choice (a promotion).
  let move = moves[0];
  if (moves.length > 1) {
    move = await askPromotion(moves);
    if (!move) return;
  }
  select(null);
  view.ply = null;
  await gameAction("move", { move: move.uci });
}

function askPromotion(moves) {
  const dialog = $("promotion");
  const choices = $("promotion-choices");
  choices.textContent = "";
  return new Promise((resolve) => {
    const finish = (move) => {
      dialog.close();
      resolve(move);
    };
    for (const move of moves) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.uci = move.uci;
      button.dataset.piece = move.becomes.symbol;
      const picture = document.createElement("img");
      picture.src = svgUrl(move.becomes.picture);
      picture.alt = "";
      const label = document.createElement("span");
      label.textContent = move.becomes.promotes ? move.becomes.name : `stay a ${move.becomes.name}`;
      button.append(picture, label);
      button.addEventListener("click", () => finish(move));
      choices.append(button);
    }
    $("promotion-cancel").onclick = () => finish(null);
    dialog.oncancel = () => resolve(null);
    dialog.showModal();
  });
}

function svgUrl(svg) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// -- the piece guide -------------------------------------------------------------------------

async function showGuide(symbol) {
  if (!view.game || !symbol) return;
  const letter = symbol.toUpperCase();
  const key = `${view.game.variant} ${letter}`;
  if (view.guideShown === key) return;
  view.guideShown = key;
  let entry = guideCache.get(key);
  if (!entry) {
    const query = `variant=${encodeURIComponent(view.game.variant)}` +
      `&piece=${encodeURIComponent(letter)}`;
    try {
      entry = await api("GET", `/api/guide?${query}`);
    } catch (error) {
      view.guideShown = null;
      return;
    }
    guideCache.set(key, entry);
  }
  if (view.guideShown !== key) return;
  const guide = $("guide");
  guide.textContent = "";
  const title = document.createElement("h3");
  title.textContent = entry.title;
  const movement = document.createElement("p");
  movement.textContent = entry.movement;
  guide.append(title, movement);
  for (const picture of entry.pictures) {
    const figure = document.createElement("figure");
    const image = document.createElement("img");
    image.src = svgUrl(picture.svg);
    image.alt = `${picture.caption} ${entry.where}`;
    const caption = document.createElement("figcaption");
    caption.textContent = `${picture.caption} ${entry.where}`;
    figure.append(image, caption);
    guide.append(figure);
  }
  const legend = document.createElement("ul");
  legend.className = "legend";
  for (const mark of entry.legend) {
    const item = document.createElement("li");
    const ring = document.createElement("span");
    ring.className = "ring";
    ring.style.borderColor = mark.color;
    item.append(ring, ` ${mark.meaning}`);
    legend.append(item);
  }
  guide.append(legend);
}

async function showPieceList(variant) {
  const list = $("piece-list");
  if (list.dataset.variant === variant) return;
  list.dataset.variant = variant;
  list.textContent = "";
  const data = await api("GET", `/api/guide?variant=${encodeURIComponent(variant)}`);
  for (const piece of data.pieces) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "piece-chip";
    button.title = piece.title;
    button.dataset.piece = piece.letters[0];
    const image = document.createElement("img");
    image.src = svgUrl(piece.picture);
    image.alt = piece.title;
    button.append(image);
    button.addEventListener("click", () => showGuide(piece.letters[0]));
    button.addEventListener("mouseenter", () => showGuide(piece.letters[0]));
    list.append(button);
  }
  view.guideShown = null;
  $("guide").innerHTML = '<p class="quiet">Point at a piece to see how it moves.</p>';
}

function onBoardHover(event) {
  if (view.drag) return;
  const element = event.target;
  const held = element.closest && element.closest(".hand-piece");
  if (held) {
    showGuide(held.dataset.piece);
    return;
  }
  const square = element.closest && element.closest("[data-square]");
  if (!square) return;
  const piece = $("board").querySelector(`.piece[data-on="${square.dataset.square}"]`);
  if (piece) showGuide(piece.dataset.piece);
}

// -- navigation ------------------------------------------------------------------------------

function goTo(ply) {
  const end = view.game.moves.length;
  const target = Math.max(0, Math.min(end, ply));
  view.ply = target === end ? null : target;
  select(null);
  refresh();
}

function step(delta) {
  const shown = view.ply === null ? view.game.moves.length : view.ply;
  goTo(shown + delta);
}

// -- records ---------------------------------------------------------------------------------

async function showRecord() {
  try {
    const data = await api("GET", `/api/games/${view.game.id}/pgn`);
    $("record-text").value = data.pgn;
    return data.pgn;
  } catch (error) {
    say(error.message, true);
    return null;
  }
}

async function savePgn() {
  const text = await showRecord();
  if (text === null) return;
  const blob = new Blob([text], { type: "application/x-chess-pgn" });
  const link = document.createElement("a");
  const day = new Date().toISOString().slice(0, 10);
  link.href = URL.createObjectURL(blob);
  link.download = `${view.game.variant}-${day}.pgn`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function loadText(text) {
  view.ply = null;
  select(null);
  if (await gameAction("load", { text })) {
    const plies = view.game.moves.length;
    say(plies ? `Loaded: ${plies} plies of ${view.game.title}.` : "Loaded the position.");
  }
}

async function loadVariantFile(file) {
  try {
    const loaded = await api("POST", "/api/variants", { toml: await file.text(), file: file.name });
    await fillVariants();
    view.ply = null;
    if (await gameAction("new", { variant: loaded.name })) {
      say(`Loaded the variant ${loaded.title}.`);
    }
  } catch (error) {
    say(error.message, true);
  }
}

// -- setting up ------------------------------------------------------------------------------

async function fillVariants() {
  const data = await api("GET", "/api/variants");
  const select = $("variant");
  select.textContent = "";
  for (const variant of data.variants) {
    const option = new Option(variant.title, variant.name);
    option.title = variant.description;
    select.add(option);
  }
  if (view.game) select.value = view.game.variant;
}

function wire() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => {
    view.drag = null;
    if (view.game) drawBoard(view.game);
  });
  board.addEventListener("mouseover", onBoardHover);
  board.addEventListener("dragstart", (event) => event.preventDefault());

  for (const [value, label] of LEVELS) $("level").add(new Option(label, value));

  $("new-game").addEventListener("click", () => newGame());
  $("variant").addEventListener("change", () => newGame());
  $("players").addEventListener("change", async () => {
    const computer = PLAYERS[$("players").value];
    view.flipped = computer.length === 1 && computer[0] === "white";
    await gameAction("players", { computer });
  });
  $("level").addEventListener("change", () => gameAction("level", { level: $("level").value }));
  $("flip").addEventListener("click", () => {
    view.flipped = !view.flipped;
    select(null);
    refresh();
  });
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => goTo(Infinity));
  $("takeback").addEventListener("click", () => {
    view.ply = null;
    select(null);
    gameAction("takeback");
  });
  $("hint").addEventListener("click", () => {
    view.ply = null;
    gameAction("hint");
  });
  $("movenow").addEventListener("click", () => {
    view.ply = null;
    select(null);
    gameAction("movenow");
  });
  $("claim").addEventListener("click", () => gameAction("claim"));
  $("analyse").addEventListener("click", () => {
    if (view.game.helper === "analysis") {
      gameAction("analysis/stop");
    } else {
      const ply = view.ply === null ? view.game.moves.length : view.ply;
      gameAction("analysis", { ply });
    }
  });
  $("load").addEventListener("click", () => loadText($("record-text").value));
  $("show-pgn").addEventListener("click", showRecord);
  $("show-fen").addEventListener("click", () => {
    $("record-text").value = $("board").dataset.fen;
  });
  $("save-pgn").addEventListener("click", savePgn);
  $("open-file").addEventListener("change", async (event) => {
    const [file] = event.target.files;
    event.target.value = "";
    if (!file) return;
    const text = await file.text();
    $("record-text").value = text;
    await loadText(text);
  });
  $("variant-file").addEventListener("change", async (event) => {
    const [file] = event.target.files;
    event.target.value = "";
    if (file) await loadVariantFile(file);
  });
  document.addEventListener("keydown", (event) => {
    if (!view.game || event.target.closest("textarea, select, input, dialog")) return;
    const keys = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => goTo(0),
      End: () => goTo(Infinity),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    } else if (event.key === "Escape") {
      select(null);
    }
  });
}

async function newGame() {
  const computer = PLAYERS[$("players").value];
  view.flipped = computer.length === 1 && computer[0] === "white";
  view.ply = null;
  select(null);
  await gameAction("new", {
    variant: $("variant").value,
    computer,
    level: $("level").value,
  });
}

async function start() {
  wire();
  try {
    await fillVariants();
    await openGame();
  } catch (error) {
    say(error.message, true);
  }
}

start();
