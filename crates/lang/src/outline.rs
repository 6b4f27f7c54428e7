//! The outline of a `.rules` file, for editors: its symbols (the game, the board,
//! zones, tags, pieces with their patterns, the other declarations) with their spans,
//! and every place a piece, zone or tag is named, so that a name can be followed to its
//! declaration.
//!
//! Read from the syntax tree alone: an outline exists for every text that parses,
//! whether or not it checks.
//!
//! ```
//! use piecewise_lang::outline::{outline, NameKind, SymbolKind};
//!
//! let source = "board square 8x8\nzone far = rank 8\npiece Queen (Q) { ride any }\npiece Pawn (P) { step forward, to far }\npromotion Pawn to Queen in far";
//! let outline = outline(source).unwrap();
//! let pieces: Vec<&str> = outline.symbols.iter()
//!     .filter(|s| s.kind == SymbolKind::Piece)
//!     .map(|s| s.name.as_str())
//!     .collect();
//! assert_eq!(pieces, ["Queen", "Pawn"]);
//! // `Queen` in the promotion leads to its piece declaration.
//! let at = source.rfind("Queen").unwrap();
//! let target = outline.definition_at(at).unwrap();
//! assert_eq!(&source[target.range()], "Queen");
//! assert_eq!(target.start as usize, source.find("Queen").unwrap());
//! assert_eq!(outline.names(NameKind::Zone), ["far"]);
//! ```

use crate::ast::{self, Ident, Item, Kinds, ModifierKind, PatternItem};
use crate::diagnostics::Diagnostics;
use crate::ids::Span;

/// What a symbol is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// `game "NAME"`.
    Game,
    /// `board ...`.
    Board,
    /// `zone NAME = ...`.
    Zone,
    /// `tag NAME (MARK) ...`.
    Tag,
    /// `piece NAME (L) { ... }`.
    Piece,
    /// One pattern of a piece.
    Pattern,
    /// Any other declaration (`royal`, `castling`, `promotion`, ...).
    Declaration,
}

/// One entry of the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// What it is.
    pub kind: SymbolKind,
    /// Its name: the declared name, or for a declaration or pattern without one, its
    /// text on one line (shortened past 80 characters).
    pub name: String,
    /// A short description: a piece's letter, a zone's cells, a board's shape.
    pub detail: String,
    /// The whole declaration.
    pub span: Span,
    /// The name (the whole declaration when it has none).
    pub name_span: Span,
    /// A piece's patterns.
    pub children: Vec<Symbol>,
}

/// The kinds of names a file declares and refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// A piece (`piece NAME`).
    Piece,
    /// A zone (`zone NAME`).
    Zone,
    /// A tag (`tag NAME`).
    Tag,
}

/// A name as written at one place: a declaration's or a use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// What it names.
    pub kind: NameKind,
    /// The name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// The outline of a file: [`outline`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outline {
    /// The top-level symbols, in source order.
    pub symbols: Vec<Symbol>,
    /// The declared names (each piece's, zone's and tag's), in source order.
    pub definitions: Vec<Name>,
    /// Every use of a name, in source order of the declarations.
    pub references: Vec<Name>,
}

impl Outline {
    /// The name written at byte `offset` (a use or a declaration), if any.
    pub fn name_at(&self, offset: usize) -> Option<&Name> {
        self.references
            .iter()
            .chain(&self.definitions)
            .find(|n| (n.span.start as usize) <= offset && offset <= n.span.end as usize)
    }

    /// The declaration of the name written at byte `offset`: the span of the declared
    /// name (the first declaration when there are several).
    pub fn definition_at(&self, offset: usize) -> Option<Span> {
        let used = self.name_at(offset)?;
        self.definitions
            .iter()
            .find(|d| d.kind == used.kind && d.name == used.name)
            .map(|d| d.span)
    }

    /// The declared names of one kind, in source order, without repeats.
    pub fn names(&self, kind: NameKind) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for d in self.definitions.iter().filter(|d| d.kind == kind) {
            if !names.contains(&d.name.as_str()) {
                names.push(&d.name);
            }
        }
        names
    }

    /// The piece symbol named `name`.
    pub fn piece(&self, name: &str) -> Option<&Symbol> {
        self.symbols
            .iter()
            .find(|s| s.kind == SymbolKind::Piece && s.name == name)
    }
}

/// The outline of `source`, or its syntax errors when it does not parse.
pub fn outline(source: &str) -> Result<Outline, Diagnostics> {
    let file = crate::syntax::parse(source)?;
    let mut out = Outline::default();
    for item in &file.items {
        let symbol = symbol(item, source, &mut out);
        out.symbols.push(symbol);
        references(item, &mut out.references);
    }
    Ok(out)
}

