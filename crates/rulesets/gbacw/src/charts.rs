//! The charts the standard rules print, as numbers: the Fire Combat Results Table (9.16),
//! the Density Adjustment Chart (8.35), the Ammunition Loss Table (11.34), the Melee Combat
//! Results Table (12.98), the Seeing the Elephant Table (13.15) and the Leader Casualty
//! Table (17.76).
//!
//! These are transcribed chart values, not authored ones; they sit here, apart from the
//! logic, so that an erratum is a one-line change. Where the text needs a reading to be
//! used, the reading is the plan's (`docs/plans/gbacw.md`, section 3) and is named at the
//! item. What each result then does (pins, routs, retreats, captures) is the rules'
//! business, not this module's.

/// 9.16: the Fire Combat Results Table's columns, left to right.
pub const FIRE_COLUMNS: usize = 11;

/// 9.16: which row of the Fire Combat Results Table a fire reads its column from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum FireRow {
    /// Artillery firing at infantry or cavalry (9.14).
    Grapeshot,
    /// Small arms (9.15), and artillery firing at artillery or wagons (9.14).
    SmallArmsAndCounterBattery,
}

/// 9.16: the least Total Fire Strength of each column, by row. The first column takes
/// everything below the second's least.
///
/// Reading (plan R4): the text prints the first range row without a label and the
/// Grapeshot row empty; the unlabelled row ("3 or less" to "63+") is read as Grapeshot's,
/// since the Small-arms and Counter-battery row is labelled and no other row is left.
const FIRE_LEAST: [[u32; FIRE_COLUMNS]; 2] =
    [[0, 4, 9, 12, 16, 22, 29, 36, 44, 53, 63], [0, 1, 4, 7, 11, 15, 21, 28, 35, 43, 51]];

/// 9.16: each column's least Total Fire Strength on `row`, left to right (for the player aid).
#[must_use]
pub fn fire_column_least(row: FireRow) -> [u32; FIRE_COLUMNS] {
    FIRE_LEAST[row as usize]
}

/// 9.16: the column (0 to 10) of a Total Fire Strength on `row`, before any shift.
#[must_use]
pub fn fire_column(row: FireRow, strength: u32) -> usize {
    FIRE_LEAST[row as usize].iter().rposition(|&least| strength >= least).unwrap_or(0)
}

/// 9.51: a column moved `shift` columns (right positive), never past either end of the
/// table.
#[must_use]
pub fn shift_column(column: usize, shift: i32) -> usize {
    let last = FIRE_COLUMNS as i32 - 1;
    (column as i32 + shift).clamp(0, last) as usize
}

/// 9.16: one result of the Fire Combat Results Table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum FireResult {
    /// "-": no effect.
    NoEffect,
    /// "P": a possible pin: a die above the unit's morale pins it.
    Pin,
    /// "R": a possible rout: a die above the unit's morale routs it.
    Rout,
    /// "P/R": a die at or below the unit's morale pins it, above routs it.
    PinOrRout,
    /// "#" or "#*": `points` Strength Points (or guns) lost and a morale check; with
    /// `then_pin` ("*"), a unit that passes rolls again and a die above its morale pins it.
    Loss {
        /// Strength Points or guns lost.
        points: u8,
        /// The "*": a pin roll after a passed morale check.
        then_pin: bool,
    },
}

impl std::fmt::Display for FireResult {
    /// As the Fire Combat Results Table prints it, with its meaning: "- (no effect)", "P (pin
    /// check)", "R (rout check)", "P/R (pin or rout)", "2 (points lost, morale check)", "1* (...,
    /// then a pin check)".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            FireResult::NoEffect => f.write_str("- (no effect)"),
            FireResult::Pin => f.write_str("P (pin check)"),
            FireResult::Rout => f.write_str("R (rout check)"),
            FireResult::PinOrRout => f.write_str("P/R (pin or rout)"),
            FireResult::Loss { points, then_pin: false } => write!(f, "{points} (points lost, morale check)"),
            FireResult::Loss { points, then_pin: true } => {
                write!(f, "{points}* (points lost, morale check, then a pin check)")
            }
        }
    }
}

use FireResult::{NoEffect as N, Pin as P, PinOrRout as PR, Rout as R};

