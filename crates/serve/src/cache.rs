//! cache: compiled games kept for reuse, keyed by their rules text, so that a page
//! asking for moves after moves of one game (or fifty clients asking at once) compiles
//! it once. Bounded twice: by the number of games and by the bytes of their tables;
//! the least recently used game goes first. Texts that fail to compile are not kept
//! (a text being typed fails at most keystrokes and would only push good games out).

use crate::diagnostics::Diagnostics;
use crate::pipeline::Limits;
use crate::Game;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::{Arc, Mutex};

struct Entry {
    hash: u64,
    base: Option<std::path::PathBuf>,
    fit: Option<(usize, usize)>,
    text: Arc<str>,
    game: Arc<Game>,
    bytes: usize,
    used: u64,
}

/// What a game is compiled from.
struct Key<'a> {
    text: &'a str,
    base: Option<&'a Path>,
    fit: Option<(usize, usize)>,
}

impl Key<'_> {
    fn is(&self, e: &Entry) -> bool {
        &*e.text == self.text && e.base.as_deref() == self.base && e.fit == self.fit
    }
}

/// The bounded cache of compiled games.
pub(crate) struct GameCache {
    entries: Mutex<(Vec<Entry>, u64)>,
    max_entries: usize,
    max_bytes: usize,
}

fn hash_of(text: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl GameCache {
    /// An empty cache of at most `max_entries` games and `max_bytes` table bytes.
    pub(crate) fn new(max_entries: usize, max_bytes: usize) -> GameCache {
        GameCache {
            entries: Mutex::new((Vec::new(), 0)),
            max_entries,
            max_bytes,
        }
    }

    /// The game of `text`, compiled under `limits` (file names looked up in `base`,
    /// a Sokoban board cut to `fit`: [`Game::compile_fitted`]) unless it is cached
    /// (with the same `base` and `fit`).
    pub(crate) fn game(
        &self,
        text: &str,
        base: Option<&Path>,
        fit: Option<(usize, usize)>,
        limits: &Limits,
    ) -> Result<Arc<Game>, Diagnostics> {
        let key = Key { text, base, fit };
        let hash = hash_of(text);
        if let Some(game) = self.lookup(hash, &key) {
            return Ok(game);
        }
        let game = Arc::new(Game::compile_limited(text, base, fit, limits)?);
        self.insert(hash, &key, game.clone());
        Ok(game)
    }

    /// The number of games held (for tests and `/api/info`).
    pub(crate) fn len(&self) -> usize {
        self.entries.lock().map_or(0, |e| e.0.len())
    }

    fn lookup(&self, hash: u64, key: &Key<'_>) -> Option<Arc<Game>> {
        let mut guard = self.entries.lock().ok()?;
        let (entries, clock) = &mut *guard;
        *clock += 1;
        let e = entries.iter_mut().find(|e| e.hash == hash && key.is(e))?;
        e.used = *clock;
        Some(e.game.clone())
    }

    fn insert(&self, hash: u64, key: &Key<'_>, game: Arc<Game>) {
        let text = key.text;
        let m = game.table_memory();
        let bytes = m.forward_bytes + m.reverse_bytes + text.len();
        if self.max_entries == 0 || bytes > self.max_bytes {
            return;
        }
        let Ok(mut guard) = self.entries.lock() else {
            return;
        };
        let (entries, clock) = &mut *guard;
        if entries.iter().any(|e| e.hash == hash && key.is(e)) {
            return;
        }
        *clock += 1;
        entries.push(Entry {
            hash,
            base: key.base.map(Path::to_path_buf),
            fit: key.fit,
            text: text.into(),
            game,
            bytes,
            used: *clock,
        });
        while entries.len() > self.max_entries
            || entries.iter().map(|e| e.bytes).sum::<usize>() > self.max_bytes
        {
            let Some(oldest) = entries
                .iter()
                .enumerate()
                .min_by_key(|(_, e)| e.used)
                .map(|(i, _)| i)
            else {
                break;
            };
            entries.swap_remove(oldest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNIGHT: &str = "board square 8x8\npiece Knight (N) { leap (1,2) }";

    #[test]
    fn a_text_compiles_once_and_the_oldest_goes_first() {
        let cache = GameCache::new(2, usize::MAX);
        let limits = Limits::default();
        let a = cache.game(KNIGHT, None, None, &limits).expect("knight");
        let b = cache.game(KNIGHT, None, None, &limits).expect("knight");
        assert!(Arc::ptr_eq(&a, &b));
        let texts: Vec<String> = (3..6)
            .map(|n| format!("board square {n}x{n}\npiece King (K) {{ step any }}"))
            .collect();
        for t in &texts {
            cache.game(t, None, None, &limits).expect("king");
        }
        assert_eq!(cache.len(), 2);
        let again = cache.game(KNIGHT, None, None, &limits).expect("knight");
        assert!(
            !Arc::ptr_eq(&a, &again),
            "the knight was the oldest and went"
        );
        assert!(cache
            .game("board square 8x8\npiece", None, None, &limits)
            .is_err());
        assert_eq!(cache.len(), 2);
    }
}
