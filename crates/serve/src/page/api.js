// api.js: the playground's JSON API (docs/serve.md) as functions. Every call answers
// the parsed JSON, or throws an ApiError carrying the server's error kind and message.

export class ApiError extends Error {
  constructor(status, error) {
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.kind = error.kind || "unknown";
    this.error = error;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data;
  try {
    data = await res.json();
  } catch {
    data = { error: { kind: "bad_answer", message: `${res.status} ${res.statusText}` } };
  }
  if (!res.ok) throw new ApiError(res.status, data.error || {});
  return data;
}

export const api = {
  info: () => call("GET", "/api/info"),
  files: () => call("GET", "/api/rules"),
  open: (id) => call("GET", `/api/rules/${encodeURIComponent(id)}`),
  level: (id) => call("GET", `/api/levels/${encodeURIComponent(id)}`),
  save: (id, rules) => call("PUT", "/api/file", { id, rules }),
  check: (rules, file) => call("POST", "/api/check", { rules, file }),
  complete: (rules, at, file) => call("POST", "/api/complete", { rules, at, file }),
  hover: (rules, at, file) => call("POST", "/api/hover", { rules, at, file }),
  board: (body) => call("POST", "/api/board", body),
  moves: (body) => call("POST", "/api/moves", body),
  play: (body) => call("POST", "/api/play", body),
  perftStart: (body) => call("POST", "/api/perft", body),
  perftStatus: (id) => call("GET", `/api/perft/${encodeURIComponent(id)}`),
  perftCancel: (id) => call("DELETE", `/api/perft/${encodeURIComponent(id)}`),
};
