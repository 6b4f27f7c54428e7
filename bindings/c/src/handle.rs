//! handle: the registry of live handles, so that a handle freed twice, used after it
//! was freed, or of another type is an error code (`PW_ERR_STALE_HANDLE`) rather than
//! a crash.
//!
//! A handle given to C is not an address: it is a slot number and a generation tag,
//! `generation << INDEX_BITS | (slot + 1)`, cast to the handle's pointer type (C
//! never dereferences it). The slot holds the object's address, its kind and its
//! current generation; freeing a handle bumps the slot's generation, so every copy of
//! the old handle is recognised as stale even after the slot is reused by a new
//! object. Slots live in chunks that are never freed (a chunk's address is stable, so a
//! lookup takes no lock: two atomic loads); making and freeing handles takes a mutex.
//!
//! What it cannot catch: freeing a handle while another thread is using it (the
//! caller's race), and a stale handle whose slot has been reused `2^GENERATION_BITS`
//! times since (2^32 on 64-bit targets, 2^12 on 32-bit ones).

use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};
use std::sync::Mutex;

use crate::{fail, Failure, PwErrInternal, PwErrNullPointer, PwErrStaleHandle};

/// The kinds of handle (`0` marks a free slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Game = 1,
    Position = 2,
    Diagnostics = 3,
    Cancel = 4,
}

impl Kind {
    fn from_u8(k: u8) -> Option<Kind> {
        match k {
            1 => Some(Kind::Game),
            2 => Some(Kind::Position),
            3 => Some(Kind::Diagnostics),
            4 => Some(Kind::Cancel),
            _ => None,
        }
    }

    fn type_name(self) -> &'static str {
        match self {
            Kind::Game => "PwGame",
            Kind::Position => "PwPosition",
            Kind::Diagnostics => "PwDiagnostics",
            Kind::Cancel => "PwCancel",
        }
    }
}

/// A type given to C as a handle.
pub(crate) trait Handle: Sized {
    /// Its kind, checked at every lookup.
    const KIND: Kind;
}

/// Bits of a handle that hold the slot number (plus one).
const INDEX_BITS: u32 = if usize::BITS >= 64 { 32 } else { 20 };
/// Bits of a handle that hold the generation.
const GENERATION_BITS: u32 = usize::BITS - INDEX_BITS;
const INDEX_MASK: usize = (1 << INDEX_BITS) - 1;
const GENERATION_MASK: u64 = (1u64 << GENERATION_BITS) - 1;

/// Slots per chunk.
const CHUNK: usize = 4096;
/// Chunks at most: 16,777,216 live handles on 64-bit targets (fewer on 32-bit ones).
const CHUNKS: usize = if usize::BITS >= 64 { 4096 } else { 256 };

/// One slot: `state` is `generation << 8 | kind` (kind 0: free; the generation is the
/// one the slot's next handle gets), `ptr` the object of a live handle.
struct Slot {
    state: AtomicU64,
    ptr: AtomicPtr<()>,
}

#[allow(clippy::declare_interior_mutable_const)]
const NO_CHUNK: AtomicPtr<Slot> = AtomicPtr::new(std::ptr::null_mut());
static TABLE: [AtomicPtr<Slot>; CHUNKS] = [NO_CHUNK; CHUNKS];

/// Free slots and the first never used.
struct Registry {
    free: Vec<usize>,
    next: usize,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    free: Vec::new(),
    next: 0,
});

#[inline]
fn slot(index: usize) -> Option<&'static Slot> {
    let chunk = TABLE.get(index / CHUNK)?.load(Ordering::Acquire);
    if chunk.is_null() {
        return None;
    }
    // SAFETY: a published chunk holds `CHUNK` slots and is never freed.
    Some(unsafe { &*chunk.add(index % CHUNK) })
}

#[inline]
fn state(generation: u64, kind: u8) -> u64 {
    (generation & GENERATION_MASK) << 8 | kind as u64
}

/// Gives `value` to C as a new handle.
pub(crate) fn new_handle<T: Handle>(value: T) -> Result<*mut T, Failure> {
    let mut registry = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    let index = match registry.free.pop() {
        Some(i) => i,
        None => {
            let i = registry.next;
            if i >= CHUNK * CHUNKS {
                return fail(
                    PwErrInternal,
                    format!("too many live handles (the most is {})", CHUNK * CHUNKS),
                );
            }
            if i % CHUNK == 0 {
                let chunk: Box<[Slot]> = (0..CHUNK)
                    .map(|_| Slot {
                        state: AtomicU64::new(state(1, 0)),
                        ptr: AtomicPtr::new(std::ptr::null_mut()),
                    })
                    .collect();
                TABLE[i / CHUNK].store(Box::leak(chunk).as_mut_ptr(), Ordering::Release);
            }
            registry.next = i + 1;
            i
        }
    };
    let s = slot(index).expect("a slot of an allocated chunk");
    let generation = s.state.load(Ordering::Relaxed) >> 8;
    s.ptr
        .store(Box::into_raw(Box::new(value)) as *mut (), Ordering::Release);
    s.state
        .store(state(generation, T::KIND as u8), Ordering::Release);
    Ok(((generation as usize) << INDEX_BITS | (index + 1)) as *mut T)
}