/// "1" to "3": points lost, a morale check.
const fn l(points: u8) -> FireResult {
    FireResult::Loss { points, then_pin: false }
}

/// "1*" to "3*": points lost, a morale check, and a pin roll if it is passed.
const fn ls(points: u8) -> FireResult {
    FireResult::Loss { points, then_pin: true }
}

/// 9.16: the results by die (1 to 6) and column.
const FIRE: [[FireResult; FIRE_COLUMNS]; 6] = [
    [N, N, N, N, P, R, PR, l(1), l(1), l(1), ls(1)],
    [N, N, N, P, R, PR, l(1), l(1), l(1), ls(1), ls(2)],
    [N, N, P, R, PR, l(1), l(1), l(1), ls(1), ls(2), ls(2)],
    [N, P, R, PR, l(1), l(1), l(1), ls(1), ls(2), ls(2), ls(2)],
    [N, PR, PR, l(1), l(1), l(1), ls(1), ls(2), ls(2), ls(2), ls(3)],
    [PR, l(1), l(1), ls(1), ls(1), ls(1), ls(2), ls(2), ls(2), ls(3), ls(3)],
];

/// 9.16: the result of a die (1 to 6) on a column (0 to 10).
///
/// # Panics
/// If the die or the column is out of range.
#[must_use]
pub fn fire_result(column: usize, die: u8) -> FireResult {
    FIRE[usize::from(die) - 1][column]
}

/// 9.16 ("AMMO Deplete") with 11.21: whether a fire die calls for an ammunition
/// depletion roll for each small-arms unit that fired.
#[must_use]
pub fn fire_ammo_check(die: u8) -> bool {
    die == 1
}

/// 11.21: whether the depletion roll leaves the unit out of ammunition.
#[must_use]
pub fn ammo_depleted(die: u8) -> bool {
    die <= 2
}

/// 8.35: the column shift (right positive) for the Strength Points in the target hex,
/// counted as 8.33-8.34 say (a battery 1, a wagon 4). An empty hex is not a target; it
/// reads as the first column of the chart.
#[must_use]
pub fn density_shift(points: u32) -> i32 {
    match points {
        0..=2 => -1,
        3..=6 => 0,
        7..=9 => 1,
        _ => 2,
    }
}

/// 11.34: the artillery ammunition a wagon loses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ArtilleryLoss {
    /// This many rounds.
    Rounds(u8),
    /// "E": all of it.
    All,
}

/// The loss in words, for the log ("5 rounds", "all its rounds"; the third audit found the
/// debug form "Rounds(5)" there).
impl std::fmt::Display for ArtilleryLoss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArtilleryLoss::Rounds(1) => write!(f, "1 round"),
            ArtilleryLoss::Rounds(n) => write!(f, "{n} rounds"),
            ArtilleryLoss::All => write!(f, "all the rounds"),
        }
    }
}

/// 11.34: what artillery fire does to a supply wagon's ammunition.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum AmmoLoss {
    /// Small-arms points and artillery rounds lost ("#/#", "#/E").
    Lose {
        /// Boxes of small-arms ammunition marked off.
        small_arms: u8,
        /// Artillery ammunition marked off.
        artillery: ArtilleryLoss,
    },
    /// "WE": the wagon is eliminated.
    WagonEliminated,
}

/// "#/#".
const fn lose(small_arms: u8, rounds: u8) -> AmmoLoss {
    AmmoLoss::Lose { small_arms, artillery: ArtilleryLoss::Rounds(rounds) }
}

/// "#/E".
const fn lose_all(small_arms: u8) -> AmmoLoss {
    AmmoLoss::Lose { small_arms, artillery: ArtilleryLoss::All }
}

/// 11.34 by die (1 to 6) and the fire's result column ("1" to "3").
const AMMO_LOSS: [[AmmoLoss; 3]; 6] = [
    [lose(0, 1), lose(1, 2), lose(2, 3)],
    [lose(1, 2), lose(2, 3), lose(3, 4)],
    [lose(2, 4), lose(3, 5), lose(4, 6)],
    [lose(2, 5), lose(3, 6), lose(4, 8)],
    [lose(2, 6), lose(3, 8), lose_all(4)],
    [lose(3, 8), lose_all(4), AmmoLoss::WagonEliminated],
];