/// `span`'s text on one line, shortened past 80 characters.
fn one_line(source: &str, span: Span) -> String {
    let text = source.get(span.range()).unwrap_or("");
    let words: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .collect();
    let line = words.join(" ");
    if line.chars().count() > 80 {
        let cut: String = line.chars().take(79).collect();
        format!("{cut}…")
    } else {
        line
    }
}

fn define(out: &mut Outline, kind: NameKind, ident: &Ident) {
    out.definitions.push(Name {
        kind,
        name: ident.name.clone(),
        span: ident.span,
    });
}

fn symbol(item: &Item, source: &str, out: &mut Outline) -> Symbol {
    let span = item.span();
    let plain = |kind: SymbolKind| Symbol {
        kind,
        name: one_line(source, span),
        detail: String::new(),
        span,
        name_span: span,
        children: Vec::new(),
    };
    match item {
        Item::Game(game) => Symbol {
            name: game.name.clone(),
            detail: "game".into(),
            ..plain(SymbolKind::Game)
        },
        Item::Board(board) => Symbol {
            name: format!("board {}", board.kind.name),
            detail: one_line(source, board.shape_span),
            ..plain(SymbolKind::Board)
        },
        Item::Zone(zone) => {
            define(out, NameKind::Zone, &zone.name);
            Symbol {
                name: zone.name.name.clone(),
                detail: one_line(source, zone.cells.span),
                name_span: zone.name.span,
                ..plain(SymbolKind::Zone)
            }
        }
        Item::Tag(tag) => {
            define(out, NameKind::Tag, &tag.name);
            Symbol {
                name: tag.name.name.clone(),
                detail: format!("({})", tag.mark),
                name_span: tag.name.span,
                ..plain(SymbolKind::Tag)
            }
        }
        Item::Piece(piece) => {
            define(out, NameKind::Piece, &piece.name);
            let children = piece
                .patterns
                .iter()
                .map(|p| Symbol {
                    kind: SymbolKind::Pattern,
                    name: one_line(source, p.span()),
                    detail: String::new(),
                    span: p.span(),
                    name_span: p.span(),
                    children: Vec::new(),
                })
                .collect();
            Symbol {
                name: piece.name.name.clone(),
                detail: format!("({})", piece.letter.name),
                name_span: piece.name.span,
                children,
                ..plain(SymbolKind::Piece)
            }
        }
        _ => plain(SymbolKind::Declaration),
    }
}

/// Pushes a use of each name of `idents`.
fn uses<'a>(out: &mut Vec<Name>, kind: NameKind, idents: impl IntoIterator<Item = &'a Ident>) {
    out.extend(idents.into_iter().map(|i| Name {
        kind,
        name: i.name.clone(),
        span: i.span,
    }));
}

fn kinds<'a>(out: &mut Vec<Name>, k: impl IntoIterator<Item = &'a Kinds>) {
    for k in k {
        uses(out, NameKind::Piece, &k.names);
    }
}

fn modifiers(out: &mut Vec<Name>, modifiers: &[ast::Modifier]) {
    for m in modifiers {
        match &m.kind {
            ModifierKind::From { zone, .. } | ModifierKind::To { zone, .. } => {
                uses(out, NameKind::Zone, [zone]);
            }
            ModifierKind::Captures(k) => kinds(out, [k]),
            ModifierKind::CaptureFriend(k) => kinds(out, k),
            ModifierKind::Push(p) | ModifierKind::Swap(p) | ModifierKind::Activate(p) => {
                kinds(out, &p.kinds)
            }
            ModifierKind::Convert(c) => {
                kinds(out, &c.kinds);
                uses(out, NameKind::Piece, &c.into);
            }
            ModifierKind::Tagged(t) | ModifierKind::Sets(t) | ModifierKind::Keeps(t) => {
                uses(out, NameKind::Tag, [t]);
            }
            ModifierKind::Burn(b) => {
                if let Some(target) = &b.target {
                    kinds(out, &target.kinds);
                }
            }
            ModifierKind::Explode(e) => kinds(out, &e.sparing),
            ModifierKind::Withdraw(k) => kinds(out, k),
            ModifierKind::Pincer(p) => kinds(out, &p.kinds),
            ModifierKind::Coordinate(c) => {
                kinds(out, &c.kinds);
                uses(out, NameKind::Piece, [&c.with]);
            }
            ModifierKind::MoveOnly
            | ModifierKind::Near { .. }
            | ModifierKind::CaptureOnly
            | ModifierKind::Initial
            | ModifierKind::Pass
            | ModifierKind::EnPassant
            | ModifierKind::Chain
            | ModifierKind::NotInCheck
            | ModifierKind::ForSide(_) => {}
        }
    }
}

