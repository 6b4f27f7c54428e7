// The playground in headless Chromium, as a user drives it: load the page, type a
// broken line and see its diagnostic underlined and listed, fix it, click a piece and
// see its moves, see the text highlighted and a completion inserted, play two moves by
// clicking and see the FEN and the move list change,
// undo, set up a board from the palette, count perft and cancel a deep one, save the
// file. Screenshots go to the directory given. Run by run.sh:
//
//   node e2e.mjs URL RULES_FILE SCREENSHOT_DIR
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [url, rulesFile, shots] = process.argv.slice(2);
if (!url || !rulesFile || !shots) {
  console.error("usage: node e2e.mjs URL RULES_FILE SCREENSHOT_DIR");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "piecewise-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
const page = context.pages()[0] || (await context.newPage());
const errors = [];
page.on("pageerror", (e) => errors.push(e.message));
let step = "load";
const done = (what) => console.log(`ok - ${what}`);

try {
  // Load: the file given to the server, its board with 64 clickable cells.
  await page.goto(url);
  await page.waitForSelector("#board-view #hits polygon");
  assert.equal(await page.locator("#board-view #hits polygon").count(), 64);
  await page.waitForSelector("#verdict.ok");
  assert.equal(await page.inputValue("#fen"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert.match(await page.inputValue("#file"), /^file-0$/);
  done("the page loads with the board of the file given");

  // A broken line: the diagnostic appears, underlined and listed with its help.
  step = "broken line";
  const editor = page.locator("#source");
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\npiece Camel (C) { lep (1,3) }\n");
  await page.waitForSelector("#diagnostics li.error");
  const diag = await page.locator("#diagnostics li.error").first().innerText();
  assert.match(diag, /lep/);
  assert.match(await page.locator("#verdict").innerText(), /1 error/);
  assert.equal(await page.locator("#backdrop mark.error").innerText(), "lep");
  assert.ok(await page.locator("#board-view.stale").count() === 1, "the board is dimmed while the rules fail");
  await page.screenshot({ path: path.join(shots, "serve-diagnostic.png") });
  await page.locator("#diagnostics li.error").first().click();
  assert.match(await page.locator("#here").innerText(), /lep/);
  done(`a broken line is reported: ${diag.split("\n")[0]}`);

  // Fix it: the diagnostic goes, the rules check clean again.
  step = "fix";
  await page.evaluate(() => {
    const t = document.getElementById("source");
    const at = t.value.lastIndexOf("lep");
    t.focus();
    t.setSelectionRange(at, at + 3);
  });
  await page.keyboard.type("leap");
  await page.waitForSelector("#verdict.ok");
  assert.equal(await page.locator("#diagnostics li.error").count(), 0);
  assert.equal(await page.locator("#backdrop mark").count(), 0);
  done("the fixed line checks clean");

  // Highlighting: the editor's text is coloured by the TextMate grammar's scopes.
  step = "highlighting";
  await page.waitForSelector("#backdrop span.tok-decl");
  const decls = await page.locator("#backdrop span.tok-decl").allInnerTexts();
  assert.ok(decls.includes("piece") && decls.includes("royal"), `declarations: ${decls}`);
  assert.ok((await page.locator("#backdrop span.tok-mover").allInnerTexts()).includes("ride"));
  assert.ok((await page.locator("#backdrop span.tok-comment").count()) > 0);
  done("the editor is highlighted");

  // Completion: typing a word lists what the grammar accepts there; Enter inserts.
  step = "completion";
  const saved = await page.inputValue("#source");
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\npiece Camel (C) { ri");
  await page.waitForSelector("#completions li.keyword");
  const offered = await page.locator("#completions li").allInnerTexts();
  assert.ok(offered.some((t) => t.startsWith("ride")), `offered: ${offered}`);
  await page.screenshot({ path: path.join(shots, "serve-completion.png") });
  await page.keyboard.press("Enter");
  assert.ok((await page.inputValue("#source")).endsWith("{ ride"), "Enter inserts the completion");
  await page.keyboard.type(" (1,3) }");
  await page.waitForSelector("#verdict.ok");
  await page.evaluate((text) => {
    const t = document.getElementById("source");
    t.value = text;
    t.dispatchEvent(new Event("input"));
  }, saved);
  await page.waitForSelector("#verdict.ok");
  done(`completion offers ${offered.length} words after "ri" and inserts "ride"`);

  // Click a piece: its moves and paths are drawn, its targets tinted.
  step = "click a piece";
  await page.click('#hits [data-cell="g1"]');
  await page.waitForSelector("#hits .target");
  assert.equal(await page.locator("#hits .target").count(), 2);
  assert.match(await page.locator("#board-view svg").first().innerHTML(), /white Knight \(N\) on g1: 2 moves/);
  await page.screenshot({ path: path.join(shots, "serve-moves.png") });
  done("clicking g1 draws the knight's two moves");

  // Play two moves by clicking: the FEN and the move list change.
  step = "play";
  const before = await page.inputValue("#fen");
  await page.click('#hits [data-cell="f3"]');
  await page.waitForFunction((fen) => document.getElementById("fen").value !== fen, before);
  await page.click('#hits [data-cell="e7"]');
  await page.waitForSelector('#hits .target[data-cell="e5"]');
  await page.click('#hits [data-cell="e5"]');
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 2);
  const fen = await page.inputValue("#fen");
  assert.equal(fen, "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2");
  assert.deepEqual(await page.locator("#move-list li").allInnerTexts(), ["g1f3", "e7e5"]);
  assert.match(await page.locator("#result").innerText(), /white to move/);
  await page.screenshot({ path: path.join(shots, "serve-played.png") });
  done(`two moves played: ${fen}`);

  step = "undo";
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 1);
  assert.equal(await page.inputValue("#fen"), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  done("undo takes the last move back");

  // Perft with progress; a deep one is cancelled.
  step = "perft";
  await page.fill("#perft-depth", "3");
  await page.click("#perft-start");
  await page.waitForFunction(() => /perft\(3\) = \d+/.test(document.getElementById("perft-result").textContent));
  const counted = await page.locator("#perft-result").innerText();
  assert.match(counted, /perft\(3\) = 9748\b/, "perft 3 after 1. Nf3 is 9748 (piecewise perft)");
  await page.fill("#perft-depth", "8");
  await page.click("#perft-start");
  await page.waitForFunction(() => /root moves/.test(document.getElementById("perft-result").textContent));
  await page.click("#perft-cancel");
  await page.waitForFunction(() => /cancelled/.test(document.getElementById("perft-result").textContent));
  done(`perft: ${counted}; a depth-8 count was cancelled`);

  // The palette: an empty board, two kings placed.
  step = "palette";
  await page.click("#empty");
  await page.waitForFunction(() => document.getElementById("fen").value.startsWith("8/8/8/8/8/8/8/8"));
  await page.click('#palette button[data-tool="K"]');
  await page.click('#hits [data-cell="e1"]');
  await page.waitForSelector('#hits [data-cell="e1"][data-piece="K"]');
  await page.click('#palette button[data-tool="k"]');
  await page.click('#hits [data-cell="e8"]');
  await page.waitForSelector('#hits [data-cell="e8"][data-piece="k"]');
  assert.equal(await page.inputValue("#fen"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  await page.click('#palette button[data-tool="k"]');
  await page.screenshot({ path: path.join(shots, "serve-palette.png") });
  done("two kings placed on an empty board");

  // Save the text back to the file the server was started on.
  step = "save";
  assert.equal(await page.locator("#save").innerText(), "Save •", "the unsaved change is marked");
  await page.click("#save");
  await page.waitForFunction(() => /saved/.test(document.getElementById("status").textContent));
  assert.match(fs.readFileSync(rulesFile, "utf8"), /piece Camel \(C\) \{ leap \(1,3\) \}/);
  assert.equal(await page.locator("#save").innerText(), "Save");
  done("saved to the file");

  // Other geometries: Gliński's hexagons and chess on a graph (nodes), a piece clicked
  // on each; a Shogi drop by clicking an empty cell.
  step = "hex";
  await page.selectOption("#file", "glinski.rules");
  await page.waitForFunction(() => document.querySelectorAll("#board-view #hits polygon").length === 91);
  await page.click('#hits [data-piece="Q"]');
  await page.waitForSelector("#hits .target");
  assert.match(await page.locator("#board-view svg").first().innerHTML(), /white Queen \(Q\) on \w+: \d+ moves/);
  await page.screenshot({ path: path.join(shots, "serve-hex.png") });
  done(`Gliński: 91 hexagons, the queen's moves drawn`);
  step = "graph";
  await page.selectOption("#file", "graph-chess.rules");
  await page.waitForFunction(() => document.querySelectorAll("#board-view #hits circle").length === 64);
  await page.click('#hits [data-cell="b1"]');
  await page.waitForSelector("#hits .target");
  assert.equal(await page.locator("#hits .target").count(), 2);
  done("chess on a graph: 64 nodes, the knight on b1 has 2 moves");
  step = "drop";
  await page.selectOption("#file", "crazyhouse.rules");
  await page.waitForFunction(() => document.getElementById("fen").value.includes("[]"));
  await page.fill("#fen", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
  await page.press("#fen", "Enter");
  await page.waitForFunction(() => document.getElementById("fen").value.startsWith("4k3/8/8/8/8/8/8/4K3[N]"));
  await page.click('#hits [data-cell="d4"]');
  await page.waitForSelector("#promotion:not([hidden]) button");
  await page.click("#promotion button");
  await page.waitForSelector('#hits [data-cell="d4"][data-piece="N"]');
  assert.deepEqual(await page.locator("#move-list li").allInnerTexts(), ["N@d4"]);
  done("a knight dropped from the hand on d4");

  // A Sokoban level: the board cut to the level, the box pushed onto the goal.
  step = "sokoban";
  await page.selectOption("#file", "sokoban.rules");
  await page.waitForSelector("#level-box:not([hidden])");
  await page.waitForFunction(() => document.getElementById("level").value !== "");
  await page.selectOption("#level", "sokoban-tiny.txt");
  await page.waitForFunction(() => document.querySelectorAll("#board-view #hits polygon").length === 15);
  await page.click('#hits [data-cell="b2"]');
  await page.waitForSelector('#hits .target[data-cell="c2"]');
  await page.click('#hits [data-cell="c2"]');
  await page.waitForFunction(() => /solved/.test(document.getElementById("result").textContent));
  assert.equal((await page.locator("#level-text").innerText()).trim(), "#####\n# @*#\n#####");
  await page.screenshot({ path: path.join(shots, "serve-sokoban.png") });
  done("Sokoban: the box pushed onto the goal, solved");

  assert.deepEqual(errors, [], "no script errors on the page");
  console.log("browser test passed");
} catch (e) {
  await page.screenshot({ path: path.join(shots, "serve-failure.png") }).catch(() => {});
  console.error(`browser test failed at step "${step}": ${e.message}`);
  if (errors.length) console.error(`page errors: ${errors.join("; ")}`);
  process.exitCode = 1;
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
