//! The pest parser: runs the grammar (`grammar/piecewise.pest`) and copies the parse
//! tree into plain [`Node`]s; a pest error goes to [`super::messages`], which says what
//! went wrong in a rule author's words.
//!
//! This is the only file that sees pest `Pair`s ([`super::messages`] sees pest's errors
//! and the grammar's rules); [`super::lower`] builds the AST from [`Node`]s.

use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use pest::iterators::Pair;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/piecewise.pest"]
pub(super) struct RulesParser;

pub(crate) use self::Rule as R;

/// An owned parse-tree node: its rule, span, text and children.
#[derive(Clone, Debug)]
pub(crate) struct Node<'s> {
    pub rule: Rule,
    pub span: Span,
    pub text: &'s str,
    pub children: Vec<Node<'s>>,
}

impl<'s> Node<'s> {
    /// The first child with this rule.
    pub fn child(&self, rule: Rule) -> Option<&Node<'s>> {
        self.children.iter().find(|c| c.rule == rule)
    }

    /// Whether a child with this rule exists.
    pub fn has(&self, rule: Rule) -> bool {
        self.child(rule).is_some()
    }

    /// All children with this rule.
    pub fn all(&self, rule: Rule) -> impl Iterator<Item = &Node<'s>> {
        self.children.iter().filter(move |c| c.rule == rule)
    }
}

/// Parses a whole file into its `file` node.
pub(crate) fn parse_file(source: &str) -> Result<Node<'_>, Box<Diagnostic>> {
    match RulesParser::parse(Rule::file, source) {
        Ok(mut pairs) => match pairs.next() {
            Some(pair) => Ok(to_node(pair)),
            None => Err(Box::new(Diagnostic::error(
                "E0001",
                "the file could not be parsed",
                Span::new(0, 0),
            ))),
        },
        Err(e) => Err(Box::new(super::messages::convert_error(source, e))),
    }
}

/// Copies a pair and its children. A node with children ends where its last child
/// ends, so that spans never include trailing whitespace or comments.
fn to_node(pair: Pair<'_, Rule>) -> Node<'_> {
    let span = pair.as_span();
    let rule = pair.as_rule();
    let children: Vec<Node<'_>> = pair.into_inner().map(to_node).collect();
    let end = match children.last() {
        Some(last) if last.span.end as usize >= span.start() => last.span.end as usize,
        _ => span.end(),
    };
    let text = span
        .as_str()
        .get(..end - span.start())
        .unwrap_or(span.as_str());
    Node {
        rule,
        span: Span::new(span.start(), end),
        text,
        children,
    }
}
