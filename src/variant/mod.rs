//! The smaller shogi variants: Mini Shogi 5x5, Shogi 5x6 and 5x6+, Tori Shogi 7x7 and
//! Shogi 3x4 (Dobutsu shogi), as `../shared/design/variants.md` defines them.
//!
//! # Design
//!
//! Standard shogi keeps its own core ([`crate::shogi`]): u128 bitboards, magic-free slider
//! attacks, a move generator tuned for perft. Generalising that core over board size and
//! piece set would put a branch or a parameter into every hot loop, so the variants get a
//! second, deliberately plain implementation here instead:
//!
//! - [`VKind`] lists every kind of every game (the standard kinds, Tori's birds, 3x4's
//!   animals); each kind's movement is a short table of [`kind::Atom`]s (step, jump, slide,
//!   limited slide), read by one walker for generation, attack tests and diagnosis alike.
//! - [`Variant`] holds what differs between the games as data: board size, piece set and
//!   letters, promotion zone depth, the per-file limit (nifu's
//!   one pawn, Tori's two swallows, none in 3x4), the drop-mate kind (pawn, swallow, none),
//!   campmate (3x4).
//! - [`VPosition`] is a mailbox board indexed by the standard [`crate::shogi::Square`]
//!   numbering (a variant uses files `1..=W` and ranks `1..=H`), so squares print and parse as
//!   in standard USI. Each rule is written once, in [`VPosition::check_rules`]; legal move
//!   generation is "geometry, then the rules", and [`VPosition::diagnose`] is "the geometry's
//!   reason, then the rules", so the generator and the diagnosis cannot disagree.
//! - Fouls are the standard taxonomy ([`crate::shogi::Foul`], generic over the kind type) with
//!   the same codes and wording; the only new code is `swallow-file` (Tori's third swallow on
//!   a file, naming the two already there). Tori's swallow-drop mate is `uchifuzume`, and a
//!   missing promotion under the compulsory rule is `illegal-promotion`.
//! - [`crate::record::replay::replay`], the replay of every record, judges a variant's
//!   record (`Start::Variant`, read by any format's one reader) into the same
//!   [`crate::record::replay::Report`] standard replays produce: fourfold repetition is a draw, a side without a legal move
//!   loses, a 3x4 lion that legally reaches the far rank wins (`campmate`).
//!
//! The generic core also plays standard shogi; the tests use that as a cross-check of both
//! cores, and the CLI always sends standard shogi to the tuned one.
//!
//! Promotion follows the Little Golem rules in every variant, Tori Shogi included: optional on
//! a move that starts or ends in the zone, forced only where the piece could never move again
//! (in Tori, a swallow reaching the last rank). Fairy-Stockfish's `torishogi` instead forces
//! the falcon and the swallow to promote on every move into, within or out of the zone; that
//! reading is kept as a rule option ([`PromotionRule::Compulsory`], selected by the venue
//! `--rules fairy-stockfish`, [`VRules::promotion_rule_in`]). The design page's Tori
//! counts (5,445 / 104,381 at depths 3 / 4) are the optional rule's, as Fairy-Stockfish counts
//! them with `mandatoryPiecePromotion = false`; the compulsory rule gives 5,430 / 103,857.

pub mod kind;
mod notation;
mod position;
mod rules;
mod rules_impl;
mod venue;

pub use kind::{VKind, VPiece};
pub use notation::{usi, VSfenError};
pub use position::{divide, perft, VFoul, VMove, VPosition};
pub use rules::{PromotionRule, UnknownVariant, Variant};
pub use venue::{VRules, Venue};
