//! 9.3-9.51 and 8.3: the arithmetic of one fire attack, before any procedure asks who fires:
//! each firer's share of its current strength multiplied for range (9.31), the hexside budget
//! it is drawn from (9.3, 9.32, 7.21), the split minimum (9.45-9.46), the total of every share
//! at one hex (9.41), the column shifts with their net cap (9.51) and the column read.
//!
//! Strengths are counted in half points (plan R29): a range multiplier of x1/2 makes halves.
//! The total is floored to whole points for the column (the chart's first columns, "0 or
//! less" and "3 or less", take what is left); 9.46's minimum is tested on the unrounded share.

use crate::authored::Times;
use crate::charts::{self, FireRow};

/// 9.3: Strength Points (before range) that may fire out of a hex through one frontal hexside
/// in a Fire Phase. The authored Stacking Restrictions Chart (8.18) may set another number
/// per terrain (7.21); this is the rulebook's.
pub const SP_PER_HEXSIDE: u8 = 4;

/// 9.46: the least final strength of one share of a split fire, in half points (one point).
pub const SPLIT_LEAST_HALVES: u32 = 2;

/// 9.51: the most columns the net of every shift may move a fire (R5: terrain, crest,
/// enfilade, density and mounted targets together).
pub const NET_SHIFT_MAX: i32 = 2;

/// 9.31: a share's final strength, in half points: the current strength it puts in (whole
/// Strength Points or guns, 9.45 splits current strength, not final) times its range
/// multiplier.
#[must_use]
pub fn final_halves(points: u8, times: Times) -> u32 {
    times.of(u32::from(points))
}

/// 9.45-9.46, one share at a time, as the Fire Phase adds them: a unit of current strength
/// `whole` that has fired `spent` of it already this phase may put `points` more at `times`
/// when they are within what is left and, unless they are its whole strength in one shot,
/// make a final strength of at least one point.
#[must_use]
pub fn share_allowed(whole: u8, spent: u8, points: u8, times: Times) -> bool {
    let single_whole = spent == 0 && points == whole;
    points > 0
        && points <= whole.saturating_sub(spent)
        && (single_whole || final_halves(points, times) >= SPLIT_LEAST_HALVES)
}

/// 9.45-9.46: whether a unit may fire these shares (each `(points, multiplier)`) in one
/// Fire Phase, added in turn by [`share_allowed`]: together no more than its current
/// strength; when split over more than one target, each share reaching a final strength of
/// one point; a single shot of its whole strength always allowed, however weak.
#[must_use]
pub fn split_allowed(current: u8, shares: &[(u8, Times)]) -> bool {
    !shares.is_empty()
        && shares
            .iter()
            .try_fold(0u8, |spent, &(p, t)| share_allowed(current, spent, p, t).then(|| spent + p))
            .is_some()
}

/// 9.3, 9.32, 7.21: the small-arms Strength Points still free to fire through one hexside of
/// a hex this Fire Phase, `limit` (9.3's four unless the chart says otherwise) less what has
/// fired through it already. Artillery draws on no budget (9.32).
#[must_use]
pub fn hexside_room(limit: u8, used: u8) -> u8 {
    limit.saturating_sub(used)
}

/// 9.41: the Total Fire Strength of every share fired at one hex by one type (small arms and
/// artillery never together), in whole points for the column: half points floored (R29).
#[must_use]
pub fn total_points(shares_halves: impl IntoIterator<Item = u32>) -> u32 {
    shares_halves.into_iter().sum::<u32>() / 2
}

/// 9.51 (R5): the net of the shifts (right positive), held to [`NET_SHIFT_MAX`] columns
/// either way.
#[must_use]
pub fn net_shift(shifts: impl IntoIterator<Item = i32>) -> i32 {
    shifts.into_iter().sum::<i32>().clamp(-NET_SHIFT_MAX, NET_SHIFT_MAX)
}

/// 9.16, 9.51: the column a fire reads: its total's column on `row`, moved by the net shift,
/// never past either end of the table.
#[must_use]
pub fn column(row: FireRow, total: u32, shifts: impl IntoIterator<Item = i32>) -> usize {
    charts::shift_column(charts::fire_column(row, total), net_shift(shifts))
}

#[cfg(test)]
mod tests {
    use super::*;

    const X10: Times = Times(20);
    const X1: Times = Times(2);
    const HALF: Times = Times(1);

    #[test]
    fn rule_9_45_the_battery_example_splits_four_and_two() {
        // Six HB guns: four at an adjacent target (x10: 40), two at ten hexes (x1/2: 1).
        assert_eq!(final_halves(4, X10), 80, "40 points");
        assert_eq!(final_halves(2, HALF), 2, "1 point");
        assert!(split_allowed(6, &[(4, X10), (2, HALF)]));
        assert!(!split_allowed(6, &[(4, X10), (3, HALF)]), "never more than the current strength");
        // The regiment of 3: 1 at each of three hexes, or 2 and 1.
        assert!(split_allowed(3, &[(1, X1), (1, X1), (1, X1)]));
        assert!(split_allowed(3, &[(2, X1), (1, X1)]));
    }

    #[test]
    fn rule_9_46_each_share_of_a_split_reaches_one_point_but_a_whole_shot_always_may_fire() {
        // Six guns at six targets sixteen hexes off (x1/2): half a point each, refused; at
        // three, two guns each make one point, allowed.
        assert!(!split_allowed(6, &[(1, HALF); 6]));
        assert!(split_allowed(6, &[(2, HALF); 3]));
        // One gun at x1/2 alone: half a point, but the whole strength at one target.
        assert!(split_allowed(1, &[(1, HALF)]));
        assert!(!split_allowed(2, &[(1, HALF), (1, X1)]), "the weak share of a split is refused");
    }

    #[test]
    fn rule_9_3_four_points_a_hexside_before_range_and_artillery_unlimited() {
        assert_eq!(hexside_room(SP_PER_HEXSIDE, 0), 4);
        assert_eq!(hexside_room(SP_PER_HEXSIDE, 3), 1);
        assert_eq!(hexside_room(SP_PER_HEXSIDE, 4), 0);
        assert_eq!(hexside_room(SP_PER_HEXSIDE, 9), 0);
        // 9.31: the four are multiplied afterwards: four at x2 make eight.
        assert_eq!(total_points([final_halves(4, Times(4))]), 8);
    }

    #[test]
    fn rule_9_41_shares_add_and_half_points_floor_for_the_column() {
        assert_eq!(total_points([3, 3]), 3, "1.5 + 1.5 = 3");
        assert_eq!(total_points([3]), 1, "1.5 reads as 1");
        assert_eq!(total_points([]), 0);
    }

    #[test]
    fn rule_9_51_the_net_shift_is_capped_at_two_either_way() {
        assert_eq!(net_shift([-1, -1, -1, 1]), -2, "three left and one right: two left");
        assert_eq!(net_shift([-1, -1, -1]), -2, "never three left");
        assert_eq!(net_shift([1, 1, 2]), 2);
        assert_eq!(net_shift([1, -1]), 0);
        // The column never leaves the table: 51+ on the small-arms row stays at the last.
        let last = charts::FIRE_COLUMNS - 1;
        assert_eq!(column(FireRow::SmallArmsAndCounterBattery, 60, [2]), last);
        assert_eq!(column(FireRow::SmallArmsAndCounterBattery, 0, [-2]), 0);
        assert_eq!(column(FireRow::SmallArmsAndCounterBattery, 11, [-1, -1, -1]), 2, "11 is column 4; two left");
    }
}