/// The slot of a live handle of kind `K`, its generation, or why it is not one.
///
/// Every call through the ABI looks up its handles here, so the live case is a few
/// instructions inlined into the caller (the slot's state equals the handle's
/// generation and kind); the rest, and the messages, are in [`why_not_live`], out of
/// line. Measured with callgrind on `examples/c/perft.c --compact` (chess, depth 4):
/// one lookup took about 37 instructions when the whole check was one function (16%
/// of the walk's).
#[inline(always)]
fn live<T: Handle>(h: *const T, name: &str) -> Result<(&'static Slot, u64), Failure> {
    let value = h as usize;
    let generation = (value >> INDEX_BITS) as u64;
    if let Some(s) = (value & INDEX_MASK).checked_sub(1).and_then(slot) {
        if s.state.load(Ordering::Acquire) == state(generation, T::KIND as u8) {
            return Ok((s, generation));
        }
    }
    why_not_live(h, name)
}

/// [`live`] for a handle that is not a live one of kind `K` (or that just stopped
/// being one): the error that says why, or the slot after all.
#[cold]
#[inline(never)]
fn why_not_live<T: Handle>(h: *const T, name: &str) -> Result<(&'static Slot, u64), Failure> {
    if h.is_null() {
        return fail(PwErrNullPointer, format!("{name} is null"));
    }
    let value = h as usize;
    let generation = (value >> INDEX_BITS) as u64;
    let stale = |why: &str| {
        fail(
            PwErrStaleHandle,
            format!("{name} is not a live {} handle: {why}", T::KIND.type_name()),
        )
    };
    let Some(index) = (value & INDEX_MASK).checked_sub(1) else {
        return stale("it was never made by piecewise");
    };
    let Some(s) = slot(index) else {
        return stale("it was never made by piecewise");
    };
    let st = s.state.load(Ordering::Acquire);
    if st == state(generation, T::KIND as u8) {
        return Ok((s, generation));
    }
    if st >> 8 != generation & GENERATION_MASK || st & 0xff == 0 {
        return stale("it was freed (or never made by piecewise)");
    }
    match Kind::from_u8((st & 0xff) as u8) {
        Some(k) => stale(&format!("it is a {}", k.type_name())),
        None => stale("it was never made by piecewise"),
    }
}

/// The object of a live handle, shared.
#[inline]
pub(crate) fn get<'a, T: Handle>(h: *const T, name: &str) -> Result<&'a T, Failure> {
    let (s, _) = live(h, name)?;
    // SAFETY: a live slot of kind `T::KIND` points to a `T` made by `new_handle`; it
    // stays alive until `free` (the caller does not free it during this call).
    Ok(unsafe { &*(s.ptr.load(Ordering::Acquire) as *const T) })
}

/// The object of a live handle, exclusive (the caller does not alias it during the
/// call: documented per type).
#[inline]
pub(crate) fn get_mut<'a, T: Handle>(h: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    let (s, _) = live(h, name)?;
    // SAFETY: as in `get`; exclusive use is the caller's part (one thread at a time).
    Ok(unsafe { &mut *(s.ptr.load(Ordering::Acquire) as *mut T) })
}

/// Frees a live handle (null is ignored); a stale one is `PW_ERR_STALE_HANDLE`.
pub(crate) fn free<T: Handle>(h: *mut T, name: &str) -> Result<(), Failure> {
    if h.is_null() {
        return Ok(());
    }
    let object = {
        let mut registry = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
        // Checked under the lock: two threads freeing one handle cannot both pass.
        let (s, generation) = live(h, name)?;
        let object = s.ptr.swap(std::ptr::null_mut(), Ordering::AcqRel) as *mut T;
        s.state
            .store(state(generation.wrapping_add(1), 0), Ordering::Release);
        registry.free.push(((h as usize) & INDEX_MASK) - 1);
        object
    };
    // SAFETY: the slot held this `T`, made by `Box::into_raw`; it is taken out once.
    drop(unsafe { Box::from_raw(object) });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Thing(u32);
    impl Handle for Thing {
        const KIND: Kind = Kind::Cancel;
    }
    struct Other;
    impl Handle for Other {
        const KIND: Kind = Kind::Game;
    }

    #[test]
    fn stale_handles_are_refused() {
        let a = new_handle(Thing(7)).ok().unwrap();
        assert_eq!(get(a, "a").ok().unwrap().0, 7);
        assert!(free(a, "a").is_ok());
        assert_eq!(get(a, "a").err().unwrap().0, PwErrStaleHandle);
        assert_eq!(free(a, "a").err().unwrap().0, PwErrStaleHandle);
        // The slot reused: the old handle is still stale, the new one live.
        let b = new_handle(Thing(8)).ok().unwrap();
        assert_eq!(get(a, "a").err().unwrap().0, PwErrStaleHandle);
        assert_eq!(get(b, "b").ok().unwrap().0, 8);
        // Another kind, and a made-up value.
        let other = b as *const Other;
        let why = get(other, "game").err().unwrap();
        assert_eq!(why.0, PwErrStaleHandle);
        assert!(why.1.contains("PwCancel"), "{}", why.1);
        assert_eq!(
            get(0xdead_beef_usize as *const Thing, "x").err().unwrap().0,
            PwErrStaleHandle
        );
        assert!(free(b, "b").is_ok());
        assert!(free(std::ptr::null_mut::<Thing>(), "n").is_ok());
    }
}
