//! The rules where venues for the smaller variants differ (`../shared/design/variants.md`):
//! repetition, perpetual check and Tori Shogi's promotion, as data replay reads.

use super::rules::{PromotionRule, Variant};
use crate::shogi::Color;

/// Rule options where venues differ.
#[derive(Clone, Copy, Debug, Default)]
pub struct VRules {
    /// Whether a fourfold repetition in which one side checked with every move loses for that
    /// side (standard shogi's JSA rule; off by default for the variants, as at Little Golem).
    pub perpetual_check_loses: bool,
    /// The venue whose rules judge repetitions.
    pub venue: Venue,
}

/// Venues whose rules for the smaller variants differ (`../shared/design/variants.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Venue {
    /// Little Golem, the rule set of the design page: fourfold repetition is a draw, with no
    /// perpetual-check clause.
    #[default]
    LittleGolem,
    /// Fairy-Stockfish (and pychess, which plays by it): perpetual check loses for the checking
    /// side (not in Shogi 3x4); a fourfold repetition in minishogi loses for the first player
    /// (black), in Tori Shogi for the side that completes it; otherwise a draw. In Tori Shogi
    /// promotion is compulsory on every move into, within or out of the zone.
    FairyStockfish,
}

impl Venue {
    /// The name of the venue on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Venue::LittleGolem => "littlegolem",
            Venue::FairyStockfish => "fairy-stockfish",
        }
    }
}

impl VRules {
    /// Whether perpetual check loses in `variant` under these rules.
    pub fn perpetual_check_loses_in(self, variant: Variant) -> bool {
        self.perpetual_check_loses
            || (self.venue == Venue::FairyStockfish && variant != Variant::Dobutsu)
    }

    /// The promotion rule of `variant` under these rules: compulsory in Tori Shogi at
    /// Fairy-Stockfish, optional (Little Golem) everywhere else.
    pub fn promotion_rule_in(self, variant: Variant) -> PromotionRule {
        match (self.venue, variant) {
            (Venue::FairyStockfish, Variant::Torishogi) => PromotionRule::Compulsory,
            _ => PromotionRule::Optional,
        }
    }

    /// Who wins a fourfold repetition (without perpetual check) in `variant` completed by
    /// `mover`: `None` for a draw.
    pub fn repetition_winner(self, variant: Variant, mover: Color) -> Option<Color> {
        match (self.venue, variant) {
            (Venue::FairyStockfish, Variant::Minishogi) => Some(Color::White),
            (Venue::FairyStockfish, Variant::Torishogi) => Some(mover.flip()),
            _ => None,
        }
    }
}