/// 11.34: a wagon's loss for a fire result of `points` (1 to 3, the number of the 9.16
/// result) and a die (1 to 6).
///
/// # Panics
/// If either is out of range.
#[must_use]
pub fn ammo_loss(points: u8, die: u8) -> AmmoLoss {
    AMMO_LOSS[usize::from(die) - 1][usize::from(points) - 1]
}

/// 12.98: what a melee does to one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum MeleeEffect {
    /// "-": nothing.
    NoEffect,
    /// "K": one Strength Point becomes a casualty.
    Casualty,
    /// "C#R#" or "R#": Strength Points captured by the enemy, then a retreat of so many
    /// hexes and a morale check (captures before the retreat).
    Loss {
        /// "C#": Strength Points captured (0 for a plain "R#").
        captured: u8,
        /// "R#": hexes to retreat.
        retreat: u8,
    },
    /// "Eng": engaged (12.94).
    Engaged,
    /// "Rpls": repulsed (12.95).
    Repulsed,
}

impl std::fmt::Display for MeleeEffect {
    /// As 12.98 prints it: "-", "K", "C1R2", "R2", "Eng", "Rpls".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            MeleeEffect::NoEffect => f.write_str("-"),
            MeleeEffect::Casualty => f.write_str("K"),
            MeleeEffect::Loss { captured: 0, retreat } => write!(f, "R{retreat}"),
            MeleeEffect::Loss { captured, retreat: 0 } => write!(f, "C{captured}"),
            MeleeEffect::Loss { captured, retreat } => write!(f, "C{captured}R{retreat}"),
            MeleeEffect::Engaged => f.write_str("Eng"),
            MeleeEffect::Repulsed => f.write_str("Rpls"),
        }
    }
}

use MeleeEffect::{Casualty as K, Engaged as ENG, NoEffect as NONE, Repulsed as RPLS};

/// "C#R#".
const fn cr(captured: u8, retreat: u8) -> MeleeEffect {
    MeleeEffect::Loss { captured, retreat }
}

/// 12.98: the least and greatest differential with a column of its own; beyond them the
/// end columns are read.
///
/// Reading (plan R1): 12.0 speaks of differentials up to +7, but the table stops at +6
/// and its own note reads anything above +6 as +6.
pub const MELEE_DIFFERENTIALS: (i32, i32) = (-4, 6);

/// 12.98: (attacker, defender) by die (1 to 6) and differential, -4 to +6.
///
/// Die 6 at +2 reads "C1R2" for the attacker and "Rpls" for the defender: applied as
/// printed (plan R17 notes it breaks the table's pattern).
#[rustfmt::skip]
const MELEE: [[(MeleeEffect, MeleeEffect); 11]; 6] = [
    [(cr(0, 2), NONE), (RPLS, RPLS), (ENG, ENG), (K, cr(1, 2)), (NONE, cr(1, 2)), (NONE, cr(1, 2)), (NONE, cr(1, 3)), (NONE, cr(2, 3)), (NONE, cr(2, 3)), (NONE, cr(2, 3)), (NONE, cr(2, 3))],
    [(cr(1, 2), NONE), (cr(0, 2), NONE), (RPLS, RPLS), (ENG, ENG), (K, cr(1, 2)), (NONE, cr(0, 2)), (NONE, cr(1, 2)), (K, cr(1, 2)), (NONE, cr(2, 2)), (NONE, cr(2, 2)), (NONE, cr(2, 2))],
    [(cr(1, 2), NONE), (cr(1, 2), NONE), (cr(0, 2), NONE), (RPLS, RPLS), (ENG, ENG), (K, cr(1, 2)), (NONE, cr(1, 2)), (NONE, cr(1, 2)), (K, cr(1, 2)), (NONE, cr(2, 2)), (NONE, cr(2, 2))],
    [(cr(1, 2), NONE), (cr(1, 2), NONE), (cr(1, 2), NONE), (cr(0, 2), NONE), (RPLS, RPLS), (ENG, ENG), (K, cr(1, 2)), (NONE, cr(1, 2)), (NONE, cr(1, 2)), (K, cr(1, 2)), (NONE, cr(1, 2))],
    [(cr(2, 2), NONE), (cr(2, 2), NONE), (cr(1, 2), NONE), (cr(1, 2), NONE), (cr(0, 2), NONE), (RPLS, RPLS), (ENG, ENG), (K, cr(1, 2)), (NONE, cr(1, 2)), (NONE, cr(1, 2)), (K, cr(1, 2))],
    [(cr(3, 3), NONE), (cr(3, 2), NONE), (cr(2, 2), NONE), (cr(1, 2), NONE), (cr(1, 2), NONE), (cr(1, 2), NONE), (cr(1, 2), RPLS), (ENG, ENG), (K, cr(1, 2)), (NONE, cr(1, 2)), (NONE, cr(1, 2))],
];

