//! The one place that names every ruleset muster plays.
//!
//! Everything else (the CLI, the server, analysis) stays generic over [`engine::Game`]
//! and reaches a concrete ruleset through [`with_game`]: the caller writes a [`Visit`]
//! whose `visit` is generic over the game type, and the catalog builds the scenario named
//! and hands it over.
//!
//! ```
//! use catalog::{Visit, with_game};
//! use engine::Game;
//! struct Title;
//! impl Visit for Title {
//!     type Out = String;
//!     fn visit<G: Game>(self, game: G) -> String {
//!         game.board().title
//!     }
//! }
//! let title = with_game("belmont", &[], Title).unwrap();
//! assert!(title.contains("Belmont"));
//! ```

use engine::{Game, ScenarioInfo};

/// Each ruleset's quick odds calculators (one volley, one melee round, one Assault, one
/// fire), for `muster odds belmont ...`, `muster odds fotm ...` and `muster odds gbacw ...`: the rulesets' own chart functions,
/// reached through the catalog like everything else a ruleset offers.
pub mod calculators {
    pub use ::gbacw::charts as gbacw_charts;
    pub use ::gbacw::odds as gbacw;
    pub use belmont::odds as belmont;
    pub use fotm::odds as fotm;
}

/// Work to do with a game of whatever ruleset a scenario names.
///
/// `visit` is generic over the game type, so one implementation serves every ruleset.
pub trait Visit {
    /// What the work produces.
    type Out;
    /// Does the work on a freshly set-up game of the scenario.
    fn visit<G: Game>(self, game: G) -> Self::Out;
}

/// Why the catalog could not build a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// No scenario has this id.
    #[error("unknown scenario '{name}' (known: {})", known.join(", "))]
    UnknownScenario {
        /// The id asked for.
        name: String,
        /// Every scenario id the catalog knows.
        known: Vec<String>,
    },
    /// The scenario refused its options.
    #[error("bad option for {scenario}: {message}")]
    BadOption {
        /// The scenario id.
        scenario: String,
        /// The ruleset's explanation (names the option and lists the known ones).
        message: String,
    },
}

/// Every scenario, in menu order.
#[must_use]
pub fn scenarios() -> Vec<ScenarioInfo> {
    vec![belmont::scenario_info(), fotm::scenario_info(), gbacw::scenario_info(), gbacw::scenario_info_camp()]
}

/// Scenarios under construction: built by id ([`with_game`]) for their developers' runs
/// (`muster render`, `selfplay`), listed in no menu until they play: Regimental On To
/// Richmond's Belmont (issue 17) while its rules are built step by step.
#[must_use]
pub fn under_construction() -> Vec<ScenarioInfo> {
    vec![rotr::scenario_info()]
}

/// The scenario with this id, if the catalog knows it.
#[must_use]
pub fn scenario(id: &str) -> Option<ScenarioInfo> {
    scenarios().into_iter().find(|s| s.id == id)
}

