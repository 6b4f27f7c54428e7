//! link: a [`MoveProgram`] and a board → a [`MoveTable`].
//!
//! For every side, piece and start cell, the linker expands each pattern into concrete
//! cells: legs are walked on the board's coordinates, edges and holes cut trajectories
//! here (so the walk never tests coordinates), zone conditions become per-node landing
//! rights or drop the pattern for that start cell, and the second side's directions,
//! turns and zones are mirrored top to bottom. Trajectories of all patterns of a piece
//! are merged into one trie (shared prefixes become one node), then laid out so that
//! each node's children are contiguous and follow it. A `push` landing becomes a
//! `PUSH` node beside the landing node, its child the cell one more step on
//! (`Expander::step` is the one place that steps, for legs and pushes alike).
//!
//! This file drives the linking (every side, piece and cell, the node budget, the
//! diagnostics) and owns what is table-wide (kind filters, zone maps); `expand.rs` turns
//! one pattern from one start cell into trie nodes; `trie.rs` merges them and lays the
//! trie out as table nodes.

mod estimate;
mod expand;
mod mirror;
mod pool;
mod relative;
mod shared;
mod trie;
mod vectors;

use super::layout::{FilterCode, MoveTable, Node, RootRange, TablePiece, MAX_DEPTH};
use super::verify::{MAX_DIRECTIONS, MAX_STEPS};
use crate::compile::{MoveProgram, MAX_FILTERS};
use crate::diagnostics::{plural, Diagnostic, Diagnostics};
use crate::ids::{PieceId, Side};
use crate::ir::KindFilter;
use crate::topology::Board;
use estimate::{Estimate, Estimator};
use expand::{view, Expander, Fault, PatternView};
use rustc_hash::FxHashMap;
use shared::GraphStop;
use smallvec::SmallVec;
use std::time::{Duration, Instant};
use trie::Trie;
use vectors::VectorCache;

/// Limits on what linking may build (`pipeline::Limits::link_config` fills it from the
/// pipeline's limits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkConfig {
    /// The most nodes the whole table may have (E0801).
    pub max_nodes: usize,
    /// The most cells on one path, the start cell excluded (E0802); at most
    /// [`MAX_DEPTH`], what the format can say.
    pub max_path: usize,
    /// The most captures in passing on one path (E0953).
    pub max_passing: usize,
    /// The most cells an `en passant` landing may pass over (E0954).
    pub max_ep_cells: usize,
    /// The most milliseconds linking may take (E0803); 0 for no limit.
    pub max_ms: u64,
    /// Patterns of more legs than one whose unrolled trees would take more nodes than
    /// this (both sides, every start cell), or whose count has no bound (a `repeat`
    /// until blocked going round), are linked as shared continuations (0: every such
    /// pattern; `usize::MAX`: none).
    pub shared_above: usize,
    /// On a square board of more cells than this, shared patterns whose paths hold at
    /// most half the board's cells (and that have no `to` zone) are linked as relative
    /// continuations (0: on every board, whatever their depth; `usize::MAX`: never).
    pub relative_above: usize,
}

impl LinkConfig {
    /// The linker's share of `limits` (the fixed maxima applied).
    pub fn from_limits(limits: &piecewise_lang::limits::Limits) -> LinkConfig {
        use piecewise_lang::limits::Limits;
        LinkConfig {
            max_nodes: limits.table_nodes,
            max_path: limits.path_cells.min(Limits::MAX_PATH_CELLS),
            max_passing: limits
                .captures_in_passing
                .min(Limits::MAX_CAPTURES_IN_PASSING),
            max_ep_cells: limits.en_passant_cells.min(Limits::MAX_EN_PASSANT_CELLS),
            max_ms: limits.link_ms,
            shared_above: limits.shared_above,
            relative_above: limits.relative_above,
        }
    }
}

impl Default for LinkConfig {
    fn default() -> LinkConfig {
        LinkConfig::from_limits(&crate::pipeline::Limits::default())
    }
}

