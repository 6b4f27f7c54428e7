//! Tests that combine layers of the crate: the bitboard kernel against the attack
//! queries, the legality test and perft's counts ([`exposure`], [`forward`]), gating's
//! count without a list ([`gating`]), and the compact legal list played by make
//! ([`playouts`]). A top module that nothing
//! depends on, so a test may reach any layer without an edge pointing up; the
//! helpers they share stay with the layer they test (`kernel::tests`, `make::tests`).

mod blast;
mod exposure;
mod forward;
mod gating;
mod placement;
mod playouts;
mod replies;
mod reply_cache;