/// 12.98: (attacker, defender) for a die (1 to 6) and a Melee Strength differential
/// (attacker less defender, after every adjustment), read at the nearer end column when
/// beyond the table.
///
/// # Panics
/// If the die is out of range.
#[must_use]
pub fn melee_result(differential: i32, die: u8) -> (MeleeEffect, MeleeEffect) {
    let (least, greatest) = MELEE_DIFFERENTIALS;
    let column = (differential.clamp(least, greatest) - least) as usize;
    MELEE[usize::from(die) - 1][column]
}

/// 13.15: the Morale Rating a green unit turns out to have, by the sum of two dice (2 to 12).
const ELEPHANT: [u8; 11] = [4, 3, 1, 4, 2, 3, 1, 3, 2, 5, 4];

/// 12.98 with the `melee-erratum` option (plan R17): the two cells that break the table's
/// diagonals read as the diagonals run: die 2 at +1 as "-/C1R2" (die 3 at +2, die 4 at +3),
/// die 6 at +2 as "Rpls/Rpls" (die 5 at +1, die 4 at 0).
#[must_use]
pub fn melee_result_erratum(differential: i32, die: u8) -> (MeleeEffect, MeleeEffect) {
    let (least, greatest) = MELEE_DIFFERENTIALS;
    match (die, differential.clamp(least, greatest)) {
        (2, 1) => (NONE, cr(1, 2)),
        (6, 2) => (RPLS, RPLS),
        _ => melee_result(differential, die),
    }
}

/// 13.15: a green unit's Morale Rating for two dice summing to `roll` (2 to 12).
///
/// # Panics
/// If the roll is out of range.
#[must_use]
pub fn seeing_the_elephant(roll: u8) -> u8 {
    ELEPHANT[usize::from(roll) - 2]
}

/// 17.76: what befell the leader, if anything.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum LeaderFate {
    /// Wounded.
    Wounded,
    /// Killed.
    Killed,
    /// Captured.
    Captured,
}

/// 17.76's columns: what the leader's hex suffered.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum LeaderRisk {
    /// A "K" melee result.
    MeleeCasualty,
    /// A casualty to small-arms fire.
    SmallArms,
    /// A casualty to artillery fire.
    Artillery,
    /// A "C" (capture) melee result.
    MeleeCapture,
    /// A "Rpls" melee result.
    MeleeRepulse,
}

/// 17.76: the two-dice sums (2 to 12) that wound, kill and capture, by column.
///
/// The small-arms column captures on 7, the likeliest roll: applied as printed (plan R18
/// flags it as suspect).
fn leader_rolls(risk: LeaderRisk) -> [(LeaderFate, &'static [u8]); 3] {
    use LeaderFate::{Captured, Killed, Wounded};
    match risk {
        LeaderRisk::MeleeCasualty => [(Wounded, &[6]), (Killed, &[2, 12]), (Captured, &[])],
        LeaderRisk::SmallArms => [(Wounded, &[5]), (Killed, &[2, 12]), (Captured, &[7])],
        LeaderRisk::Artillery => [(Wounded, &[3]), (Killed, &[2]), (Captured, &[])],
        LeaderRisk::MeleeCapture => [(Wounded, &[]), (Killed, &[]), (Captured, &[2, 3, 4])],
        LeaderRisk::MeleeRepulse => [(Wounded, &[2]), (Killed, &[12]), (Captured, &[])],
    }
}

/// 17.76: the leader's fate for two dice summing to `roll` (2 to 12), if any.
#[must_use]
pub fn leader_casualty(risk: LeaderRisk, roll: u8) -> Option<LeaderFate> {
    leader_rolls(risk).into_iter().find(|(_, on)| on.contains(&roll)).map(|(fate, _)| fate)
}

#[cfg(test)]
mod tests;