/// Links a program to the board it declares. Errors (a table over the limits) and
/// warnings (a pattern that produces no move from any cell of this board) come back as
/// diagnostics pointing at the pattern.
pub fn link(
    program: &MoveProgram,
    config: LinkConfig,
) -> Result<(MoveTable, Diagnostics), Diagnostics> {
    if let Some(pat) = program.filters_past_limit {
        return Err(too_many_filters(program, pat as usize));
    }
    let board = Board::from_spec(&program.board).map_err(|e| {
        let mut d = Diagnostics::new();
        d.push(Diagnostic::error(
            "E0899",
            format!("internal error: the board does not build: {e}"),
            program.board.span,
        ));
        d
    })?;
    let cells = board.cell_count();
    let zones = zone_maps(program, &board);
    let mut table = MoveTable {
        board,
        pieces: program
            .pieces
            .iter()
            .map(|p| TablePiece {
                name: p.name.clone(),
                letter: p.letter,
                plus: p.plus,
                prime: p.prime,
            })
            .collect(),
        filters: program.filters.iter().map(filter_code).collect(),
        roots: Vec::with_capacity(2 * program.pieces.len() * cells),
        nodes: Vec::new(),
        directions: Vec::new(),
    };
    let views: Vec<PatternView> = (0..program.patterns.len())
        .map(|i| {
            let mut v = view(program.pattern_ops(i));
            v.edge_conds = expand::edge_conds(program, &v);
            v
        })
        .collect();
    let clock = Instant::now();
    let exact_counts = table.board.distinct_steps();
    let mut produced = vec![false; program.patterns.len()];
    // The second side's trees, graphs and counts of what looks the same to both sides
    // are the first side's, mirrored (see `mirror`).
    let cell_mirror = mirror::cell_mirror(&table.board, &zones);
    // Each pattern's own expansion, both sides, counted before any is built.
    let mut counts = vec![Some(0u64); views.len()];
    // Counts that stopped once past the figure asked about: "more than".
    let mut at_least = vec![false; views.len()];
    let deadline = (config.max_ms != 0).then(|| clock + Duration::from_millis(config.max_ms));
    // The steps every count may take together: a file of many patterns is counted in
    // bounded time too (a pattern left uncounted is shared if it may be, and bounded
    // by the node limit while it is linked otherwise).
    let mut allowance = (config.max_nodes as u64).saturating_mul(COUNT_WORK);
    for side in Side::BOTH {
        let mut estimator =
            Estimator::new(program, &table.board, &zones, side).with_stops(deadline, allowance);
        for (pat, (count, v)) in counts.iter_mut().zip(&views).enumerate() {
            if v.legs.len() < 2 && v.repeat.is_none() {
                // One leg: at most cells × vectors × steps nodes, never shared; the
                // node budget of the expansion bounds it.
                continue;
            }
            // A pattern that will share need only be counted past the threshold;
            // the others are counted in full for the figure E0801 reports.
            let bounded = v.most_passing().is_some_and(|n| n <= config.max_passing);
            let enough = if !table.board.follows_links()
                && shared::eligible(v)
                && bounded
                && config.shared_above != usize::MAX
            {
                config.shared_above as u64
            } else {
                u64::MAX
            };
            if count.is_some_and(|n| n > enough) {
                // The first side's count already shares it.
                continue;
            }
            if enough != u64::MAX && relative_depth(program, &table.board, v, &config).is_some() {
                // Linked relative, its blocks are a few records per leg, heading and
                // depth: shared whatever its unrolled size, which is not counted.
                *count = Some(u64::MAX);
                continue;
            }
            if enough != u64::MAX && v.alternates() {
                // An `alternate` leg's unrolled tree holds a line per start cell and
                // pair of steps, its shared graph one state per cell and pair: shared
                // whatever its unrolled size, which is not counted (counting it alone
                // took longer than linking the rest of a Croatian file).
                *count = Some(u64::MAX);
                continue;
            }
            if side == Side::Second && cell_mirror.is_some() && v.side.is_none() {
                // The mirror image of the first side's: as many nodes again.
                *count = count.map(|n| n.saturating_mul(2));
                continue;
            }
            // Past the node limit, an unrolled pattern is refused whatever its figure.
            let asked = enough.min(config.max_nodes as u64);
            *count = match (*count, estimator.pattern(v, asked)) {
                (_, Estimate::Late) => {
                    return Err(too_slow(program, pat, clock.elapsed(), &config));
                }
                (Some(a), Estimate::Nodes(b)) => Some(a.saturating_add(b)),
                (Some(a), Estimate::Over(b)) => {
                    at_least[pat] = true;
                    Some(a.saturating_add(b).saturating_add(1))
                }
                _ => None,
            };
        }
        allowance = estimator.allowance();
    }
    let mut shared: Vec<bool> = views
        .iter()
        .zip(&counts)
        .map(|(v, count)| {
            // A pattern whose captures in passing have no bound within the limit stays
            // unrolled, where each path's captures are counted (E0953).
            let bounded = v.most_passing().is_some_and(|n| n <= config.max_passing);
            // A graph board whose headings follow the links: a state's heading is
            // the bearing of the link it came by, one per link of the board; its
            // patterns stay unrolled (their paths end where they revisit a node).
            !table.board.follows_links()
                && shared::eligible(v)
                && bounded
                && config.shared_above != usize::MAX
                && count.map_or(true, |n| n > config.shared_above as u64)
        })
        .collect();
    share_rides_of_sharing_pieces(program, &views, &mut shared, &table.board);
    share_single_legs_relative(program, &views, &mut shared, &table.board, &config);
    if exact_counts {
        let over = counts
            .iter()
            .zip(&shared)
            .enumerate()
            .find_map(|(pat, (n, &s))| {
                n.filter(|&n| !s && n > config.max_nodes as u64)
                    .map(|n| (pat, n))
            });
        if let Some((pat, count)) = over {
            let figure = if at_least[pat] {
                Figure::MoreThan(count - 1)
            } else {
                Figure::Counted(count)
            };
            return Err(too_big(program, pat, config, figure));
        }
    }
    // Shared patterns first: their blocks open the table (one pool, hash-consed across
    // patterns and sides), their roots wait for the trees.
    // Patterns whose roots are relative: the same list on every cell they apply from.
    let mut relative_roots = vec![false; views.len()];
    let mut shared_roots: Vec<[shared::SharedRoots; 2]> =
        (0..views.len()).map(|_| Default::default()).collect();
    let mut pool = pool::BlockPool::new(table.nodes.len());
    // What building the graphs may hold, states and edges, over the whole table: twice
    // the node limit (their blocks, hash-consed, must then fit the limit itself). Each
    // graph is counted from its legs and the board before it is built.
    let mut work_left = config.max_nodes.saturating_mul(SHARED_WORK);
    for (pat, v) in views.iter().enumerate().filter(|&(p, _)| shared[p]) {
        let mut first: Option<shared::SharedGraph> = None;
        for side in Side::BOTH {
            let budget = config
                .max_nodes
                .saturating_sub(table.nodes.len() + pool.len());
            let graph = match (&first, &cell_mirror) {
                (Some(g), Some(map)) if v.side.is_none() => shared::SharedGraph::mirrored(g, map),
                _ => {
                    let relative = relative_depth(program, &table.board, v, &config);
                    let board = &table.board;
                    let built = shared::SharedGraph::build(
                        program, board, &zones, side, v, work_left, relative, deadline,
                    );
                    match built {
                        Ok(graph) => graph,
                        Err(GraphStop::Bound(bound)) => {
                            let figure = Figure::Shared {
                                bound,
                                left: work_left,
                            };
                            return Err(too_big(program, pat, config, figure));
                        }
                        Err(GraphStop::Grown) => {
                            return Err(too_big(program, pat, config, Figure::Grown));
                        }
                        Err(GraphStop::Late) => {
                            return Err(too_slow(program, pat, clock.elapsed(), &config));
                        }
                    }
                }
            };
            if graph.len() > budget {
                return Err(too_big(program, pat, config, Figure::Grown));
            }
            work_left = work_left.saturating_sub(graph.size());
            produced[pat] |= graph.landed;
            shared_roots[pat][side.index()] = graph.lay_out(&mut pool);
            relative_roots[pat] = graph.relative_roots();
            let directions = pool.direction_count();
            if directions > MAX_DIRECTIONS || directions.saturating_mul(cells) > MAX_STEPS {
                return Err(too_many_directions(program, pat, directions, cells));
            }
            if table.nodes.len() + pool.len() > config.max_nodes {
                return Err(too_big(program, pat, config, Figure::Grown));
            }
            first = Some(graph);
        }
    }
    let (blocks, directions) = pool.into_nodes();
    table.nodes.extend(blocks);
    table.directions = directions;
    let mut tree = Trie::default();
    let mut path = Vec::new();
    let mut vectors = VectorCache::default();
    // The first side's trees, kept as (nodes, roots) for the second side's mirror images.
    let mut first_trees: Vec<(std::ops::Range<usize>, RootRange)> = Vec::new();
    // Lists of relative roots laid out so far, each once, by side and the patterns
    // whose roots they hold.
    let mut root_lists: FxHashMap<(Side, SmallVec<[u32; 8]>), RootRange> = FxHashMap::default();
    for side in Side::BOTH {
        for (p, piece) in program.pieces.iter().enumerate() {
            let mirrored = cell_mirror.as_ref().filter(|_| {
                side == Side::Second
                    && piece
                        .patterns
                        .clone()
                        .all(|pat| !shared[pat as usize] && views[pat as usize].side.is_none())
            });
            for cell in table.board.cells() {
                if let Some(m) = mirrored {
                    let (src, root) = first_trees[p * cells + m[cell.index()].index()].clone();
                    let range = mirror::copy_mirrored(&mut table.nodes, src, root, m);
                    table.roots.push(range);
                    if table.nodes.len() >= config.max_nodes {
                        let pat = piece.patterns.start as usize;
                        return Err(too_big(program, pat, config, Figure::Grown));
                    }
                    continue;
                }
                let start = table.nodes.len();
                if !piece.patterns.is_empty()
                    && piece
                        .patterns
                        .clone()
                        .all(|pat| relative_roots[pat as usize])
                {
                    // Every root relative: one list, in the table once, for every cell
                    // with the same patterns (the walk drops first steps off the board).
                    // A pattern's relative roots are the same on every cell it applies
                    // from, so the patterns that apply name the list.
                    let roots_of =
                        |pat: u32| -> &[Node] { shared_roots[pat as usize][side.index()].on(cell) };
                    let applying: SmallVec<[u32; 8]> = piece
                        .patterns
                        .clone()
                        .filter(|&pat| !roots_of(pat).is_empty())
                        .collect();
                    let key = (side, applying);
                    let range = match root_lists.get(&key) {
                        Some(&range) => range,
                        None => {
                            let first = table.nodes.len() as u32;
                            for &pat in &key.1 {
                                table.nodes.extend_from_slice(roots_of(pat));
                            }
                            let range = RootRange {
                                first,
                                count: (table.nodes.len() - first as usize) as u16,
                                flags: RootRange::MAY_REPEAT,
                            };
                            root_lists.insert(key, range);
                            range
                        }
                    };
                    table.roots.push(range);
                    if side == Side::First {
                        first_trees.push((start..table.nodes.len(), range));
                    }
                    continue;
                }
                tree.clear();
                for pat in piece.patterns.clone() {
                    if shared[pat as usize] {
                        for &root in shared_roots[pat as usize][side.index()].on(cell) {
                            // Beside roots of other patterns, a relative root becomes a
                            // plain one on its cell (none if that is off the board).
                            let root = if root.is_relative() {
                                let v = table.directions[root.target.index()];
                                match table.board.step(cell, v) {
                                    Some(target) => Node {
                                        target,
                                        mask: 0,
                                        ..root
                                    },
                                    None => continue,
                                }
                            } else {
                                root
                            };
                            tree.add_shared_root(root);
                        }
                        continue;
                    }
                    let mut expander = Expander {
                        program,
                        board: &table.board,
                        zones: &zones,
                        side,
                        tree: &mut tree,
                        landed: false,
                        fault: None,
                        budget: config.max_nodes.saturating_sub(table.nodes.len()),
                        config: &config,
                        path: std::mem::take(&mut path),
                        fresh: 0,
                        limit: usize::MAX,
                        passing: 0,
                        captured: Vec::new(),
                        vectors: &mut vectors,
                        deadline,
                        steps: 0,
                    };
                    expander.tree.mark = views[pat as usize].mark;
                    expander.pattern(&views[pat as usize], cell);
                    expander.tree.mark = 0;
                    let (fault, landed) = (expander.fault, expander.landed);
                    path = expander.path;
                    if let Some(fault) = fault {
                        return Err(past_limit(program, pat as usize, fault, &config));
                    }
                    produced[pat as usize] |= landed;
                    if table.nodes.len() + tree.len() >= config.max_nodes {
                        return Err(too_big(program, pat as usize, config, Figure::Grown));
                    }
                    let spent = clock.elapsed();
                    if config.max_ms != 0 && spent > Duration::from_millis(config.max_ms) {
                        return Err(too_slow(program, pat as usize, spent, &config));
                    }
                }
                let range = tree.lay_out(&mut table.nodes);
                table.roots.push(range);
                if side == Side::First {
                    first_trees.push((start..table.nodes.len(), range));
                }
            }
        }
    }
    let mut warnings = Diagnostics::new();
    for (i, done) in produced.iter().enumerate() {
        if !done {
            let pat = &program.patterns[i];
            let name = &program.pieces[pat.piece.index()].name;
            let legs = program.ops[pat.ops.start as usize..pat.ops.end as usize]
                .iter()
                .filter(|op| matches!(op, crate::compile::Op::Leg { .. }))
                .count();
            let mut warning = Diagnostic::warning(
                "W0801",
                format!("this pattern of {name} produces no move from any cell of the board"),
                pat.span,
            )
            .label("never lands anywhere")
            .help("check its ranges, zone conditions and landing rules against the board size");
            if legs > 1 {
                // Ultima's old spellings: a step onto the piece taken, then back.
                warning = warning.note(
                    "a path never passes a cell twice, nor its start cell but to end there: a capture by moving away from a piece is `withdraw`, one by sandwiching it `pincer` (docs/language.md, \"Captures by a move's shape\")",
                );
            }
            warnings.push(warning);
        }
    }
    Ok((table, warnings))
}

