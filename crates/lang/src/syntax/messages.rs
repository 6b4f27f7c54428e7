//! messages: what a syntax error says, in a rule author's words. A pest error becomes a
//! [`Diagnostic`]: the expected rules grouped by kind ("a move pattern", "a
//! modifier"), "did you mean" for a word an edit or two from a keyword valid at that
//! point, and a `{` left open reported where it opens (docs/language.md, "Syntax
//! errors").
//!
//! Reads pest's error and the grammar's [`Rule`]s, never a parse tree
//! ([`super::parse`] owns those).

use super::parse::{Rule, R};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use pest::error::{ErrorVariant, InputLocation};

use super::braces::*;
use super::suggest::*;

/// What a rule means to a rule author, for "expected ..." messages. `None` hides it.
fn friendly(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        R::EOI => "end of file",
        R::game_decl | R::kw_game => "`game`",
        R::board_decl | R::kw_board => "`board`",
        R::zone_decl | R::kw_zone => "`zone`",
        R::piece_decl | R::kw_piece => "`piece`",
        R::start_decl
        | R::kw_start
        | R::royal_decl
        | R::kw_royal
        | R::royals_face_decl
        | R::royals_facing_decl
        | R::royals_check_decl
        | R::kw_royals
        | R::castling_decl
        | R::kw_castling
        | R::en_passant_decl
        | R::kw_en
        | R::promotion_decl
        | R::kw_promotion
        | R::hand_decl
        | R::kw_hand
        | R::drop_decl
        | R::kw_drop
        | R::confine_decl
        | R::kw_confine
        | R::heading_decl
        | R::heading_choice
        | R::kw_heading
        | R::one_side_decl
        | R::sokoban_decl
        | R::kw_sokoban
        | R::stalemate_decl
        | R::kw_stalemate
        | R::must_capture_decl
        | R::kw_must
        | R::explode_decl
        | R::kw_explode
        | R::petrify_decl
        | R::kw_petrify
        | R::area_decl
        | R::kw_burn
        | R::kw_freeze
        | R::immune_decl
        | R::kw_immune
        | R::repetition_decl
        | R::kw_repetition
        | R::perpetual_decl
        | R::kw_perpetual
        | R::move_limit_decl
        | R::kw_move_limit
        | R::bare_royal_decl
        | R::kw_bare
        | R::no_pieces_decl
        | R::kw_no
        | R::counting_decl
        | R::kw_counting
        | R::reach_decl
        | R::kw_reach
        | R::extinction_decl
        | R::kw_extinction
        | R::endgame_decl
        | R::kw_endgame
        | R::checks_decl
        | R::kw_checks
        | R::no_giving_check_decl
        | R::draw_odds_decl
        | R::draw_count_decl
        | R::pass_decl
        | R::full_board_decl
        | R::connect_decl
        | R::kw_connect
        | R::kw_flip
        | R::kw_full
        | R::kw_pass_decl
        | R::kw_draw_odds
        | R::double_pass_decl
        | R::move_repetition_decl
        | R::kw_double
        | R::points_decl
        | R::kw_draws
        | R::checkmate_decl
        | R::kw_checkmate
        | R::neutral_decl
        | R::kw_neutral
        | R::tag_decl
        | R::kw_tag
        | R::no_check_decl
        | R::relay_decl
        | R::kw_relay
        | R::teleport_decl
        | R::kw_teleport
        | R::alignment_decl
        | R::kw_alignment
        | R::journey_decl
        | R::kw_journey
        | R::displace_decl
        | R::kw_displace
        | R::sacrifice_decl
        | R::kw_sacrifice
        | R::moves_as_decl
        | R::kw_activated
        | R::passive_decl
        | R::kw_passive
        | R::touch_decl
        | R::kw_touch
        | R::chain_decl
        | R::kw_chain
        | R::lion_trading_decl
        | R::kw_lion
        | R::gating_decl
        | R::kw_gating => GAME_DECLARATION,
        R::gating_no_drops | R::kw_drops => "`no drops`",
        R::kw_trading => "`trading`",
        R::lion_bridge | R::kw_bridge => "`bridge` and piece kinds",
        R::no_check_last | R::kw_last => "`except last`",
        R::no_check_all | R::kw_except => "`except last` or `except all`",
        R::opt_entry_or_capture | R::kw_entry => "`on entry or capture`",
        R::opt_never_forced | R::kw_never | R::kw_forced => "`never forced`",
        R::opt_on_capture => "`on capture`",
        R::opt_not_en_passant => "`not en passant`",
        R::opt_at_most => "`at most` and a number",
        R::mod_chain => "`chain`",
        R::capture_weight | R::kw_weight => "`weight`, a piece name and a number",
        R::capture_prefer | R::kw_earliest => "`with`, `most` or `earliest` and piece names",
        R::chain_removal | R::kw_removal => "`removal at end` or `removal at once`",
        R::chain_promotion => "`promotion at end` or `promotion continues`",
        R::kw_at => "`at`",
        R::kw_end | R::kw_once => "`end` or `once`",
        R::kw_continues => "`continues`",
        R::chain_no_reversal | R::kw_reversal => "`no reversal`",
        R::relay_move_only => "`move only`",
        R::relay_activate => "`activate KINDS`",
        R::relay_onward | R::kw_onward => "`onward`",
        R::relay_alternating | R::kw_alternating => "`alternating`",
        R::relay_momentum => "`momentum`",
        R::relay_diverge | R::kw_diverge => "`diverge at`",
        R::kw_through => "`through` and piece names",
        R::teleport_not => "`not` and piece names",
        R::alignment_entered | R::kw_entered => "`entered by` and piece names",
        R::displace_by | R::sacrifice_by => "`by` and piece names",
        R::sacrifice_through => "`through` and piece names",
        R::displace_stepping | R::kw_stepping => "`stepping` and direction words",
        R::alignment_demote | R::kw_demote => "`demote KINDS to PIECE`",
        R::alignment_resurrect | R::kw_resurrect => "`resurrect KINDS by PIECES`",
        R::alignment_beside | R::kw_beside => "`beside` and piece names",
        R::teleport_onward => "`onward` and piece names",
        R::teleport_back => "`back` and piece names",
        R::journey_spiral => "`spiral`, its first steps and `turn`",
        R::journey_inward => "`inward`",
        R::journey_blocked => "`blocked by` and piece names",
        R::journey_captures => "`captures` and `when activated by first|second`",
        R::journey_displaces | R::kw_displaces | R::kw_onto => {
            "`displaces onto` and vectors, `rotated`, `when activated by first|second`"
        }
        R::journey_rotated | R::kw_rotated => "`rotated`",
        R::journey_sweeps | R::kw_sweeps => {
            "`sweeps`, `for first|second`, `when activated by first|second`"
        }
        R::castling_through => "`through check`",
        R::after_each_move | R::kw_after | R::kw_each => "`after each move`",
        R::placed_after | R::kw_placed => "`placed after each move`",
        R::placed_in => "`in` and a zone name",
        R::placed_site | R::placed_left | R::placed_reach | R::kw_mover => {
            "`where the mover was` or `as the mover moves`"
        }
        R::kw_where | R::kw_was => "`where the mover was`",
        R::kw_as => "`as the mover moves`",
        R::kw_the => "`the mover`",
        R::moved_by_either | R::kw_moved | R::kw_by | R::kw_either => "`moved by either side`",
        R::opaque_flag | R::kw_opaque => "`opaque`",
        R::tag_mark => "a tag's FEN mark such as `^`",
        R::mod_tagged | R::kw_tagged => "`tagged`",
        R::castling_tagged => "`tagged` and a tag name",
        R::castling_takes | R::kw_king | R::kw_takes => "`king takes rook`",
        R::castling_dropped => "`when dropped`",
        R::castling_past => "`past` and the kinds the castling may pass over",
        R::kw_when => "`when dropped` or `when stuck`",
        R::captured_by | R::capture_side => {
            "`captured by` and `first`, `second`, `either side` or piece names"
        }
        R::mod_sets | R::kw_sets => "`sets` and a tag name",
        R::mod_keeps | R::kw_keeps => "`keeps` and a tag name",
        R::mod_burn => "`burn`",
        R::mod_explode => "`explode`",
        R::mod_withdraw | R::kw_withdraw => "`withdraw`",
        R::mod_pincer | R::kw_pincer => "`pincer`",
        R::mod_coordinate | R::kw_coordinate => "`coordinate ... with` and a piece name",
        R::mod_near | R::kw_near => "`near [N] foe`",
        R::kw_on => "`on`",
        R::sparing | R::kw_sparing => "`sparing` and piece names",
        R::blast_immune => "`immune` and piece names",
        R::blast_to_hand => "`to hand`",
        R::around | R::kw_around => "`around` and directions such as `any`",
        R::area_target => "`friend`, `foe` or `piece` and piece names",
        R::decl_kinds => "piece names such as `Pawn | Wall` (or `not King`)",
        R::for_side | R::kw_for => "`for first` or `for second`",
        R::end_kind | R::kw_claim | R::kw_immediate => "`claim` or `immediate`",
        R::kw_check => "`check`",
        R::reach_count | R::kw_count => "`count` and a number",
        R::kw_reply => "`reply`",
        R::kw_safe => "`safe`",
        R::kw_held => "`held`",
        R::extinction_below | R::kw_below => "`below` and a number",
        R::kw_all => "`all`",
        R::kw_giving => "`giving check`",
        R::kw_loses => "`loses`",
        R::hand_not_kept | R::kw_kept => "`captures not kept`",
        R::hand_kept_promoted | R::kw_promoted => "`captures kept promoted`",
        R::kw_limit => "`limit`",
        R::kw_moves | R::kw_plies => "`moves` or `plies`",
        R::kw_pieces => "`pieces`",
        R::limit_pawns => "`pawn` and piece names",
        R::kw_makruk => "`makruk`",
        R::kw_asean => "`asean`",
        R::kw_cambodian => "`cambodian`",
        R::tag_rights | R::kw_rights => "`as rights in` and a zone name",
        R::tag_aimed | R::kw_lost | R::kw_aimed => "`lost when aimed at by` and piece names",
        R::mod_not_in_check => "`not in check`",
        R::counting_role | R::kw_pawn | R::kw_rook | R::kw_bishop | R::kw_knight => {
            "a role (`pawn`, `rook`, `bishop` or `knight`) and a piece name"
        }
        R::outcome | R::kw_draw | R::kw_loss | R::kw_win => {
            "an outcome (`draw`, `loss` or `win`)"
        }
        R::kw_side => "`side`",
        R::sokoban_role | R::kw_pusher | R::kw_box | R::kw_wall => {
            "`pusher`, `box` or `wall` and a piece name"
        }
        R::kw_reverse => "`reverse`",
        R::mod_push | R::kw_push => "`push`",
        R::mod_swap | R::kw_swap => "`swap`",
        R::mod_convert | R::kw_convert => "`convert`",
        R::mod_activate | R::kw_activate => "`activate`",
        R::kw_into => "`into` and a piece name",
        R::mod_capture_friend => "`capture friend`",
        R::piece_list | R::choice_list => "piece names such as `Queen | Rook`",
        R::castling_move => "a piece and its move such as `Rook h1 to f1`",
        R::kw_with => "`with`",
        R::kw_in => "`in`",
        R::kw_may => "`may`",
        R::kw_face => "`face`",
        R::promotion_option => {
            "`optional`, `also leaving`, `only captured`, `tagged` and a tag, `delayed`, `on entry or capture` or `never forced`"
        }
        R::opt_promo_tagged => "`tagged` and a tag name",
        R::opt_delayed | R::kw_delayed => "`delayed`",
        R::opt_optional | R::kw_optional => "`optional`",
        R::opt_also_leaving | R::kw_also => "`also leaving`",
        R::kw_leaving => "`leaving`",
        R::opt_only_captured => "`only captured`",
        R::drop_option => {
            "`not in`, `one per file`, `at most N per file`, `not mating`, `also stuck`, `next to friend`, `enclosing`, `opening in`, `either face`, `dropped first`, `opposite colours`, `falling`, `pushed in` or `not next to foe`"
        }
        R::drop_next_to | R::kw_next => "`next to friend`",
        R::drop_enclosing | R::kw_enclosing => "`enclosing`",
        R::drop_opening | R::kw_opening => "`opening in` and a zone",
        R::hand_unlimited | R::kw_unlimited => "`unlimited`",
        R::flip_enclosed | R::kw_enclosed => "`enclosed`",
        R::burn_arriving | R::kw_arriving => "`also arriving`",
        R::drop_stuck | R::kw_stuck => "`also stuck`",
        R::drop_either_face => "`either face`",
        R::drop_first | R::kw_dropped => "`dropped first`",
        R::drop_colours | R::kw_opposite | R::kw_colours => "`opposite colours`",
        R::drop_falling | R::kw_falling => "`falling`",
        R::drop_not_next_to => "`not next to foe`",
        R::drop_any_side | R::kw_pushed => "`pushed in`",
        R::connect_along | R::kw_along => "`along` and directions",
        R::connect_gaps | R::kw_gaps => "`gaps`",
        R::connect_square | R::kw_square => "`square` and a size",
        R::drop_not_in => "`not in`",
        R::drop_one_per_file => "`one per file`",
        R::drop_per_file => "`at most N per file`",
        R::kw_per => "`per`",
        R::drop_not_mating | R::kw_mating => "`not mating`",
        R::drop_not_checking | R::kw_checking => "`not checking`",
        R::mod_en_passant => "`en passant`",
        R::kw_passant => "`passant`",
        R::mod_pass | R::kw_pass => "`pass`",
        R::kw_facing => "`facing`",
        R::kw_points => "`points`",
        R::points_kind | R::points_bonus => "a piece kind and its points, or `first`/`second` and a bonus",
        R::decimal => "a number of points such as `13` or `1.5`",
        R::mod_for => "`for first` or `for second`",
        R::repeat_group | R::kw_repeat => "`repeat`",
        R::kw_most => "`most`",
        R::colour_item | R::kw_light | R::kw_dark | R::kw_medium => {
            "`light`, `medium` or `dark`"
        }
        R::string | R::quote => "a quoted name such as `\"Fairy\"`",
        R::fen_string | R::fen_quote => "a quoted FEN such as `\"8/8/8/8/8/8/8/8 w\"`",
        R::quote_close => "a closing `\"`",
        R::board_kind => "a board kind such as `square`",
        R::size => "a board size such as `8x8`",
        R::size_x => "`x` (as in `8x8`)",
        R::cell_set => "cells such as `a1`, `d4-e5`, `rank 2` or `files a-c`",
        R::cell | R::cell_rect => "a cell such as `a1`",
        R::ranks_item | R::kw_rank => "`rank`",
        R::files_item | R::kw_file => "`file`",
        R::file_name => "a file letter such as `a`",
        R::letter => "a FEN letter such as `N`",
        R::body => "a pattern",
        R::like_pattern | R::kw_like => "`like`",
        R::move_pattern | R::leg | R::mover => "a pattern (`step`, `leap`, `ride` or `like`)",
        R::kw_step => "`step`",
        R::kw_leap => "`leap`",
        R::kw_ride => "`ride`",
        R::dirs | R::dir | R::dir_word | R::vector_dir => {
            "a direction such as `orthogonal` or `(1,2)`"
        }
        R::vector_qual => "`forward`, `backward` or `exactly`",
        R::vector => "a vector such as `(1,2)`",
        R::turn_dir | R::kw_turn => "`turn`",
        R::angle | R::more_angle => "an angle such as `45`, `-90` or `±45`",
        R::sign => "a sign",
        R::range => "a step count such as `3`, `up to 3`, `2..4` or `2..`",
        R::range_up_to | R::range_momentum | R::kw_up => "`up to`",
        R::kw_momentum => "`momentum`",
        R::range_between | R::range_at_least | R::range_exact => "a step count",
        R::via | R::kw_via => "`via`",
        R::via_item | R::via_kind => "`empty`, `friend`, `foe` or `piece`",
        R::kinds => "piece names such as `Pawn|Knight` or `not Cannon`",
        R::modifier => {
            "a modifier (`move only`, `capture only`, `capture friend`, `initial`, `from`, `to`, `captures`, `en passant`, `push`, `swap`, `convert`, `activate`, `pass`, `tagged` or `for first`)"
        }
        R::mod_move_only | R::kw_move => "`move only`",
        R::mod_capture_only | R::kw_capture => "`capture only`",
        R::mod_initial | R::kw_initial => "`initial`",
        R::mod_from | R::kw_from => "`from`",
        R::mod_to | R::kw_to => "`to`",
        R::mod_captures | R::kw_captures => "`captures`",
        R::ident => "a name",
        R::number => "a number",
        R::int => "a whole number",
        R::lparen => "`(`",
        R::rparen => "`)`",
        R::lbrace => "`{`",
        R::rbrace => "`}`",
        R::comma => "`,`",
        R::semicolon => "`;`",
        R::equals => "`=`",
        R::dash => "`-`",
        R::plus => "`+`",
        R::pipe => "`|`",
        R::dots => "`..`",
        R::kw_absolute => "`absolute`",
        R::kw_captured => "`captured`",
        R::kw_exactly => "`exactly`",
        R::kw_empty => "`empty`",
        R::kw_foe => "`foe`",
        R::kw_forward => "`forward`",
        R::kw_backward => "`backward`",
        R::kw_friend => "`friend`",
        R::kw_holes => "`holes`",
        R::kw_not => "`not`",
        R::kw_only => "`only`",
        R::kw_or => "`or`",
        R::kw_then => "`then`",
        _ => return None,
    })
}

