// highlight.js: syntax highlighting with the TextMate grammar the editors use
// (editors/textmate/piecewise.tmLanguage.json, served as /assets/piecewise.tmLanguage.json):
// its top-level patterns tried in order at each point of the text, as sticky regular
// expressions; a pattern with captures colours its groups. The result is one CSS class
// (or "") per UTF-16 unit of the text.

// A scope name's CSS class: the most specific prefix listed here.
const CLASSES = [
  ["comment", "tok-comment"],
  ["string", "tok-string"],
  ["keyword.control", "tok-decl"],
  ["keyword.other.mover", "tok-mover"],
  ["keyword", "tok-keyword"],
  ["support.constant", "tok-dir"],
  ["constant.numeric", "tok-number"],
  ["constant.character", "tok-letter"],
  ["constant", "tok-cell"],
  ["entity.name.variable", "tok-var"],
  ["entity.name", "tok-name"],
  ["punctuation", "tok-punct"],
];

function classOf(scope) {
  const hit = CLASSES.find(([prefix]) => scope === prefix || scope.startsWith(prefix + "."));
  return hit ? hit[1] : "";
}

// The grammar's top-level patterns as { re, cls, groups }.
export function compile(grammar) {
  const rules = [];
  for (const { include } of grammar.patterns) {
    const rule = grammar.repository[include.replace(/^#/, "")];
    if (!rule || !rule.match) continue;
    const groups = rule.captures
      ? Object.entries(rule.captures).map(([i, c]) => [Number(i), classOf(c.name)])
      : null;
    rules.push({ re: new RegExp(rule.match, "ymd"), cls: classOf(rule.name || ""), groups });
  }
  return rules;
}

export async function loadGrammar() {
  const res = await fetch("/assets/piecewise.tmLanguage.json");
  return compile(await res.json());
}

const WORD = /[A-Za-z0-9_]/;

// One class per UTF-16 unit of `text`.
export function classes(text, rules) {
  const out = new Array(text.length).fill("");
  let at = 0;
  while (at < text.length) {
    let matched = false;
    for (const rule of rules) {
      rule.re.lastIndex = at;
      const m = rule.re.exec(text);
      if (!m || m[0].length === 0) continue;
      if (rule.groups) {
        for (const [i, cls] of rule.groups) {
          const span = m.indices[i];
          if (span) out.fill(cls, span[0], span[1]);
        }
      } else {
        out.fill(rule.cls, at, at + m[0].length);
      }
      at += m[0].length;
      matched = true;
      break;
    }
    if (!matched) {
      // Not at a token: skip the rest of a word (no token starts inside one).
      if (WORD.test(text[at])) {
        while (at < text.length && WORD.test(text[at])) at++;
      } else {
        at++;
      }
    }
  }
  return out;
}
