//! The checked game-end declarations (`repetition`, `perpetual check loses`, `move
//! limit`, `bare royal`, `no pieces`, `counting makruk`, `reach`, `extinction`, `checks`,
//! `no giving check`): what [`super::GameDecls`]
//! holds beyond checkmate and stalemate. The game layer decides them (`Game::result`,
//! `Game::immediate_end`, `Game::optional_end`).

use crate::ids::{PieceId, Side, ZoneId};

/// How a game ends for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Outcome {
    /// Neither side wins.
    #[default]
    Draw,
    /// The side to move loses.
    Loss,
    /// The side to move wins.
    Win,
}

/// How a game may end beyond checkmate and stalemate. All off by default: a file that
/// declares none of them ends only by checkmate and stalemate.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EndRules {
    /// `repetition N ...`.
    pub repetition: Option<RepetitionRule>,
    /// `perpetual check loses`: in a repetition, a side that gave check with each of
    /// its moves since the first of the repeated positions loses.
    pub perpetual_check_loses: bool,
    /// `move limit N [moves|plies]`.
    pub move_limit: Option<MoveLimitRule>,
    /// `bare royal OUTCOME [, bare back]`.
    pub bare_royal: Option<BareRoyalRule>,
    /// `no pieces OUTCOME`: the outcome for a side left with no piece at all.
    pub no_pieces: Option<Outcome>,
    /// `counting makruk ...`: the pieces Makruk's counting rules name.
    pub counting: Option<CountingRoles>,
    /// `reach ZONE with PIECES ...`, in the order written.
    pub reach: Vec<ReachRule>,
    /// `extinction all|PIECES ...`.
    pub extinction: Option<ExtinctionRule>,
    /// `endgame N moves, ...`, in the order written.
    pub endgames: Vec<EndgameRule>,
    /// `checks N`: the number of checks that wins.
    pub checks: Option<u32>,
    /// `no giving check`: a move that leaves the other side in check is illegal.
    pub no_giving_check: bool,
    /// `checkmate OUTCOME`: the outcome for the side checkmated (`None`: a loss).
    pub checkmate: Option<Outcome>,
    /// `checkmate ..., by KINDS only OUTCOME`: the outcome for the side checkmated when
    /// every piece that checks it is of these kinds (Shatar: a mate by knights alone is
    /// a win for the mated side).
    pub checkmate_only: Option<MateKinds>,
    /// `checkmate ..., after check by KINDS else OUTCOME`: the outcome for the side
    /// checkmated when no check of the unbroken series of checks ending in the mate was
    /// given by a piece of these kinds (Shatar: without a "shak", a mate is a draw).
    pub checkmate_after: Option<MateKinds>,
    /// `draw odds for first|second`: every draw (stalemate, repetition, move limit,
    /// counting, ...) is a win for this side.
    pub draw_odds: Option<Side>,
    /// `double pass OUTCOME`: two passes in a row end the game at once with this
    /// outcome for the side to move.
    pub double_pass: Option<Outcome>,
    /// `royals facing OUTCOME` (Janggi's bikjang): with the royals facing each other,
    /// the side to move must part them or pass (a pass is then legal even in check),
    /// and a pass ends the game with this outcome for the side to move.
    pub royals_facing: Option<Outcome>,
    /// `draws by points ...`: the count that decides an end that would be a draw.
    pub points: Option<PointsRule>,
    /// `draw by piece count`: every draw goes to the side with more pieces on the
    /// board (a draw with as many; Fairy-Stockfish's `materialCounting = unweighted`).
    pub draw_by_count: bool,
    /// `pass when stuck`: a side with no legal move but a piece on the board passes;
    /// two passes in a row end the game (a draw, unless `double pass` says
    /// otherwise: the check sets `double_pass` with it).
    pub pass_when_stuck: bool,
    /// `full board OUTCOME`: the outcome for the side to move when no cell is empty.
    pub full_board: Option<Outcome>,
    /// `move repetition loses [, not PIECES]` (Fairy-Stockfish's
    /// `moveRepetitionIllegal`): the kinds excepted (`None`: no such rule). A side that
    /// has moved one piece (of a kind not excepted) back and forth between two cells
    /// four times running loses, a claim: see `Game::optional_end`.
    pub move_repetition: Option<Vec<PieceId>>,
    /// `connect ...`, in the order written: shapes that end the game for the side
    /// that just made one.
    pub connect: Vec<super::ConnectRule>,
}

/// Kinds of checking pieces and the outcome a `checkmate` option gives with them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MateKinds {
    /// The kinds of checking pieces.
    pub kinds: Vec<PieceId>,
    /// The outcome for the side checkmated.
    pub outcome: Outcome,
}

/// `draws by points KIND N, ... [, first|second N]`: what each side's material is worth.
/// A side's points are the values of its pieces on the board and its bonus; an end that
/// would be a draw is won by the side with more points (a draw with as many).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PointsRule {
    /// Tenths of a point per piece of each kind listed (kinds not listed: none).
    pub values: Vec<(PieceId, u64)>,
    /// Each side's bonus, in tenths of a point (first, second).
    pub bonus: [u64; 2],
}

impl EndRules {
    /// Whether any rule needs the moves played before the position (repetition,
    /// counting): a position alone cannot answer them.
    pub fn need_history(&self) -> bool {
        self.repetition.is_some() || self.counting.is_some() || !self.endgames.is_empty()
    }

