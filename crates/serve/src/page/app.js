// app.js: the playground page. Wires the editor (checked as you type), the board
// (click a piece for its moves and paths, click a target to play, click an empty cell
// to drop a piece from the hand), the FEN, the
// palette for setting up a board by hand, the move list with undo, and perft.
// All the game logic is on the server; this file keeps only what the page shows.

import { api } from "./api.js";
import { Editor } from "./editor.js";
import { loadGrammar } from "./highlight.js";
import { Board } from "./board.js";
import { PerftPanel } from "./perft.js";

const $ = (id) => document.getElementById(id);

const state = {
  fileId: null,
  editable: false,
  savedText: "",
  rules: "",
  compiled: false,
  checkSeq: 0,
  baseFen: null, // the position the move list starts from
  baseLevel: null, // ... or the Sokoban level it starts from (level mode)
  level: null, // the current position as a text board, in level mode
  levels: [], // the shipped levels [{id, name}]
  moves: [],
  fen: null,
  last: null, // the last board answer
  selected: null,
  targets: [],
  tool: null, // a piece letter to place, "" to clear cells, null to play
};

function status(text) {
  $("status").textContent = text;
}

const editor = new Editor(
  $("source"),
  $("backdrop"),
  $("here"),
  (text) => rulesChanged(text, false),
  $("completions")
);
editor.assist = {
  complete: (text, at) => api.complete(text, at, state.fileId || undefined),
  hover: (text, at) => api.hover(text, at, state.fileId || undefined),
};
loadGrammar().then((rules) => editor.setGrammar(rules), () => {});

// An editable file with changes not saved yet: marked on the Save button, and the
// browser asks before the page is left.
function showModified() {
  const modified = state.editable && editor.text !== state.savedText;
  $("save").textContent = modified ? "Save •" : "Save";
  return modified;
}
$("source").addEventListener("input", showModified);
window.addEventListener("beforeunload", (e) => {
  if (showModified()) e.preventDefault();
});
const board = new Board($("board-view"), (cell) => cellClicked(cell).catch((e) => status(e.message)));
const perft = new PerftPanel(
  {
    depth: $("perft-depth"),
    start: $("perft-start"),
    cancel: $("perft-cancel"),
    progress: $("perft-progress"),
    result: $("perft-result"),
    divide: $("perft-divide"),
  },
  () => ({ rules: state.rules, file: state.fileId, ...here() }),
);

function showDiagnostics(answer) {
  const verdict = $("verdict");
  verdict.className = `verdict ${answer.ok ? "ok" : "bad"}`;
  verdict.textContent = answer.ok
    ? `ok (${answer.warnings} warning${answer.warnings === 1 ? "" : "s"})`
    : `${answer.errors} error${answer.errors === 1 ? "" : "s"}, ${answer.warnings} warning${answer.warnings === 1 ? "" : "s"}`;
  const list = $("diagnostics");
  list.innerHTML = "";
  for (const d of answer.diagnostics) {
    const li = document.createElement("li");
    li.className = d.severity;
    const add = (cls, text) => {
      const span = document.createElement("span");
      span.className = cls;
      span.textContent = text;
      li.appendChild(span);
    };
    add("where", `${d.start.line}:${d.start.col}`);
    add("code", d.code);
    add("message", d.message);
    for (const l of d.secondary) add("note", `${l.start.line}:${l.start.col}: ${l.message}`);
    if (d.help) add("help", d.help);
    for (const n of d.notes) add("note", `note: ${n}`);
    li.addEventListener("click", () => editor.select(d));
    list.appendChild(li);
  }
}