/// How the "expected" lists name the game declarations (one entry for all of them).
const GAME_DECLARATION: &str =
    "a game declaration (`start`, `royal`, `castling`, `en passant`, `promotion`, `heading`, `hand`, `drop`, `confine`, `royals may not face`, `royals in check capture only`, `one side`, `sokoban`, `stalemate`, `must capture`, `explode on capture`, `petrify`, `burn`, `freeze`, `immune`, `repetition`, `perpetual check loses`, `move limit`, `bare royal`, `no pieces`, `counting makruk`, `counting asean`, `counting cambodian`, `reach`, `extinction`, `endgame`, `checks`, `checkmate`, `no giving check`, `neutral`, `no check`, `tag`, `relay`, `passive`, `touch`, `gating`, `teleport`, `alignment`, `journey`, `displace`, `sacrifice`, `activated`)";

/// Orders "expected" lists: the continuation of the current construct first, then
/// separators, then the start of the next construct, then closers.
fn rank(rule: Rule) -> u8 {
    match rule {
        R::plus
        | R::range
        | R::via
        | R::kw_via
        | R::kw_then
        | R::pipe
        | R::kw_captured
        | R::kw_or => 0,
        R::comma | R::semicolon => 1,
        R::move_pattern | R::leg | R::mover | R::like_pattern | R::kw_like => 2,
        R::rbrace | R::rparen => 3,
        R::EOI => 5,
        _ => 4,
    }
}

