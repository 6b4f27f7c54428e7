//! The protocol: the initialize handshake, the documents the client has open (full
//! text sync), and each request answered from [`crate::analysis`] with positions
//! converted ([`crate::text`]). A request about a document the server does not have, or
//! at a position outside the text, gets an error response (`InvalidParams`); a request
//! whose handler panics gets `InternalError`; the server goes on either way.

use crate::analysis::{self, CompletionKind};
use crate::text::LineIndex;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as NotificationTrait, PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as RequestTrait,
};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionOptions, CompletionResponse,
    DiagnosticRelatedInformation, DiagnosticSeverity, DocumentSymbol, DocumentSymbolResponse,
    GotoDefinitionResponse, Hover, HoverContents, HoverProviderCapability, Location, MarkupContent,
    MarkupKind, NumberOrString, OneOf, Position, PublishDiagnosticsParams, ServerCapabilities,
    SymbolKind, TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit, Uri,
};
use piecewise::diagnostics::{Diagnostic, Severity};
use piecewise::outline::{self, Symbol};
use piecewise::Rules;
use std::collections::HashMap;
use std::path::PathBuf;

/// Why the server stopped other than by the client's `shutdown` and `exit`.
#[derive(Debug)]
pub struct ServerError(String);

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServerError {}

impl From<lsp_server::ProtocolError> for ServerError {
    fn from(e: lsp_server::ProtocolError) -> ServerError {
        ServerError(format!("protocol error: {e}"))
    }
}

/// Serves the protocol on standard input and output until the client exits.
pub fn run_stdio() -> Result<(), ServerError> {
    let (connection, io_threads) = Connection::stdio();
    run(&connection)?;
    drop(connection);
    io_threads
        .join()
        .map_err(|e| ServerError(format!("input or output failed: {e}")))
}

/// What the server can do.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![",".into(), " ".into()]),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves the protocol over `connection` (after the initialize handshake) until the
/// client sends `shutdown`.
pub fn run(connection: &Connection) -> Result<(), ServerError> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| ServerError(e.to_string()))?;
    connection.initialize(caps)?;
    let mut server = Server {
        documents: HashMap::new(),
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(());
                }
                let id = request.id.clone();
                let response = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    server.request(request)
                }))
                .unwrap_or_else(|_| {
                    Response::new_err(
                        id,
                        ErrorCode::InternalError as i32,
                        "the server failed on this request".into(),
                    )
                });
                send(connection, Message::Response(response))?;
            }
            Message::Notification(notification) => {
                let published = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    server.notification(notification)
                }))
                .unwrap_or_default();
                for message in published {
                    send(connection, message)?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn send(connection: &Connection, message: Message) -> Result<(), ServerError> {
    connection
        .sender
        .send(message)
        .map_err(|_| ServerError("the client's connection closed".into()))
}

/// An open document.
struct Document {
    text: String,
    index: LineIndex,
    /// The directory of the file (where graph board files are looked up).
    base: Option<PathBuf>,
    /// Its compiled rules when it has no error.
    rules: Option<Rules>,
}

struct Server {
    documents: HashMap<Uri, Document>,
}

/// The directory of a `file:` URI.
fn base_of(uri: &Uri) -> Option<PathBuf> {
    let path = uri.as_str().strip_prefix("file://")?;
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 3 <= bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                decoded.push(b);
                i += 3;
                continue;
            }
        }
        decoded.push(bytes[i]);
        i += 1;
    }
    let path = PathBuf::from(String::from_utf8(decoded).ok()?);
    path.parent().map(PathBuf::from)
}

/// An error response.
fn error(id: lsp_server::RequestId, code: ErrorCode, message: impl Into<String>) -> Response {
    Response::new_err(id, code as i32, message.into())
}