/// Pushes every use of a name in `item`.
fn references(item: &Item, out: &mut Vec<Name>) {
    use NameKind::{Piece, Tag, Zone};
    match item {
        Item::Piece(piece) => {
            for pattern in &piece.patterns {
                match pattern {
                    PatternItem::Like(name, mods, _) => {
                        uses(out, Piece, [name]);
                        modifiers(out, mods);
                    }
                    PatternItem::Moves(p) => {
                        for leg in &p.legs {
                            for via in leg.via.iter().flat_map(|v| &v.items) {
                                kinds(out, &via.kinds);
                            }
                        }
                        modifiers(out, &p.modifiers);
                    }
                }
            }
        }
        Item::Royal(d) => uses(out, Piece, &d.pieces),
        Item::Castling(d) => {
            uses(out, Piece, [&d.king.piece, &d.partner.piece]);
            uses(out, Tag, &d.tag);
        }
        Item::EnPassant(d) => uses(out, Piece, &d.pieces),
        Item::Promotion(d) => {
            uses(out, Piece, d.pieces.iter().chain(&d.choices));
            uses(out, Zone, [&d.zone]);
            uses(out, Tag, &d.tag);
        }
        Item::Drop(d) => {
            uses(out, Piece, &d.pieces);
            for option in &d.options {
                match &option.kind {
                    ast::DropOptionKind::NotIn(zones) => uses(out, Zone, zones),
                    ast::DropOptionKind::OpeningIn(zone) => uses(out, Zone, [zone]),
                    _ => {}
                }
            }
        }
        Item::Confine(d) => {
            uses(out, Piece, &d.pieces);
            uses(out, Zone, [&d.zone]);
        }
        Item::Heading(d) => {
            uses(
                out,
                Piece,
                d.pieces.iter().chain(d.choices.iter().map(|(_, k)| k)),
            );
        }
        Item::Sokoban(d) => uses(out, Piece, d.roles.iter().map(|r| &r.piece)),
        Item::Petrify(d) => uses(out, Piece, d.pieces.iter().chain([&d.into])),
        Item::Explode(d) => {
            kinds(out, &d.sparing);
            kinds(out, &d.immune);
        }
        Item::Area(d) => {
            uses(out, Piece, &d.pieces);
            for target in &d.targets {
                kinds(out, &target.kinds);
            }
        }
        Item::Immune(d) => {
            uses(out, Piece, &d.pieces);
            kinds(out, &d.capturers);
        }
        Item::LionTrading(d) => {
            uses(out, Piece, &d.pieces);
            kinds(out, &d.bridge);
        }
        Item::Gating(d) => {
            uses(out, Piece, &d.pieces);
            uses(out, Zone, [&d.zone]);
        }
        Item::MoveLimit(d) => uses(out, Piece, &d.pawns),
        Item::Counting(d) => uses(out, Piece, d.roles.iter().map(|(_, p)| p)),
        Item::Neutral(d) => {
            uses(out, Piece, &d.pieces);
            for by in &d.captured_by {
                uses(out, Piece, &by.kinds);
            }
        }
        Item::Tag(d) => {
            uses(out, Piece, &d.pieces);
            if let Some((zone, _)) = &d.rights {
                uses(out, Zone, [zone]);
            }
            if let Some((by, _)) = &d.aimed_by {
                uses(out, Piece, by);
            }
        }
        Item::Relay(d) => {
            uses(out, Piece, &d.pieces);
            kinds(out, &d.activate);
        }
        Item::Passive(d) => uses(out, Piece, &d.pieces),
        Item::Touch(d) => {
            uses(out, Piece, &d.pieces);
            uses(out, Piece, &d.promote);
        }
        Item::Alignment(d) => {
            uses(out, Piece, &d.pieces);
            for (_, by) in &d.entered_by {
                uses(out, Piece, by);
            }
            for (_, k, to) in &d.demote {
                kinds(out, [k]);
                uses(out, Piece, [to]);
            }
        }
        Item::MovesAs(d) => {
            uses(out, Piece, &d.pieces);
            uses(out, Piece, &d.by);
            uses(out, Piece, [&d.as_piece]);
        }
        Item::Displace(d) => {
            kinds(out, [&d.kinds]);
            for (_, by) in &d.by {
                uses(out, Piece, by);
            }
        }
        Item::Sacrifice(d) => {
            kinds(out, [&d.kinds]);
            for (_, names) in d.by.iter().chain(&d.through) {
                uses(out, Piece, names);
            }
        }
        Item::Journey(d) => {
            uses(out, Piece, &d.pieces);
            uses(out, Piece, &d.by);
            for (_, blocked) in &d.blocked {
                uses(out, Piece, blocked);
            }
        }
        Item::Teleport(d) => {
            uses(out, Piece, &d.through);
            uses(out, Piece, &d.to);
            for (_, not) in &d.not {
                uses(out, Piece, not);
            }
        }
        Item::Reach(d) => {
            uses(out, Zone, [&d.zone]);
            uses(out, Piece, &d.pieces);
        }
        Item::Extinction(d) => uses(out, Piece, &d.pieces),
        Item::Connect(d) => {
            if let crate::ast::ConnectShapeDecl::Zones(a, b) = &d.shape {
                uses(out, Zone, [a, b]);
            }
            uses(out, Piece, &d.pieces);
        }
        Item::Points(d) => uses(out, Piece, d.kinds.iter().map(|(name, _)| name)),
        Item::MoveRepetition(pieces, _) => uses(out, Piece, pieces),
        Item::Checkmate(d) => {
            for (pieces, _) in d.only.iter().chain(&d.after) {
                uses(out, Piece, pieces);
            }
        }
        Item::Endgame(d) => {
            for m in d.stronger.iter().chain(&d.weaker) {
                uses(out, Piece, m.counts.iter().map(|(_, name)| name));
            }
        }
        Item::MustCapture(d) => {
            for p in &d.prefer {
                uses(out, Piece, &p.pieces);
            }
        }
        Item::Chain(_)
        | Item::Checks(_)
        | Item::NoGivingCheck(_)
        | Item::DrawOdds(..)
        | Item::DoublePass(_)
        | Item::RoyalsFacing(_)
        | Item::DrawByCount(_)
        | Item::PassWhenStuck(_)
        | Item::FullBoard(_)
        | Item::Game(_)
        | Item::Board(_)
        | Item::Zone(_)
        | Item::Start(_)
        | Item::RoyalsMayNotFace(_)
        | Item::RoyalsInCheckCaptureOnly(_)
        | Item::Stalemate(_)
        | Item::Repetition(_)
        | Item::PerpetualCheck(_)
        | Item::BareRoyal(_)
        | Item::NoPieces(_)
        | Item::Hand(..)
        | Item::OneSide(_)
        | Item::NoCheck(..) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "board square 8x8\nzone far = rank 8\ntag rush (^) for Pawn\npiece Queen (Q) { ride any }\npiece Pawn (P) {\n    step forward, to far\n    ride forward 2, tagged rush\n    like Queen, captures Pawn\n}\npromotion Pawn to Queen in far\n";

    #[test]
    fn symbols_and_children() {
        let o = outline(SOURCE).unwrap();
        let kinds: Vec<SymbolKind> = o.symbols.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                SymbolKind::Board,
                SymbolKind::Zone,
                SymbolKind::Tag,
                SymbolKind::Piece,
                SymbolKind::Piece,
                SymbolKind::Declaration
            ]
        );
        let pawn = o.piece("Pawn").unwrap();
        assert_eq!(pawn.detail, "(P)");
        assert_eq!(pawn.children.len(), 3);
        assert_eq!(pawn.children[2].name, "like Queen, captures Pawn");
        assert_eq!(o.symbols[5].name, "promotion Pawn to Queen in far");
    }

    #[test]
    fn names_lead_to_declarations() {
        let o = outline(SOURCE).unwrap();
        let at = |needle: &str, nth: usize| SOURCE.match_indices(needle).nth(nth).unwrap().0;
        // `like Queen` → the piece; `tagged rush` → the tag; `to far` → the zone.
        let queen = o.definition_at(at("Queen", 1) + 2).unwrap();
        assert_eq!(queen.start as usize, at("Queen", 0));
        assert_eq!(
            o.definition_at(at("rush", 1)).unwrap().start as usize,
            at("rush", 0)
        );
        assert_eq!(
            o.definition_at(at("far", 1)).unwrap().start as usize,
            at("far", 0)
        );
        // A word that is no name leads nowhere.
        assert_eq!(o.definition_at(at("ride", 0)), None);
        assert_eq!(o.names(NameKind::Piece), ["Queen", "Pawn"]);
    }
}