/// The token at `pos` for "unexpected ..." messages: a word, a number, or one character.
fn token_at(source: &str, pos: usize) -> Option<(usize, usize)> {
    let rest = source.get(pos..)?;
    let mut chars = rest.char_indices();
    let (_, first) = chars.next()?;
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let len = if is_word(first) {
        rest.char_indices()
            .find(|&(_, c)| !is_word(c))
            .map_or(rest.len(), |(i, _)| i)
    } else {
        first.len_utf8()
    };
    Some((pos, pos + len))
}

fn describe_token(text: &str) -> String {
    match text.chars().next() {
        None => "end of file".to_string(),
        Some('\n') | Some('\r') => "end of line".to_string(),
        Some(c) if c.is_control() => format!("character U+{:04X}", c as u32),
        Some(c) if c.is_ascii_digit() => format!("number `{text}`"),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            if KEYWORDS.contains(&text) {
                format!("keyword `{text}`")
            } else {
                format!("`{text}`")
            }
        }
        Some(_) => format!("`{text}`"),
    }
}

/// Joins friendly names: "a, b or c".
fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The kind of thing a group of expected rules stands for, in "expected ..." messages:
/// its short name and, for a kind with many spellings, a note listing them.
pub(super) fn kind(rule: Rule) -> Option<(&'static str, Option<&'static str>)> {
    Some(match rule {
        R::file
        | R::EOI
        | R::game_decl
        | R::kw_game
        | R::board_decl
        | R::kw_board
        | R::zone_decl
        | R::kw_zone
        | R::piece_decl
        | R::kw_piece => (DECLARATION, Some(DECLARATION_NOTE)),
        r if friendly(r) == Some(GAME_DECLARATION) => (DECLARATION, Some(DECLARATION_NOTE)),
        R::move_pattern
        | R::leg
        | R::mover
        | R::like_pattern
        | R::kw_like
        | R::repeat_group
        | R::kw_repeat
        | R::kw_step
        | R::kw_leap
        | R::kw_ride => ("a move pattern", Some(PATTERN_NOTE)),
        R::plus | R::range | R::via | R::kw_via | R::kw_then => {
            ("the rest of the pattern", Some(REST_NOTE))
        }
        R::modifier => ("a modifier", Some(MODIFIER_NOTE)),
        R::dirs | R::dir | R::dir_word | R::vector_dir => ("a direction", Some(DIRECTION_NOTE)),
        // `;` between patterns is optional: not worth naming beside `}`.
        R::semicolon => return None,
        r => (friendly(r)?, None),
    })
}

