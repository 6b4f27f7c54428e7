// editor.js: a textarea over a backdrop. The backdrop holds the same text, invisible,
// with each diagnostic's span wrapped in a <mark> drawn as a wavy underline; both
// scroll together. The diagnostic under the caret is shown beside the editor.

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
  constructor(textarea, backdrop, here, onChange) {
    this.textarea = textarea;
    this.backdrop = backdrop;
    this.here = here;
    this.onChange = onChange;
    this.diagnostics = [];
    this.timer = null;
    textarea.addEventListener("input", () => {
      this.render();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.onChange(this.text), 250);
    });
    textarea.addEventListener("scroll", () => this.syncScroll());
    for (const ev of ["keyup", "click", "select", "focus"]) {
      textarea.addEventListener(ev, () => this.showHere());
    }
    textarea.addEventListener("keydown", (e) => {
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

  render() {
    const text = this.text;
    const ranges = this.diagnostics
      .map((d) => [...markRange(text, d), d])
      .sort((a, b) => a[0] - b[0]);
    let html = "";
    let at = 0;
    for (const [start, end, d] of ranges) {
      if (start < at) continue; // overlapping spans: the first one is marked
      html += escapeHtml(text.slice(at, start));
      html += `<mark class="${d.severity}" data-code="${escapeHtml(d.code)}">${escapeHtml(text.slice(start, end))}</mark>`;
      at = end;
    }
    html += escapeHtml(text.slice(at));
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
    this.here.textContent = d
      ? `${d.code}: ${d.message}${d.help ? ` — help: ${d.help}` : ""}`
      : "";
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