async function rulesChanged(text, fresh) {
  const seq = ++state.checkSeq;
  let answer;
  try {
    answer = await api.check(text, state.fileId);
  } catch (e) {
    status(`check failed: ${e.message}`);
    return;
  }
  if (seq !== state.checkSeq) return; // a newer text is being checked
  editor.setDiagnostics(answer.diagnostics);
  showDiagnostics(answer);
  const changed = text !== state.rules;
  state.rules = text;
  state.compiled = answer.ok;
  board.stale = !answer.ok;
  if (!answer.ok || (!changed && !fresh)) return;
  if (fresh || state.baseFen === null) {
    await newGame(null);
    // A Sokoban game without a start position opens its first shipped level.
    const stem = (state.fileId || "").replace(/\.rules$/, "");
    const level = state.levels.find((l) => l.id.startsWith(`${stem}-`));
    if (state.last.sokoban && level) {
      $("level").value = level.id;
      await newLevel((await api.level(level.id)).text);
    }
  } else {
    try {
      await refreshPosition();
    } catch {
      await newGame(null); // the position does not fit the new rules
    }
  }
}

function renderPalette(pieces) {
  const palette = $("palette");
  palette.innerHTML = "";
  const tool = (label, value, title) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.title = title;
    b.dataset.tool = value;
    b.classList.toggle("on", state.tool === value);
    b.addEventListener("click", () => {
      state.tool = state.tool === value ? null : value;
      for (const other of palette.querySelectorAll("button")) {
        other.classList.toggle("on", state.tool === other.dataset.tool);
      }
    });
    palette.appendChild(b);
  };
  for (const p of pieces) tool(p.white, p.white, `white ${p.name}`);
  for (const p of pieces) tool(p.black, p.black, `black ${p.name}`);
  tool("✕", "", "empty a cell");
}

// The current position as requests name it: a text board in level mode, else a FEN.
function here() {
  return state.baseLevel !== null ? { level: state.level } : { fen: state.fen };
}

function showPosition(answer, targets = []) {
  if (targets.length === 0) {
    state.last = answer;
    state.selected = null;
    state.targets = [];
  }
  board.show(answer, targets);
  state.fen = answer.fen;
  $("fen").value = answer.fen;
  $("level-box").hidden = !answer.sokoban;
  const levelText = $("level-text");
  levelText.hidden = !answer.level;
  if (answer.level) {
    state.level = answer.level;
    levelText.textContent = answer.level;
  }
  const result = answer.result
    ? answer.result.text
    : `${answer.side} to move${answer.in_check ? ", in check" : ""} (${answer.legal.length} legal moves)`;
  $("result").textContent = result;
  const list = $("move-list");
  list.innerHTML = "";
  for (const m of state.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    list.appendChild(li);
  }
  if (answer.pieces) renderPalette(answer.pieces);
  $("promotion").hidden = true;
}

async function newGame(fen, empty = false) {
  const answer = await api.board({ rules: state.rules, file: state.fileId, fen, empty });
  state.baseLevel = null;
  $("level").value = "";
  state.baseFen = answer.fen;
  state.moves = [];
  showPosition(answer);
}

// A Sokoban level (text board): the board is cut to its size; moves start from it.
async function newLevel(text) {
  const answer = await api.board({ rules: state.rules, file: state.fileId, level: text });
  state.baseLevel = text;
  state.moves = [];
  showPosition(answer);
}

async function refreshPosition() {
  if (state.baseLevel !== null) {
    let level = state.baseLevel;
    if (state.moves.length > 0) {
      const body = { rules: state.rules, file: state.fileId, level, moves: state.moves };
      level = (await api.play(body)).level;
    }
    showPosition(await api.board({ rules: state.rules, file: state.fileId, level }));
    return;
  }
  let fen = state.baseFen;
  if (state.moves.length > 0) {
    fen = (await api.play({ rules: state.rules, file: state.fileId, fen: state.baseFen, moves: state.moves })).fen;
  }
  showPosition(await api.board({ rules: state.rules, file: state.fileId, fen }));
}

