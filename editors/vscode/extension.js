// The piecewise extension: starts `piecewise lsp` (the language server, over stdio)
// for .rules files. The command is the setting `piecewise.path` ("piecewise" on PATH
// by default). See docs/editors.md.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("piecewise").get("path") || "piecewise";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "piecewise",
    "piecewise language server",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "piecewise" }, { scheme: "untitled", language: "piecewise" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