/// Builds the scenario `scenario` with `options` switched on and hands the game to `v`.
///
/// # Errors
/// [`CatalogError::UnknownScenario`] for an id not in [`scenarios`];
/// [`CatalogError::BadOption`] when the ruleset refuses an option.
pub fn with_game<V: Visit>(scenario: &str, options: &[String], v: V) -> Result<V::Out, CatalogError> {
    match scenario {
        belmont::SCENARIO => {
            let game = belmont::Belmont::new(options)
                .map_err(|e| CatalogError::BadOption { scenario: scenario.into(), message: e.to_string() })?;
            Ok(v.visit(game))
        }
        fotm::SCENARIO => {
            let game = fotm::Fotm::new(options)
                .map_err(|e| CatalogError::BadOption { scenario: scenario.into(), message: e.to_string() })?;
            Ok(v.visit(game))
        }
        gbacw::SCENARIO | gbacw::SCENARIO_CAMP => {
            let game = gbacw::Gbacw::new_scenario(scenario, options)
                .map_err(|e| CatalogError::BadOption { scenario: scenario.into(), message: e.to_string() })?;
            Ok(v.visit(game))
        }
        rotr::SCENARIO => {
            let game = rotr::Rotr::new(options)
                .map_err(|e| CatalogError::BadOption { scenario: scenario.into(), message: e.to_string() })?;
            Ok(v.visit(game))
        }
        _ => Err(CatalogError::UnknownScenario {
            name: scenario.into(),
            known: scenarios().into_iter().map(|s| s.id).collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Actor, Game};

    struct Probe;
    impl Visit for Probe {
        type Out = (String, Vec<String>, bool);
        fn visit<G: Game>(self, game: G) -> Self::Out {
            let (id, options) = game.scenario();
            (id.to_string(), options.to_vec(), game.actor() != Actor::Over)
        }
    }

    #[test]
    fn every_listed_scenario_builds_and_names_itself() {
        let all = scenarios();
        assert!(!all.is_empty());
        for info in all {
            let (id, options, live) = with_game(&info.id, &[], Probe).expect("builds");
            assert_eq!(id, info.id);
            assert!(options.is_empty());
            assert!(live, "{id} starts with a decision pending");
            assert!(!info.description.is_empty() && !info.title.is_empty());
        }
    }

    #[test]
    fn every_listed_option_is_accepted_and_passed_on() {
        for info in scenarios() {
            for o in &info.options {
                let (_, options, _) =
                    with_game(&info.id, std::slice::from_ref(&o.name), Probe).expect("option accepted");
                assert_eq!(options, vec![o.name.clone()]);
            }
        }
    }

    #[test]
    fn a_scenario_under_construction_builds_by_id_and_is_in_no_menu() {
        for info in under_construction() {
            let (id, _, live) = with_game(&info.id, &[], Probe).expect("builds");
            assert_eq!(id, info.id);
            assert!(live);
            assert!(scenario(&info.id).is_none(), "{id} is listed in no menu");
            assert!(info.description.contains("Under construction"));
        }
    }

    #[test]
    fn unknown_scenario_lists_the_known_ones() {
        let err = with_game("gettysburg", &[], Probe).unwrap_err();
        let CatalogError::UnknownScenario { name, known } = &err else { panic!("{err:?}") };
        assert_eq!(name, "gettysburg");
        assert!(known.contains(&"belmont".to_string()));
        assert!(err.to_string().contains("belmont"));
    }

    #[test]
    fn bad_option_is_a_typed_error_naming_it() {
        let err = with_game("belmont", &["no-such-rule".into()], Probe).unwrap_err();
        assert!(matches!(&err, CatalogError::BadOption { scenario, .. } if scenario == "belmont"), "{err:?}");
        assert!(err.to_string().contains("no-such-rule"));
    }

    /// Issue 17 (`docs/plans/rotr.md` step 3): a hex ruleset's board has no table and its
    /// actions name no target unit, so their JSON is what it was before tables came.
    #[test]
    fn hex_ruleset_json_unchanged() {
        struct Fields;
        impl Visit for Fields {
            type Out = (bool, bool);
            fn visit<G: Game>(self, game: G) -> Self::Out {
                let board = game.board();
                let views = game.legal_actions().iter().map(|a| game.action_view(a)).collect::<Vec<_>>();
                (board.table.is_none() && !board.hexes.is_empty(), views.iter().all(|v| v.target.is_none()))
            }
        }
        for info in scenarios() {
            assert_eq!(with_game(&info.id, &[], Fields).expect("builds"), (true, true), "{}", info.id);
        }
    }

    #[test]
    fn scenario_lookup() {
        assert_eq!(scenario("belmont").map(|s| s.ruleset), Some("belmont".to_string()));
        assert!(scenario("nowhere").is_none());
    }
}