/// Whether shared pattern `v` is linked relative, and if so the most cells its paths
/// hold ([`relative::depth_bound`]): on a board of more cells than
/// `config.relative_above`, without `to` zones, its paths at most half the board deep
/// (with `relative_above` 0, whatever their depth).
fn relative_depth(
    program: &MoveProgram,
    board: &Board,
    v: &PatternView,
    config: &LinkConfig,
) -> Option<u16> {
    let cells = board.cell_count();
    if cells <= config.relative_above || !v.to.is_empty() {
        return None;
    }
    relative::depth_bound(program, board, v)
        .filter(|&d| config.relative_above == 0 || 2 * usize::from(d) <= cells)
}

/// On a board where shared patterns are relative, a single leg (a step, leap or ride)
/// is linked relative too: its blocks are a record per heading and step, the same for
/// every cell, and its roots one list for every cell instead of a tree per cell. The
/// readers of trees unroll them again ([`super::unroll`]). A leg longer than the path
/// limit stays unrolled, where the limit is reported (E0802).
fn share_single_legs_relative(
    program: &MoveProgram,
    views: &[PatternView],
    shared: &mut [bool],
    board: &Board,
    config: &LinkConfig,
) {
    if config.shared_above == usize::MAX {
        return;
    }
    for (pat, v) in views.iter().enumerate() {
        if !shared[pat] && shared::eligible_ride(v) {
            let depth = relative_depth(program, board, v, config);
            shared[pat] = depth.is_some_and(|d| usize::from(d) <= config.max_path);
        }
    }
}