    /// Whether a position can end the game at once by its material or placement alone
    /// (`no pieces`, `bare royal`, `reach`, `extinction`, `checks`).
    pub fn material_ends(&self) -> bool {
        self.no_pieces.is_some()
            || self.bare_royal.is_some()
            || !self.reach.is_empty()
            || self.extinction.is_some()
            || self.checks.is_some()
            || self.full_board.is_some()
            || !self.connect.is_empty()
    }
}

/// `repetition N [OUTCOME [for first|second]] [, claim|immediate]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepetitionRule {
    /// The number of times the same position must have stood (3 in chess, 4 in shogi).
    pub count: u32,
    /// The outcome: for `for_side` when given, else for the side to move.
    pub outcome: Outcome,
    /// `for first|second`: whose outcome `outcome` is, whoever is to move.
    pub for_side: Option<Side>,
    /// `immediate`: the game is over; otherwise a player may claim it.
    pub immediate: bool,
}

/// `move limit N [moves|plies] [, claim|immediate]`: a draw after N moves (2N plies) or
/// N plies in which no piece was captured and no pawn moved (the FEN's halfmove clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLimitRule {
    /// The limit in plies (`move limit 50` is 100).
    pub plies: u32,
    /// `pawn Pieces`: pieces whose every move restarts the count, like a capture (the
    /// pieces declared `en passant` always do).
    pub pawns: Vec<PieceId>,
    /// `immediate`: the game is over; otherwise a player may claim it.
    pub immediate: bool,
}

/// `bare royal OUTCOME [, bare back]`: a side left with royal pieces only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BareRoyalRule {
    /// The outcome for the bare side.
    pub outcome: Outcome,
    /// `bare back`: the rule is judged when the side that is not bare is to move, so the
    /// bare side has one move to bare the other in turn (then neither is judged bare).
    pub bare_back: bool,
}

/// Which count `counting` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CountingStyle {
    /// `counting makruk`: board's honour, and pieces' honour from twice the pieces.
    #[default]
    Makruk,
    /// `counting asean`: only a bare king's side counts, from 0, while no pawn is on the
    /// board: 32 plies against a rook, 88 against a bishop, 128 against a knight.
    Asean,
    /// `counting cambodian`: Cambodian chess's count: the board's honour for a side of
    /// at most three pieces (126 plies), the pieces' honour for a bare king while no
    /// pawn is on the board (14 plies against two rooks, 30 a rook, 42 two bishops, 62
    /// two knights, 86 a bishop, else 126).
    Cambodian,
}

/// `counting makruk|asean|cambodian pawn P, rook R, bishop B, knight N`: the pieces of each role.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CountingRoles {
    /// Which count.
    pub style: CountingStyle,
    /// While one of these is on the board, nothing is counted.
    pub pawns: Vec<PieceId>,
    /// Rooks.
    pub rooks: Vec<PieceId>,
    /// Bishops (Makruk's Khon).
    pub bishops: Vec<PieceId>,
    /// Knights.
    pub knights: Vec<PieceId>,
}

/// `reach ZONE with PIECES [OUTCOME] [for first|second] [, count N] [, reply]`.
///
/// A side with at least `count` of `pieces` in `zone` (as that side sees it) gets
/// `outcome`, at once, judged when the other side is to move (right after the arrival,
/// as Fairy-Stockfish's flag rules judge it). With `reply` (Racing Kings), the first
/// side's arrival gives the second side one move: the game goes on while it has a legal
/// move that arrives too; arriving is a draw, else the first side gets `outcome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReachRule {
    /// The zone to reach.
    pub zone: ZoneId,
    /// The pieces that count.
    pub pieces: Vec<PieceId>,
    /// How many of them must stand in the zone.
    pub count: u32,
    /// The outcome for the side that reached it.
    pub outcome: Outcome,
    /// Only this side's arrival counts (`for first|second`).
    pub for_side: Option<Side>,
    /// `reply`: the second side may answer the first side's arrival.
    pub reply: bool,
    /// `safe`: a side has arrived only while the other side could not capture its
    /// pieces in the zone (with exactly `count` there, none of them attacked), and the
    /// side to move is judged first.
    pub safe: bool,
    /// `held`: a side wins when it is to move with its pieces still in the zone
    /// (Fairy-Stockfish's `flagMove` for pieces other than the king: Jeson Mor). With
    /// `safe` too, a safe arrival wins at once and an unsafe one once held.
    pub held: bool,
    /// `full`: a side has also arrived when the zone has no empty cell and at least one
    /// of its pieces stands there (Fairy-Stockfish's `flagPieceBlockedWin`).
    pub full: bool,
}

/// `extinction all|PIECES [OUTCOME] [, below N]`: a side with fewer than `below`
/// pieces (on the board and in hand) of one of `pieces`' kinds, or of all its pieces
/// together when `pieces` is `None`, gets `outcome` at once (the side that just moved
/// is looked at first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionRule {
    /// The kinds counted one by one, or `None` for `all`.
    pub pieces: Option<Vec<PieceId>>,
    /// The count a side must stay at or above.
    pub below: u32,
    /// The outcome for the extinct side.
    pub outcome: Outcome,
}

/// `endgame N moves, MATERIAL | ... against MATERIAL | ...` (draughts' endgame rules):
/// while one side has exactly one of `stronger` and the other exactly one of `weaker`,
/// the game is drawn once `plies` plies have been played since the last capture or
/// promotion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameRule {
    /// 2N for N moves.
    pub plies: u32,
    /// The stronger side's materials: how many of each kind (kinds not listed: none).
    pub stronger: Vec<Vec<(PieceId, u32)>>,
    /// The other side's.
    pub weaker: Vec<Vec<(PieceId, u32)>>,
}
