//! The rule options of the smaller variants that the subcommands share: `--rules VENUE`
//! ([`VenueArgs`], on every subcommand that generates moves or judges games) and, on those
//! that judge games (`validate`, `stats`), `--perpetual-check-loses` beside it ([`RuleArgs`]).
//! Standard shogi keeps its own rules whatever they say.

use shogi_tool::variant::{VRules, Venue};
use shogi_tool::views::shown::AnyPosition;

/// `--rules`: the venue whose rules apply to the smaller variants where venues differ.
#[derive(Debug, Clone, clap::Args)]
pub struct VenueArgs {
    /// The venue whose rules apply to the smaller variants where venues differ: repetition and
    /// perpetual check when games are judged, and Tori Shogi's promotion (at fairy-stockfish a
    /// falcon or swallow must promote on every move into, within or out of the zone; at
    /// littlegolem promotion is optional unless the piece could never move again). No effect
    /// on standard shogi.
    #[arg(
        long,
        value_name = "VENUE",
        value_enum,
        ignore_case = true,
        default_value = "littlegolem",
        help_heading = super::help::RULES
    )]
    pub rules: VenueArg,
}

impl VenueArgs {
    /// `pos` under the promotion rule of the chosen venue (a standard position as it is).
    pub fn apply(&self, pos: AnyPosition) -> AnyPosition {
        pos.map_variant(|p| {
            let rule = self.rules.rules().promotion_rule_in(p.variant());
            p.with_promotion_rule(rule)
        })
    }
}

/// The rule options of the subcommands that judge games (`validate`, `stats`): the venue, and
/// whether perpetual check loses in the smaller variants too.
#[derive(Debug, Clone, clap::Args)]
pub struct RuleArgs {
    #[command(flatten)]
    pub venue: VenueArgs,
    /// In the smaller variants too, a fourfold repetition in which one side gave check with
    /// every move of the cycle loses for that side (standard shogi always has this rule).
    #[arg(long, help_heading = super::help::RULES)]
    pub perpetual_check_loses: bool,
}

impl RuleArgs {
    /// The rules these options select.
    pub fn rules(&self) -> VRules {
        VRules {
            perpetual_check_loses: self.perpetual_check_loses,
            ..self.venue.rules.rules()
        }
    }
}

/// The venues of `--rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VenueArg {
    /// Little Golem: fourfold repetition is a draw, no perpetual-check clause.
    #[value(name = "littlegolem", alias = "little-golem")]
    LittleGolem,
    /// Fairy-Stockfish and pychess: perpetual check loses (not in Shogi 3x4); repetition
    /// loses for black in minishogi, for the side completing it in Tori Shogi; Tori Shogi's
    /// promotion is compulsory in the zone.
    #[value(name = "fairy-stockfish", alias = "pychess")]
    FairyStockfish,
}

impl VenueArg {
    /// The venue's rules (no `--perpetual-check-loses`).
    pub fn rules(self) -> VRules {
        VRules {
            perpetual_check_loses: false,
            venue: match self {
                VenueArg::LittleGolem => Venue::LittleGolem,
                VenueArg::FairyStockfish => Venue::FairyStockfish,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_venue_and_the_perpetual_check_clause_make_the_rules() {
        let args = RuleArgs {
            venue: VenueArgs {
                rules: VenueArg::FairyStockfish,
            },
            perpetual_check_loses: true,
        };
        let rules = args.rules();
        assert_eq!(rules.venue, Venue::FairyStockfish);
        assert!(rules.perpetual_check_loses);
        assert!(!VenueArg::LittleGolem.rules().perpetual_check_loses);
        assert_eq!(VenueArg::LittleGolem.rules().venue, Venue::LittleGolem);
    }
}