/// A piece with a shared pattern is answered by forward walks (the reverse tables do
/// not enumerate paths through shared blocks), so its unrolled single-leg rides buy it
/// nothing there: they are linked as shared blocks too, one record per cell and heading
/// instead of one tree per start cell, when their unrolled trees would be larger than
/// that (a ride of more than a few steps on this board).
fn share_rides_of_sharing_pieces(
    program: &MoveProgram,
    views: &[PatternView],
    shared: &mut [bool],
    board: &Board,
) {
    let mut sharing = vec![false; program.pieces.len()];
    for (pat, _) in shared.iter().enumerate().filter(|&(_, &s)| s) {
        sharing[program.patterns[pat].piece.index()] = true;
    }
    // A ride whose longest run is this many cells or fewer stays unrolled: its trees are
    // about as small as the blocks and walk faster.
    const SHORT: u32 = 4;
    let longest = u32::from(board.width().max(board.height()));
    for (pat, v) in views.iter().enumerate() {
        let piece = program.patterns[pat].piece.index();
        if shared[pat] || !sharing[piece] {
            continue;
        }
        let reach = match v.legs.as_slice() {
            [leg] if leg.max == 0 => longest,
            [leg] => u32::from(leg.max).min(longest),
            _ => continue,
        };
        shared[pat] = shared::eligible_ride(v) && reach > SHORT;
    }
}

