// editor.js: a textarea over a backdrop. The backdrop holds the same text, coloured by
// the syntax highlighter (the textarea's own text is transparent, its caret is not),
// with each diagnostic's span wrapped in a <mark> drawn as a wavy underline; both
// scroll together. The diagnostic under the caret is shown beside the editor, or else
// what the server's hover says of the word there. Ctrl+Space (or typing a letter)
// lists the server's completions under the editor: arrows choose,
// Enter or Tab inserts, Escape closes.

import { classes } from "./highlight.js";

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// A diagnostic's span in UTF-16 units, widened to one character when empty (an error
// at the end of the text marks the character before it).
export function markRange(text, d) {
  let start = Math.max(0, Math.min(d.utf16.start, text.length));
  let end = Math.max(start, Math.min(d.utf16.end, text.length));
  if (end === start) {
    if (start < text.length && text[start] !== "\n") end = start + 1;
    else if (start > 0) start -= 1;
  }
  return [start, end];
}

export class Editor {
  constructor(textarea, backdrop, here, onChange, completions) {
    this.textarea = textarea;
    this.backdrop = backdrop;
    this.here = here;
    this.onChange = onChange;
    this.completions = completions;
    this.diagnostics = [];
    this.grammar = null;
    this.assist = null; // { complete(text, at), hover(text, at) }: the server's answers
    this.timer = null;
    this.hoverTimer = null;
    this.choices = [];
    this.chosen = 0;
    this.replace = [0, 0];
    textarea.addEventListener("input", (e) => {
      this.render();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.onChange(this.text), 250);
      const typed = e.data || "";
      if (this.choices.length > 0 || /^[A-Za-z_]$/.test(typed)) this.complete(false);
    });
    textarea.addEventListener("blur", () => setTimeout(() => this.closeCompletions(), 200));
    textarea.addEventListener("scroll", () => this.syncScroll());
    for (const ev of ["keyup", "click", "select", "focus"]) {
      textarea.addEventListener(ev, () => this.showHere());
    }
    textarea.addEventListener("keydown", (e) => {
      if (e.key === " " && e.ctrlKey) {
        e.preventDefault();
        this.complete(true);
        return;
      }
      if (this.choices.length > 0) {
        if (e.key === "ArrowDown" || e.key === "ArrowUp") {
          e.preventDefault();
          const n = this.choices.length;
          this.chosen = (this.chosen + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
          this.showCompletions();
          return;
        }
        if (e.key === "Enter" || e.key === "Tab") {
          e.preventDefault();
          this.insert(this.choices[this.chosen]);
          return;
        }
        if (e.key === "Escape") {
          e.preventDefault();
          this.closeCompletions();
          return;
        }
      }
      if (e.key === "Tab") {
        e.preventDefault();
        textarea.setRangeText("    ", textarea.selectionStart, textarea.selectionEnd, "end");
        textarea.dispatchEvent(new Event("input"));
      }
    });
  }

  get text() {
    return this.textarea.value;
  }

  set text(t) {
    this.textarea.value = t;
    this.textarea.scrollTop = 0;
    this.textarea.setSelectionRange(0, 0);
    this.diagnostics = [];
    this.render();
  }

  setDiagnostics(list) {
    this.diagnostics = list;
    this.render();
    this.showHere();
  }

  setGrammar(rules) {
    this.grammar = rules;
    this.render();
  }