pub(super) const DECLARATION: &str = "a declaration";
const DECLARATION_NOTE: &str = "a declaration starts with `piece`, `board`, `zone`, `game` or a game word such as `start`, `royal`, `castling`, `promotion`, `hand` or `drop`";
const PATTERN_NOTE: &str = "a move pattern starts with `step`, `leap`, `ride`, `like` or `repeat`";
const REST_NOTE: &str =
    "a pattern goes on with `+` and a direction, a step count such as `2..4`, `via` or `then`";
const MODIFIER_NOTE: &str = "modifiers follow a `,`: `move only`, `capture only`, `capture friend`, `initial`, `from`, `to`, `captures`, `en passant`, `push`, `swap`, `convert`, `activate`, `pass`, `tagged`, `sets`, `keeps`, `burn`, `explode`, `withdraw`, `pincer`, `coordinate` or `for first`";
const DIRECTION_NOTE: &str = "directions are words such as `orthogonal`, `diagonal`, `any` or `forward`, or vectors such as `(1,2)`";

/// The diagnostic for a `{` left open: at the `{`, with the place the parser stopped.
fn unclosed(source: &str, open: usize, stop: usize, at_end: bool) -> Diagnostic {
    let owner = brace_owner(source, open);
    let (code_end, line) = code_end_before(source, stop);
    let message = if owner.starts_with("piece") {
        format!("unterminated body of {owner}")
    } else {
        format!("unclosed `{{` of {owner}")
    };
    let d = Diagnostic::error("E0002", message, Span::new(open, open + 1))
        .label("this `{` is never closed");
    let d = if at_end {
        let end = source[..stop].trim_end().len();
        d.secondary(Span::new(end, end), "the file ends here")
    } else {
        let (s, e) = token_at(source, stop).unwrap_or((stop, stop));
        let word = source.get(s..e).unwrap_or("");
        d.secondary(
            Span::new(s, e),
            format!("`{word}` starts a new declaration while the `{{` is still open"),
        )
    };
    let line_start = source[..code_end].rfind('\n').map_or(0, |i| i + 1);
    let after = source[line_start.max(open + 1).min(code_end)..code_end].trim();
    if after.is_empty() || after.chars().count() > 60 {
        d.help(format!("add `}}` after line {line}"))
    } else {
        d.help(format!("add `}}` after `{after}` on line {line}"))
    }
}