impl Server {
    /// Answers one request.
    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let method = request.method.clone();
        let result = match method.as_str() {
            HoverRequest::METHOD => self.hover(&request),
            GotoDefinition::METHOD => self.definition(&request),
            Completion::METHOD => self.completion(&request),
            DocumentSymbolRequest::METHOD => self.symbols(&request),
            Formatting::METHOD => self.format(&request),
            _ => {
                return error(
                    id,
                    ErrorCode::MethodNotFound,
                    format!("unsupported request {method}"),
                )
            }
        };
        match result {
            Ok(value) => Response {
                id,
                result: Some(value),
                error: None,
            },
            Err((code, message)) => error(id, code, message),
        }
    }

    /// The document `uri` names.
    fn document(&self, uri: &Uri) -> Result<&Document, (ErrorCode, String)> {
        self.documents.get(uri).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("unknown document {}: it was not opened", uri.as_str()),
            )
        })
    }

    /// The document and byte offset a text-document-position request names.
    fn at(
        &self,
        params: &lsp_types::TextDocumentPositionParams,
    ) -> Result<(&Document, usize), (ErrorCode, String)> {
        let doc = self.document(&params.text_document.uri)?;
        let Position { line, character } = params.position;
        let offset = doc
            .index
            .offset(&doc.text, line, character)
            .map_err(|e| (ErrorCode::InvalidParams, format!("invalid position: {e}")))?;
        Ok((doc, offset))
    }

    fn hover(&self, request: &Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: lsp_types::HoverParams = params(request)?;
        let (doc, offset) = self.at(&params.text_document_position_params)?;
        let hover = analysis::hover(&doc.text, offset, doc.base.as_deref(), doc.rules.as_ref())
            .map(|h| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: h.markdown,
                }),
                range: Some(doc.index.range(&doc.text, h.span)),
            });
        to_value(hover)
    }

    fn definition(&self, request: &Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: lsp_types::GotoDefinitionParams = params(request)?;
        let (doc, offset) = self.at(&params.text_document_position_params)?;
        let uri = params.text_document_position_params.text_document.uri;
        let target = analysis::definition(&doc.text, offset).map(|span| {
            GotoDefinitionResponse::Scalar(Location::new(uri, doc.index.range(&doc.text, span)))
        });
        to_value(target)
    }

    fn completion(&self, request: &Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: lsp_types::CompletionParams = params(request)?;
        let (doc, offset) = self.at(&params.text_document_position)?;
        let items: Vec<CompletionItem> = analysis::completion(&doc.text, offset)
            .into_iter()
            .map(|c| CompletionItem {
                kind: Some(match c.kind {
                    CompletionKind::Keyword => CompletionItemKind::KEYWORD,
                    CompletionKind::Piece => CompletionItemKind::CLASS,
                    CompletionKind::Zone => CompletionItemKind::VARIABLE,
                    CompletionKind::Tag => CompletionItemKind::PROPERTY,
                    CompletionKind::Direction => CompletionItemKind::ENUM_MEMBER,
                }),
                detail: Some(
                    match c.kind {
                        CompletionKind::Keyword => "keyword",
                        CompletionKind::Piece => "piece",
                        CompletionKind::Zone => "zone",
                        CompletionKind::Tag => "tag",
                        CompletionKind::Direction => "direction",
                    }
                    .into(),
                ),
                label: c.label,
                ..CompletionItem::default()
            })
            .collect();
        to_value(CompletionResponse::Array(items))
    }

    fn symbols(&self, request: &Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: lsp_types::DocumentSymbolParams = params(request)?;
        let doc = self.document(&params.text_document.uri)?;
        let symbols: Vec<DocumentSymbol> = analysis::symbols(&doc.text)
            .iter()
            .map(|s| document_symbol(doc, s))
            .collect();
        to_value(DocumentSymbolResponse::Nested(symbols))
    }

    fn format(&self, request: &Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: lsp_types::DocumentFormattingParams = params(request)?;
        let doc = self.document(&params.text_document.uri)?;
        let edits = analysis::format(&doc.text).and_then(|formatted| {
            (formatted != doc.text).then(|| {
                let end = doc.index.position(&doc.text, doc.text.len());
                vec![TextEdit::new(
                    lsp_types::Range::new(Position::new(0, 0), Position::new(end.0, end.1)),
                    formatted,
                )]
            })
        });
        to_value(edits.unwrap_or_default())
    }

    /// Takes a notification; returns the messages to send (diagnostics).
    fn notification(&mut self, notification: Notification) -> Vec<Message> {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = notification
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                else {
                    return Vec::new();
                };
                let uri = p.text_document.uri;
                self.set_text(&uri, p.text_document.text);
                vec![self.publish(&uri, Some(p.text_document.version))]
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = notification.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) else {
                    return Vec::new();
                };
                // Full sync: the last change holds the whole text.
                let Some(change) = p.content_changes.into_iter().next_back() else {
                    return Vec::new();
                };
                let uri = p.text_document.uri;
                self.set_text(&uri, change.text);
                vec![self.publish(&uri, Some(p.text_document.version))]
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = notification
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                else {
                    return Vec::new();
                };
                let uri = p.text_document.uri;
                self.documents.remove(&uri);
                vec![publish_message(PublishDiagnosticsParams::new(
                    uri,
                    Vec::new(),
                    None,
                ))]
            }
            _ => Vec::new(),
        }
    }

    fn set_text(&mut self, uri: &Uri, text: String) {
        let base = base_of(uri);
        self.documents.insert(
            uri.clone(),
            Document {
                index: LineIndex::new(&text),
                text,
                base,
                rules: None,
            },
        );
    }

    /// Checks document `uri` and returns its diagnostics as a message.
    fn publish(&mut self, uri: &Uri, version: Option<i32>) -> Message {
        let Some(doc) = self.documents.get_mut(uri) else {
            return publish_message(PublishDiagnosticsParams::new(uri.clone(), Vec::new(), None));
        };
        let (diags, rules) = analysis::check(&doc.text, doc.base.as_deref());
        doc.rules = rules;
        let doc = &self.documents[uri];
        let diagnostics = diags.iter().map(|d| lsp_diagnostic(uri, doc, d)).collect();
        publish_message(PublishDiagnosticsParams::new(
            uri.clone(),
            diagnostics,
            version,
        ))
    }
}

