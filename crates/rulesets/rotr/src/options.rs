//! The scenario's options (plan 6.8): each bracketed optional rule of the text, off by default,
//! named with its rule. Only the options whose rules are built are offered; the rest of the
//! plan's list comes with the steps that build their rules (a menu never offers an option that
//! would do nothing).

use engine::OptionInfo;

/// The options switched on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    /// 2.1, 4.2: every unit's performance rolled at set-up instead of at first need (R4).
    pub performance_at_start: bool,
    /// 2.5: the scenario's assigned performances and qualities; nothing rolled (R4, R5).
    pub assigned_values: bool,
}

/// Options: (name, description), as a menu lists them.
const OPTIONS: [(&str, &str); 2] = [
    (
        "performance-at-start",
        "ROTR 2.1, 4.2: roll every unit's performance at set-up instead of when a rule first needs it (R4)",
    ),
    (
        "assigned-values",
        "ROTR 2.5: use the scenario's assigned performances and commander qualities instead of rolling them (authored values)",
    ),
];

/// Why a game could not be set up: an option it does not know, or two that exclude each other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// An option the scenario does not know.
    #[error(transparent)]
    Unknown(#[from] engine::UnknownOption),
    /// Two options that cannot both be on.
    #[error("options {0} and {1} exclude each other: {2}")]
    Exclusive(&'static str, &'static str, &'static str),
}

impl Options {
    /// The options named, refusing a name it does not know.
    ///
    /// # Errors
    /// [`SetupError`] naming the option and listing the known ones, or the pair that clash.
    pub fn parse(names: &[String]) -> Result<Options, SetupError> {
        let mut o = Options::default();
        for n in names {
            match n.as_str() {
                "performance-at-start" => o.performance_at_start = true,
                "assigned-values" => o.assigned_values = true,
                _ => return Err(engine::UnknownOption::new(n, crate::SCENARIO, &OPTIONS).into()),
            }
        }
        if o.performance_at_start && o.assigned_values {
            return Err(SetupError::Exclusive(
                "performance-at-start",
                "assigned-values",
                "assigned values are never rolled (2.5)",
            ));
        }
        Ok(o)
    }

    /// Every option, as a menu lists it.
    #[must_use]
    pub fn table() -> Vec<OptionInfo> {
        OptionInfo::table(&OPTIONS)
    }
}
