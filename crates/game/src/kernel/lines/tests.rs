//! The trie's layout against a reference that hashes each sequence whole (the
//! kernel's first builder): the same lines, in the same order, with the same kinds,
//! for every target of every shipped game with a kernel and the 26×26 test games.

use super::{need, root_takes_royals, Need, SeqTrie, TargetLine};
use crate::ids::{CellId, Side};
use crate::kernel::tests::shipped_games;
use crate::table::{ReverseNodeId, ReverseTables};
use rustc_hash::FxHashMap;

/// One requirement of a reversed path after the target cell.
#[derive(Clone, Copy)]
enum Req {
    Empty(u16),
    Screen(u16),
}

/// Sequences of cells (path order, the leaf last) and what they carry.
type SeqMap = FxHashMap<Vec<u16>, u64>;

/// The reference's lines of one target, from its sequence maps.
fn reference_lines(plain: SeqMap, hurdles: SeqMap) -> Vec<TargetLine> {
    let mut seqs: Vec<&Vec<u16>> = plain.keys().chain(hurdles.keys()).collect();
    seqs.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    seqs.dedup();
    // Lines as (cells, kinds, hurdle kinds); every prefix of a line maps to it.
    let mut lines: Vec<(Vec<u16>, Vec<u64>, Vec<u64>)> = Vec::new();
    let mut prefix: FxHashMap<&[u16], usize> = FxHashMap::default();
    for seq in seqs {
        let line = match prefix.get(seq.as_slice()) {
            Some(&l) => l,
            None => {
                let l = lines.len();
                lines.push((seq.clone(), vec![0; seq.len()], vec![0; seq.len()]));
                for n in 1..=seq.len() {
                    prefix.entry(&seq[..n]).or_insert(l);
                }
                l
            }
        };
        let at = seq.len() - 1;
        lines[line].1[at] |= plain.get(seq).copied().unwrap_or(0);
        lines[line].2[at] |= hurdles.get(seq).copied().unwrap_or(0);
    }
    lines
        .into_iter()
        .map(|(cells, kinds, hurdle_kinds)| TargetLine {
            cells,
            kinds,
            hurdle_kinds,
        })
        .collect()
}

/// The reversed paths into `t` by which `by` captures a royal there, as cell
/// sequences (path order, the leaf last): those over empty cells only, and those
/// with one screen (every screen position of a sequence must be there with the same
/// kinds). `None` if some path does not fit the kernel.
fn sequences(rev: &ReverseTables, by: Side, t: usize, royal_mask: u64) -> Option<(SeqMap, SeqMap)> {
    let mut plain = SeqMap::default();
    let mut screened: FxHashMap<Vec<u16>, Vec<(usize, u64)>> = FxHashMap::default();
    // (node, path length above it, is a root)
    let mut stack: Vec<(ReverseNodeId, usize, bool)> = rev
        .roots(by, CellId(t as u16))
        .map(|id| (id, 0, true))
        .collect();
    stack.reverse();
    let mut path: Vec<Req> = Vec::new();
    while let Some((id, depth, root)) = stack.pop() {
        path.truncate(depth);
        let n = rev.node(id);
        let cell = n.cell().0;
        if root {
            if !root_takes_royals(&n, t, royal_mask)? {
                continue;
            }
        } else {
            match need(&n)? {
                Need::Empty => path.push(Req::Empty(cell)),
                Need::Screen => path.push(Req::Screen(cell)),
                Need::Anything => {}
            }
        }
        for leaf in n.leaves() {
            if leaf.initial() {
                return None;
            }
            let mut seq: Vec<u16> = Vec::with_capacity(path.len() + 1);
            let mut screens = Vec::new();
            for (i, r) in path.iter().enumerate() {
                match *r {
                    Req::Empty(c) => seq.push(c),
                    Req::Screen(c) => {
                        screens.push(i);
                        seq.push(c);
                    }
                }
            }
            seq.push(leaf.cell().0);
            let mut sorted = seq.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) || sorted.contains(&(t as u16)) {
                return None;
            }
            // The kernel's sets are u64 (games of at most 64 kinds), as in `lines.rs`.
            let kinds = u64::try_from(leaf.kinds()).ok()?;
            match screens[..] {
                [] => *plain.entry(seq).or_default() |= kinds,
                [s] => screened.entry(seq).or_default().push((s, kinds)),
                _ => return None,
            }
        }
        let depth = path.len();
        let at = stack.len();
        stack.extend(n.children().map(|c| (c, depth, false)));
        stack[at..].reverse();
    }
    let mut hurdles = SeqMap::default();
    for (seq, mut list) in screened {
        list.sort_unstable();
        list.dedup();
        // Every screen position before the leaf, each once, all with the same kinds.
        let kinds = list[0].1;
        let full = list.len() == seq.len() - 1
            && list
                .iter()
                .enumerate()
                .all(|(i, &(s, k))| s == i && k == kinds);
        if !full {
            return None;
        }
        hurdles.insert(seq, kinds);
    }
    Some((plain, hurdles))
}

#[test]
fn the_trie_lays_out_the_lines_a_map_of_whole_sequences_lays_out() {
    let mut targets = 0;
    for (name, game) in shipped_games() {
        let rev = &game.reverse;
        let royal_mask = (0..game.pieces)
            .filter(|&p| game.royal[p])
            .fold(0u64, |m, p| m | 1 << p);
        if royal_mask == 0 || game.pieces > 64 {
            continue;
        }
        let facing = game.no_facing.then_some(&game.file_rays[..]);
        let mut trie = SeqTrie::default();
        for by in Side::BOTH {
            for t in 0..rev.cell_count() {
                let rays = facing.map(|f| &f[t]);
                let fast = trie.build(rev, (by, t), royal_mask, rays);
                let slow = sequences(rev, by, t, royal_mask).map(|(mut plain, hurdles)| {
                    for ray in rays.into_iter().flatten() {
                        for i in 0..ray.len() {
                            let seq: Vec<u16> = ray[..=i].iter().map(|c| c.0).collect();
                            *plain.entry(seq).or_default() |= royal_mask;
                        }
                    }
                    reference_lines(plain, hurdles)
                });
                let show = |l: &Option<Vec<TargetLine>>| {
                    l.as_ref().map(|l| {
                        l.iter()
                            .map(|x| (x.cells.clone(), x.kinds.clone(), x.hurdle_kinds.clone()))
                            .collect::<Vec<_>>()
                    })
                };
                assert_eq!(show(&fast), show(&slow), "{name}: target {t} by {by:?}");
                targets += usize::from(slow.is_some());
            }
        }
    }
    assert!(targets > 5_000, "only {targets} targets compared");
}