async function cellClicked(cell) {
  if (!state.compiled) return;
  if (state.tool !== null) {
    const answer = await api.board({
      rules: state.rules,
      file: state.fileId,
      ...here(),
      place: { cell: cell.name, piece: state.tool || null },
    });
    state.baseFen = answer.fen;
    if (state.baseLevel !== null) state.baseLevel = answer.level;
    state.moves = [];
    showPosition(answer);
    return;
  }
  const chosen = state.targets.filter((t) => t.to === cell.name);
  if (state.selected && chosen.length > 0) {
    if (chosen.length === 1) return playMove(chosen[0].uci);
    return choose(chosen);
  }
  // An empty cell a piece in hand can be dropped on: choose which.
  const drops = state.last.legal.filter((m) => m.split("@")[1] === cell.name);
  if (!cell.piece && !state.selected && drops.length > 0) {
    return choose(drops.map((uci) => ({ uci })));
  }
  if (!cell.piece || cell.name === state.selected) {
    showPosition(state.last);
    return;
  }
  const answer = await api.moves({ rules: state.rules, file: state.fileId, ...here(), from: cell.name });
  state.selected = cell.name;
  state.targets = answer.targets;
  showPosition(answer, answer.targets.map((t) => t.to));
}

function choose(moves) {
  const box = $("promotion");
  box.innerHTML = "Which move? ";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.uci;
    b.addEventListener("click", () => playMove(m.uci).catch((e) => status(e.message)));
    box.appendChild(b);
  }
  box.hidden = false;
}

async function playMove(uci) {
  state.moves.push(uci);
  try {
    await refreshPosition();
  } catch (e) {
    state.moves.pop();
    throw e;
  }
}

async function save() {
  if (!state.editable) return;
  const text = editor.text;
  const answer = await api.save(state.fileId, text);
  state.savedText = text;
  showModified();
  status(`saved ${answer.bytes} bytes to ${answer.saved}`);
}

async function openFile(id) {
  const file = await api.open(id);
  state.fileId = file.id;
  state.editable = file.editable;
  $("save").disabled = !file.editable;
  editor.text = file.text;
  state.savedText = file.text;
  $("perft-result").textContent = "";
  $("perft-divide").innerHTML = "";
  showModified();
  state.rules = null;
  await rulesChanged(file.text, true);
  status(file.editable ? `editing ${file.name}` : `${file.name} (shipped, read-only)`);
}

async function main() {
  const [info, files] = await Promise.all([api.info(), api.files()]);
  perft.maxDepth = info.limits.max_perft_depth;
  const select = $("file");
  for (const f of files.files) {
    const o = document.createElement("option");
    o.value = f.id;
    o.textContent = f.editable ? `${f.name} (yours)` : f.name;
    select.appendChild(o);
  }
  const guard = (f) => () => f().catch((e) => status(e.message));
  state.levels = files.levels;
  const levelSelect = $("level");
  for (const l of files.levels) {
    const o = document.createElement("option");
    o.value = l.id;
    o.textContent = l.name;
    levelSelect.appendChild(o);
  }
  levelSelect.addEventListener("change", guard(async () => {
    if (levelSelect.value === "") return newGame(null);
    await newLevel((await api.level(levelSelect.value)).text);
  }));
  const first = files.files.find((f) => f.editable) || files.files.find((f) => f.id === "chess.rules");
  if (first) select.value = first.id;
  select.addEventListener("change", () => {
    if (showModified() && !confirm("The text has changes that are not saved. Open another file?")) {
      select.value = state.fileId;
      return;
    }
    openFile(select.value).catch((e) => status(e.message));
  });
  $("save").addEventListener("click", guard(save));
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "s") {
      e.preventDefault();
      save().catch((err) => status(err.message));
    }
  });
  $("set-fen").addEventListener("click", guard(() => newGame($("fen").value)));
  $("fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") newGame($("fen").value).catch((err) => status(err.message));
  });
  $("start").addEventListener("click", guard(() => newGame(null)));
  $("empty").addEventListener("click", guard(() => newGame(null, true)));
  $("undo").addEventListener("click", guard(async () => {
    if (state.moves.length === 0) return;
    state.moves.pop();
    await refreshPosition();
  }));
  await openFile(select.value);
}

main().catch((e) => status(`cannot start: ${e.message}`));