/// Counting the patterns before linking may take this many times the node limit in
/// steps, over the whole table.
const COUNT_WORK: u64 = 4;

/// Building shared continuations may hold this many times the node limit in states
/// and edges, over the whole table, before hash-consing makes them blocks.
const SHARED_WORK: usize = 2;

/// What E0801 says of a pattern's size.
#[derive(Clone, Copy, Debug)]
enum Figure {
    /// Its unrolled expansion, counted before linking.
    Counted(u64),
    /// More than this, counted before linking (counting stopped there).
    MoreThan(u64),
    /// Its shared continuations: at most this many states and edges by its legs and
    /// the board, more than building may still hold (`left`), found before they are
    /// built.
    Shared { bound: u64, left: usize },
    /// The table grew past the limit while it was linked.
    Grown,
}

fn too_big(program: &MoveProgram, pat: usize, config: LinkConfig, figure: Figure) -> Diagnostics {
    let p = &program.patterns[pat];
    let limit = plural(config.max_nodes, "node");
    let (message, label) = match figure {
        Figure::Counted(n) => (
            format!("this pattern alone needs {n} table nodes; the limit is {limit}"),
            "counted before linking: its expansion over every start cell".to_string(),
        ),
        Figure::MoreThan(n) => (
            format!("this pattern alone needs more than {n} table nodes; the limit is {limit}"),
            "counted before linking: its expansion over every start cell".to_string(),
        ),
        Figure::Shared { bound, left } => (
            format!(
                "the shared continuations of this pattern may take {bound} states and nodes to build, more than the {left} left of twice the limit of {limit}"
            ),
            "counted before linking: its states and their children, from its legs and the board".to_string(),
        ),
        Figure::Grown => (
            format!(
                "the move table grows past its limit of {}",
                plural(config.max_nodes, "node")
            ),
            "linking stopped while expanding this pattern".to_string(),
        ),
    };
    let mut d = Diagnostics::new();
    d.push(
        Diagnostic::error("E0801", message, p.span)
            .label(label)
            .help("bound the ranges of multi-leg rides (`ride ... up to N`), split the piece, or raise `pipeline::Limits::table_nodes` (`--limit table-nodes=N`)"),
    );
    d
}