fn publish_message(params: PublishDiagnosticsParams) -> Message {
    Message::Notification(Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        params,
    ))
}

/// A checker's diagnostic as LSP's: the message with the primary label, help and notes
/// after it, the secondary labels as related information.
fn lsp_diagnostic(uri: &Uri, doc: &Document, d: &Diagnostic) -> lsp_types::Diagnostic {
    let mut message = d.message.clone();
    if !d.primary.message.is_empty() {
        message.push_str(&format!(": {}", d.primary.message));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    for note in &d.notes {
        message.push_str(&format!("\nnote: {note}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), doc.index.range(&doc.text, l.span)),
            message: l.message.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: doc.index.range(&doc.text, d.primary.span),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("piecewise".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written.
fn document_symbol(doc: &Document, s: &Symbol) -> DocumentSymbol {
    DocumentSymbol {
        name: if s.name.is_empty() {
            "(empty)".into()
        } else {
            s.name.clone()
        },
        detail: (!s.detail.is_empty()).then(|| s.detail.clone()),
        kind: match s.kind {
            outline::SymbolKind::Game => SymbolKind::FILE,
            outline::SymbolKind::Board => SymbolKind::OBJECT,
            outline::SymbolKind::Zone => SymbolKind::VARIABLE,
            outline::SymbolKind::Tag => SymbolKind::PROPERTY,
            outline::SymbolKind::Piece => SymbolKind::CLASS,
            outline::SymbolKind::Pattern => SymbolKind::METHOD,
            outline::SymbolKind::Declaration => SymbolKind::KEY,
        },
        tags: None,
        deprecated: None,
        range: doc.index.range(&doc.text, s.span),
        selection_range: doc.index.range(&doc.text, s.name_span),
        children: (!s.children.is_empty())
            .then(|| s.children.iter().map(|c| document_symbol(doc, c)).collect()),
    }
}

fn params<P: serde::de::DeserializeOwned>(request: &Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params.clone()).map_err(|e| {
        (
            ErrorCode::InvalidParams,
            format!("invalid parameters for {}: {e}", request.method),
        )
    })
}

fn to_value(value: impl serde::Serialize) -> Result<serde_json::Value, (ErrorCode, String)> {
    serde_json::to_value(value).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