pub(super) fn convert_error(source: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(source.len());
    let (positives, negatives) = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives.clone(), negatives.clone()),
        ErrorVariant::CustomError { .. } => (Vec::new(), Vec::new()),
    };

    // Unterminated string: the closing quote was expected at the end of a line.
    if positives.contains(&R::quote_close) {
        let line_start = source[..pos].rfind('\n').map_or(0, |i| i + 1);
        let open = source[line_start..pos]
            .rfind('"')
            .map_or(pos, |i| line_start + i);
        return Diagnostic::error("E0003", "unterminated string", Span::new(open, pos))
            .label("this string has no closing `\"`")
            .help("close the string with `\"` on the same line");
    }

    // A `{` left open: the file ends, or the next declaration starts, inside it.
    let at_end = only_trivia_after(source, pos);
    let starts_declaration = piece_header_at(source, pos)
        || (declaration_at_line_start(source, pos) && !source[pos..].starts_with("piece"));
    if positives.contains(&R::rbrace) && (at_end || starts_declaration) {
        if let Some(open) = unclosed_brace(source, pos) {
            return unclosed(source, open, pos, at_end);
        }
    }

    let mut ranked: Vec<(u8, (&str, Option<&str>))> = positives
        .iter()
        .filter_map(|&r| kind(r).map(|k| (rank(r), k)))
        .collect();
    ranked.sort();
    let mut seen = std::collections::HashSet::new();
    let mut kinds: Vec<(&str, Option<&str>)> = ranked.into_iter().map(|(_, k)| k).collect();
    kinds.retain(|(name, _)| seen.insert(*name));
    // After a pattern's first part, the next pattern is "another" one.
    if kinds.iter().any(|(n, _)| *n == "the rest of the pattern") {
        for k in &mut kinds {
            if k.0 == "a move pattern" {
                k.0 = "another move pattern";
            }
        }
        for k in &mut kinds {
            if k.0 == "`,`" {
                k.0 = "`,` and a modifier";
            }
        }
    }
    // The ways a cell set goes on are one kind: more cells.
    const CELLS: [&str; 4] = [
        "a cell such as `a1`",
        "`rank`",
        "`file`",
        "`light`, `medium` or `dark`",
    ];
    if kinds.iter().filter(|(n, _)| CELLS.contains(n)).count() > 1 {
        let at = kinds.iter().position(|(n, _)| CELLS.contains(n));
        kinds.retain(|(n, _)| !CELLS.contains(n));
        if let Some(at) = at {
            let more = "more cells (such as `a1`, `rank 2`, `files a-c` or `light`)";
            kinds.insert(at.min(kinds.len()), (more, None));
        }
    }
    // A declaration word where a name was wanted: the name is what was expected.
    if negatives.contains(&R::decl_word) && !kinds.iter().any(|(n, _)| *n == "a name") {
        kinds.insert(0, ("a name", None));
    }
    let names: Vec<&str> = kinds.iter().map(|(n, _)| *n).collect();

    let (start, end) = if at_end {
        let p = source[..pos].trim_end().len();
        (p, p)
    } else {
        token_at(source, pos).unwrap_or((pos, pos))
    };
    let token = source.get(start..end).unwrap_or("");
    let found = describe_token(token);
    let wants_name = positives.contains(&R::ident) || positives.contains(&R::kinds);
    let suggestion = if wants_name || KEYWORDS.contains(&token) {
        None
    } else {
        let candidates: Vec<&'static str> = positives
            .iter()
            .flat_map(|&r| spellings(r).iter().copied())
            .collect();
        did_you_mean(token, source.get(end..).unwrap_or(""), &candidates)
    };

    let message = if names.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {}, found {found}", join_or(&names))
    };
    // The label names the one thing expected; a longer list is in the message only.
    let label = match (names.as_slice(), &suggestion) {
        ([], _) => "unexpected here".to_string(),
        (_, Some(_)) if is_word_of_the_language(token) => "not valid here".to_string(),
        (_, Some(_)) => "not a keyword".to_string(),
        // Its examples are in the message: the label names the kind only.
        ([one], None) => {
            let short = [" (", " such as "]
                .iter()
                .filter_map(|cut| one.find(cut))
                .min()
                .map_or(*one, |at| &one[..at]);
            format!("expected {short}")
        }
        (_, None) => format!("unexpected {found}"),
    };
    if negatives.contains(&R::decl_word) {
        let word = if token == "en" { "en passant" } else { token };
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let first_on_line = source[line_start..start].trim().is_empty();
        let before = source[..start].trim_end().len();
        if first_on_line && before > 0 {
            // The previous line is unfinished: point at its end, and at the new line.
            return Diagnostic::error("E0001", message, Span::new(before, before))
                .label(label)
                .secondary(
                    Span::new(start, end),
                    format!("`{word}` starts a new declaration"),
                )
                .help("finish this declaration before the next one starts");
        }
        return Diagnostic::error("E0001", message, Span::new(start, end))
            .label(label)
            .help(format!(
                "`{word}` starts a declaration and cannot be a name inside one"
            ));
    }
    let mut d = Diagnostic::error("E0001", message, Span::new(start, end)).label(label);
    // A pattern outside any body: most likely a `}` too many closed the body before it.
    let pattern_word = matches!(token, "step" | "leap" | "ride" | "like" | "repeat");
    if pattern_word && names.contains(&DECLARATION) {
        if let Some(close) = last_close_brace(source, start) {
            d = d.secondary(Span::new(close, close + 1), "this `}` ends the piece body");
        }
        return d.help(format!(
            "`{token}` starts a move pattern, which belongs inside a piece body: remove the `}}` that closes the body too early"
        ));
    }
    if let Some(s) = &suggestion {
        d = d.help(format!("did you mean `{s}`?"));
    } else if KEYWORDS.contains(&token) && wants_name {
        d = d.help(format!(
            "`{token}` is a keyword and cannot be used as a name"
        ));
    } else if negatives.contains(&R::keyword) {
        d = d.help("keywords cannot be used as names");
    } else if !token.is_ascii() {
        d = d.help("names and keywords use ASCII letters, digits and `_` only");
    }
    if suggestion.is_none() {
        for note in kinds.iter().filter_map(|(_, n)| *n) {
            d = d.note(note);
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_a_swap_as_one() {
        assert_eq!(edit_distance("laep", "leap"), 1);
        assert_eq!(edit_distance("borad", "board"), 1);
        assert_eq!(edit_distance("pice", "piece"), 1);
        assert_eq!(edit_distance("stp", "step"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn did_you_mean_prefers_the_phrase_that_follows() {
        let modifiers = spellings(R::modifier);
        assert_eq!(
            did_you_mean("captrue", " only }", modifiers).as_deref(),
            Some("capture only")
        );
        assert_eq!(
            did_you_mean("captrue", " friend }", modifiers).as_deref(),
            Some("capture friend")
        );
        assert_eq!(
            did_you_mean("captrue", " }", modifiers).as_deref(),
            Some("capture")
        );
        assert_eq!(did_you_mean("quietly", " }", modifiers), None);
        assert_eq!(
            did_you_mean("Piece", "", spellings(R::file)).as_deref(),
            Some("piece")
        );
        assert_eq!(did_you_mean("xyz", "", spellings(R::file)), None);
        assert_eq!(did_you_mean("Moves", "", spellings(R::file)), None);
        assert!(is_word_of_the_language("in"));
        assert!(!is_word_of_the_language("pice"));
        // Short words: only a swap or a changed letter.
        assert_eq!(did_you_mean("ot", "", &["to"]).as_deref(), Some("to"));
        assert_eq!(did_you_mean("t", "", &["to"]), None);
    }

    #[test]
    fn unclosed_braces_ignore_comments_and_strings() {
        let src = "piece A (A) { step any # }\n\"{\" piece";
        assert_eq!(unclosed_brace(src, src.len()), Some(12));
        assert!(piece_header_at("piece King (K) {", 0));
        assert!(!piece_header_at("piece }", 0));
        assert!(!piece_header_at("pieces (", 0));
    }
}