/// E0806: the program needs more distinct kind filters than a table can name; `pat`
/// is the first pattern past the limit.
fn too_many_filters(program: &MoveProgram, pat: usize) -> Diagnostics {
    let p = &program.patterns[pat];
    let mut d = Diagnostics::new();
    d.push(
        Diagnostic::error(
            "E0806",
            format!(
                "the rules need {} distinct piece filters (`via piece`, `capture`, `activate`, ... lists); the limit is {MAX_FILTERS}",
                program.filters.len()
            ),
            p.span,
        )
        .label(format!("filter number {} is needed here", MAX_FILTERS + 1))
        .help("name fewer distinct kind lists (each distinct list of kinds after `via piece`, `capture`, `activate`, `swap`, `convert` is one filter)"),
    );
    d
}

/// E0805: the relative continuations laid out so far, with this pattern's, step along
/// more directions than a table may list (or than its step table may hold).
fn too_many_directions(
    program: &MoveProgram,
    pat: usize,
    directions: usize,
    cells: usize,
) -> Diagnostics {
    let p = &program.patterns[pat];
    let mut d = Diagnostics::new();
    d.push(
        Diagnostic::error(
            "E0805",
            format!(
                "the move table's relative steps take {directions} directions on {cells} cells; the limit is {MAX_DIRECTIONS} directions and {MAX_STEPS} steps (directions × cells)"
            ),
            p.span,
        )
        .label("linking stopped at this pattern's directions")
        .help("use fewer distinct vectors (a leg's vectors that leave the board from every cell cost nothing), or link it unrolled (`--limit relative-above=N` above the board's cells)"),
    );
    d
}