  render() {
    const text = this.text;
    const ranges = this.diagnostics
      .map((d) => [...markRange(text, d), d])
      .sort((a, b) => a[0] - b[0]);
    // Per UTF-16 unit: its token class and the diagnostic marking it (overlapping
    // spans: the first one).
    const tokens = this.grammar ? classes(text, this.grammar) : new Array(text.length).fill("");
    const marks = new Array(text.length).fill(null);
    for (const [start, end, d] of ranges) {
      for (let i = start; i < end; i++) if (marks[i] === null) marks[i] = d;
    }
    let html = "";
    let at = 0;
    while (at < text.length) {
      const d = marks[at];
      let end = at;
      while (end < text.length && marks[end] === d) end++;
      let inner = "";
      let i = at;
      while (i < end) {
        const cls = tokens[i];
        let j = i;
        while (j < end && tokens[j] === cls) j++;
        const piece = escapeHtml(text.slice(i, j));
        inner += cls ? `<span class="${cls}">${piece}</span>` : piece;
        i = j;
      }
      html += d ? `<mark class="${d.severity}" data-code="${escapeHtml(d.code)}">${inner}</mark>` : inner;
      at = end;
    }
    // A final newline needs a character after it for the backdrop to be as tall.
    this.backdrop.innerHTML = html + " ";
    this.syncScroll();
  }

  syncScroll() {
    this.backdrop.scrollTop = this.textarea.scrollTop;
    this.backdrop.scrollLeft = this.textarea.scrollLeft;
  }

  showHere() {
    const text = this.text;
    const caret = this.textarea.selectionStart;
    const d = this.diagnostics.find((d) => {
      const [s, e] = markRange(text, d);
      return caret >= s && caret <= e;
    });
    this.here.classList.remove("hover");
    this.here.textContent = d
      ? `${d.code}: ${d.message}${d.help ? ` — help: ${d.help}` : ""}`
      : "";
    clearTimeout(this.hoverTimer);
    if (!d && this.assist) this.hoverTimer = setTimeout(() => this.hover(), 300);
  }

  // What the server says of the word at the caret, in the line under the editor.
  async hover() {
    const text = this.text;
    const at = this.textarea.selectionStart;
    let answer;
    try {
      answer = await this.assist.hover(text, at);
    } catch {
      return;
    }
    if (this.text !== text || this.textarea.selectionStart !== at) return;
    if (this.here.textContent === "" && answer.hover) {
      this.here.textContent = answer.hover.markdown.replace(/```\w*\n?/g, "").replace(/\*\*/g, "");
      this.here.classList.add("hover");
    }
  }

  // Asks the server what may be written at the caret; `explicit`: Ctrl+Space (shows
  // the list even when the word typed so far is empty).
  async complete(explicit) {
    if (!this.assist) return;
    const text = this.text;
    const at = this.textarea.selectionStart;
    let answer;
    try {
      answer = await this.assist.complete(text, at);
    } catch {
      return;
    }
    if (this.text !== text || this.textarea.selectionStart !== at) return;
    const typed = text.slice(answer.from, at);
    if (!explicit && typed === "") {
      this.closeCompletions();
      return;
    }
    this.choices = answer.items.filter((c) => c.label.startsWith(typed) && c.label !== typed);
    this.chosen = 0;
    this.replace = [answer.from, at];
    this.showCompletions();
  }

  showCompletions() {
    const box = this.completions;
    box.innerHTML = "";
    box.hidden = this.choices.length === 0;
    this.choices.forEach((c, i) => {
      const li = document.createElement("li");
      li.textContent = c.label;
      li.className = `${c.kind}${i === this.chosen ? " chosen" : ""}`;
      li.addEventListener("mousedown", (e) => {
        e.preventDefault();
        this.insert(c);
      });
      box.appendChild(li);
    });
  }

  closeCompletions() {
    this.choices = [];
    this.showCompletions();
  }

  insert(choice) {
    const [from, to] = this.replace;
    this.closeCompletions();
    this.textarea.focus();
    this.textarea.setRangeText(choice.label, from, to, "end");
    this.textarea.dispatchEvent(new Event("input"));
  }

  select(d) {
    const [s, e] = markRange(this.text, d);
    this.textarea.focus();
    this.textarea.setSelectionRange(s, e);
    const line = this.text.slice(0, s).split("\n").length;
    const lineHeight = parseFloat(getComputedStyle(this.textarea).lineHeight) || 18;
    this.textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
    this.syncScroll();
    this.showHere();
  }
}