fn past_limit(program: &MoveProgram, pat: usize, fault: Fault, config: &LinkConfig) -> Diagnostics {
    let p = &program.patterns[pat];
    let diagnostic = match fault {
        Fault::PathTooLong => Diagnostic::error(
            "E0802",
            format!(
                "a path of this pattern is longer than {}",
                plural(config.max_path, "cell")
            ),
            p.span,
        )
        .label("path too long")
        .help(format!(
            "use fewer legs or shorter ranges (the table format holds paths of up to {MAX_DEPTH} cells)"
        )),
        Fault::TooManyPassing(n) => Diagnostic::error(
            "E0953",
            format!(
                "a move of this pattern may capture {n} pieces in passing; the limit is {}",
                config.max_passing
            ),
            p.span,
        )
        .label("too many captures on the way")
        .help("split the pattern or capture fewer pieces on the way"),
        Fault::EnPassantTooLong(n) => Diagnostic::error(
            "E0954",
            format!(
                "an `en passant` move of this pattern passes {}; the limit is {}",
                plural(n, "cell"),
                config.max_ep_cells
            ),
            p.span,
        )
        .label("opens too many cells to en passant")
        .help("bound the range of the `en passant` pattern"),
        Fault::Late => Diagnostic::error(
            "E0803",
            format!("linking passed its limit of {} ms", config.max_ms),
            p.span,
        )
        .label("linking stopped while expanding this pattern"),
    };
    let mut d = Diagnostics::new();
    d.push(diagnostic);
    d
}

fn too_slow(
    program: &MoveProgram,
    pat: usize,
    spent: Duration,
    config: &LinkConfig,
) -> Diagnostics {
    let p = &program.patterns[pat];
    let mut d = Diagnostics::new();
    d.push(
        Diagnostic::error(
            "E0803",
            format!(
                "linking took {} ms, past its limit of {} ms",
                spent.as_millis(),
                config.max_ms
            ),
            p.span,
        )
        .label("linking stopped after expanding this pattern")
        .help("bound the ranges of multi-leg rides, or raise `pipeline::Limits::link_ms` (`--limit link-ms=N`)"),
    );
    d
}

fn filter_code(f: &KindFilter) -> FilterCode {
    let mask = |ks: &[PieceId]| {
        ks.iter()
            .fold(0u128, |m, k| m | 1u128.checked_shl(k.0 as u32).unwrap_or(0))
    };
    match f {
        KindFilter::Any => FilterCode::ANY,
        KindFilter::Only(kinds) => FilterCode {
            mode: FilterCode::MODE_ONLY,
            mask: mask(kinds),
        },
        KindFilter::Except(kinds) => FilterCode {
            mode: FilterCode::MODE_EXCEPT,
            mask: mask(kinds),
        },
    }
}

/// Per zone, per side, per cell: whether the cell is in the zone as that side sees it.
pub(super) type ZoneMaps = Vec<[Vec<bool>; 2]>;

/// `maps[zone][side][cell]`: whether the cell is in the zone as that side sees it.
pub(super) fn zone_maps(program: &MoveProgram, board: &Board) -> ZoneMaps {
    program
        .zones
        .iter()
        .map(|zone| {
            let mut by_side = [
                vec![false; board.cell_count()],
                vec![false; board.cell_count()],
            ];
            for &point in &zone.cells {
                if let Some(cell) = board.cell_at(point) {
                    by_side[Side::First.index()][cell.index()] = true;
                }
                let mirrored = if zone.absolute {
                    point
                } else {
                    board.mirror(point)
                };
                if let Some(cell) = board.cell_at(mirrored) {
                    by_side[Side::Second.index()][cell.index()] = true;
                }
            }
            by_side
        })
        .collect()
}
