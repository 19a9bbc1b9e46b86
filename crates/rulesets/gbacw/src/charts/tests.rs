//! The charts against the printed tables: boundaries and cells, and the shape each table
//! has (monotone results, diagonals), so that a slip in transcription fails a test.

use super::*;

/// How many of the 36 two-dice rolls give `want`.
fn in_36ths<T: PartialEq>(want: T, of: impl Fn(u8) -> T) -> u32 {
    let mut n = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            n += u32::from(of(a + b) == want);
        }
    }
    n
}

/// 9.16's results from least to most harmful to the target.
fn harm(r: FireResult) -> u8 {
    match r {
        FireResult::NoEffect => 0,
        FireResult::Pin => 1,
        FireResult::Rout => 2,
        FireResult::PinOrRout => 3,
        FireResult::Loss { points, then_pin } => 2 + 2 * points + u8::from(then_pin),
    }
}

#[test]
fn rule_9_16_columns_by_row() {
    use FireRow::{Grapeshot as G, SmallArmsAndCounterBattery as S};
    let cases = [
        (G, 0, 0),
        (G, 3, 0),
        (G, 4, 1),
        (G, 8, 1),
        (G, 9, 2),
        (G, 11, 2),
        (G, 12, 3),
        (G, 21, 4),
        (G, 22, 5),
        (G, 35, 6),
        (G, 36, 7),
        (G, 52, 8),
        (G, 53, 9),
        (G, 62, 9),
        (G, 63, 10),
        (G, 400, 10),
        (S, 0, 0),
        (S, 1, 1),
        (S, 3, 1),
        (S, 4, 2),
        (S, 6, 2),
        (S, 7, 3),
        (S, 10, 3),
        (S, 11, 4),
        (S, 14, 4),
        (S, 15, 5),
        (S, 20, 5),
        (S, 21, 6),
        (S, 27, 6),
        (S, 28, 7),
        (S, 34, 7),
        (S, 35, 8),
        (S, 42, 8),
        (S, 43, 9),
        (S, 50, 9),
        (S, 51, 10),
        (S, 90, 10),
    ];
    for (row, strength, column) in cases {
        assert_eq!(fire_column(row, strength), column, "{row:?} {strength}");
    }
}

#[test]
fn rule_9_51_shifts_stay_on_the_table() {
    assert_eq!(shift_column(0, -2), 0, "never left of the first column");
    assert_eq!(shift_column(9, 2), 10, "nor right of the last");
    assert_eq!(shift_column(5, -2), 3);
    assert_eq!(shift_column(5, 1), 6);
}

#[test]
fn rule_9_16_cells_as_printed() {
    let loss = |points, then_pin| FireResult::Loss { points, then_pin };
    assert_eq!(fire_result(0, 1), FireResult::NoEffect);
    assert_eq!(fire_result(0, 6), FireResult::PinOrRout, "the only result in the first column");
    assert_eq!(fire_result(4, 1), FireResult::Pin);
    assert_eq!(fire_result(5, 1), FireResult::Rout);
    assert_eq!(fire_result(6, 1), FireResult::PinOrRout);
    assert_eq!(fire_result(7, 1), loss(1, false));
    assert_eq!(fire_result(10, 1), loss(1, true));
    assert_eq!(fire_result(1, 5), FireResult::PinOrRout);
    assert_eq!(fire_result(2, 5), FireResult::PinOrRout);
    assert_eq!(fire_result(10, 5), loss(3, true));
    assert_eq!(fire_result(1, 6), loss(1, false));
    assert_eq!(fire_result(3, 6), loss(1, true));
    assert_eq!(fire_result(9, 6), loss(3, true));
    // Every loss of two or more points carries the pin roll.
    for die in 1..=6 {
        for column in 0..FIRE_COLUMNS {
            if let FireResult::Loss { points, then_pin } = fire_result(column, die) {
                assert!(points == 1 || then_pin, "column {column} die {die}");
            }
        }
    }
}

/// A higher die or a column further right never does the target less harm.
#[test]
fn rule_9_16_harm_grows_with_the_die_and_the_column() {
    for die in 1..=6 {
        for column in 0..FIRE_COLUMNS {
            let here = harm(fire_result(column, die));
            if column + 1 < FIRE_COLUMNS {
                assert!(harm(fire_result(column + 1, die)) >= here, "column {column} die {die}");
            }
            if die < 6 {
                assert!(harm(fire_result(column, die + 1)) >= here, "column {column} die {die}");
            }
        }
    }
    // Dice 1 to 4 are each the one before, one column to the left.
    for die in 2..=4 {
        for column in 0..FIRE_COLUMNS - 1 {
            assert_eq!(fire_result(column, die), fire_result(column + 1, die - 1), "column {column} die {die}");
        }
    }
}

#[test]
fn rule_11_21_a_one_on_the_fire_die_risks_the_ammunition() {
    assert!(fire_ammo_check(1));
    assert!((2..=6).all(|d| !fire_ammo_check(d)));
    assert_eq!((1..=6).filter(|&d| ammo_depleted(d)).collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn rule_8_35_density() {
    let shifts: Vec<i32> = (1..=12).map(density_shift).collect();
    assert_eq!(shifts, [-1, -1, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
}

#[test]
fn rule_11_34_wagon_losses() {
    let rounds = |n| ArtilleryLoss::Rounds(n);
    assert_eq!(ammo_loss(1, 1), AmmoLoss::Lose { small_arms: 0, artillery: rounds(1) });
    assert_eq!(ammo_loss(3, 4), AmmoLoss::Lose { small_arms: 4, artillery: rounds(8) });
    assert_eq!(ammo_loss(3, 5), AmmoLoss::Lose { small_arms: 4, artillery: ArtilleryLoss::All });
    assert_eq!(ammo_loss(2, 6), AmmoLoss::Lose { small_arms: 4, artillery: ArtilleryLoss::All });
    assert_eq!(ammo_loss(3, 6), AmmoLoss::WagonEliminated);
    // A higher die or a heavier result never loses less.
    let weight = |l: AmmoLoss| match l {
        AmmoLoss::Lose { small_arms, artillery: ArtilleryLoss::Rounds(r) } => (small_arms, r),
        AmmoLoss::Lose { small_arms, artillery: ArtilleryLoss::All } => (small_arms, u8::MAX - 1),
        AmmoLoss::WagonEliminated => (u8::MAX, u8::MAX),
    };
    for points in 1..=3 {
        for die in 1..=6 {
            let (s, a) = weight(ammo_loss(points, die));
            if die < 6 {
                let (s2, a2) = weight(ammo_loss(points, die + 1));
                assert!(s2 >= s && a2 >= a, "result {points} die {die}");
            }
            if points < 3 {
                let (s2, a2) = weight(ammo_loss(points + 1, die));
                assert!(s2 >= s && a2 >= a, "result {points} die {die}");
            }
        }
    }
}

#[test]
fn rule_12_98_differentials_beyond_the_table_read_its_ends() {
    for die in 1..=6 {
        assert_eq!(melee_result(-9, die), melee_result(-4, die));
        assert_eq!(melee_result(7, die), melee_result(6, die), "plan R1: +7 reads +6");
        assert_eq!(melee_result(20, die), melee_result(6, die));
    }
}

#[test]
fn rule_12_98_cells_as_printed() {
    use MeleeEffect::{Casualty, NoEffect, Repulsed};
    let cr = |captured, retreat| MeleeEffect::Loss { captured, retreat };
    assert_eq!(melee_result(-4, 1), (cr(0, 2), NoEffect));
    assert_eq!(melee_result(-3, 1), (Repulsed, Repulsed));
    assert_eq!(melee_result(-1, 1), (Casualty, cr(1, 2)));
    assert_eq!(melee_result(2, 1), (NoEffect, cr(1, 3)));
    assert_eq!(melee_result(3, 1), (NoEffect, cr(2, 3)));
    assert_eq!(melee_result(1, 2), (NoEffect, cr(0, 2)));
    assert_eq!(melee_result(3, 2), (Casualty, cr(1, 2)));
    assert_eq!(melee_result(-4, 5), (cr(2, 2), NoEffect));
    assert_eq!(melee_result(-4, 6), (cr(3, 3), NoEffect));
    assert_eq!(melee_result(-3, 6), (cr(3, 2), NoEffect));
    assert_eq!(melee_result(2, 6), (cr(1, 2), Repulsed), "as printed (plan R17)");
    assert_eq!(melee_result(6, 6), (NoEffect, cr(1, 2)));
}

/// The table's diagonals: each die's Engaged result sits three columns right of the
/// die's own number (-2 for a 1, +3 for a 6), the attacker's first "K" one further.
#[test]
fn rule_12_98_engaged_and_casualty_diagonals() {
    for die in 1..=6u8 {
        let eng = i32::from(die) - 3;
        for d in -4..=6 {
            let (a, b) = melee_result(d, die);
            let engaged = a == MeleeEffect::Engaged || b == MeleeEffect::Engaged;
            assert_eq!(engaged, d == eng, "die {die} differential {d}");
            assert_eq!(engaged, a == b && a == MeleeEffect::Engaged, "both sides engage");
        }
        if eng < 6 {
            assert_eq!(melee_result(eng + 1, die).0, MeleeEffect::Casualty, "die {die}");
        }
    }
}

#[test]
fn rule_13_15_green_morale_distribution() {
    let counts: Vec<u32> = (1..=5).map(|m| in_36ths(m, seeing_the_elephant)).collect();
    assert_eq!(counts, [8, 8, 12, 6, 2]);
    assert_eq!(seeing_the_elephant(7), 3);
    assert_eq!(seeing_the_elephant(11), 5);
}

#[test]
fn rule_17_76_leader_casualty_chances() {
    use LeaderFate::{Captured, Killed, Wounded};
    use LeaderRisk::*;
    let chances =
        |risk| [Wounded, Killed, Captured].map(|fate| in_36ths(Some(fate), |roll| leader_casualty(risk, roll)));
    assert_eq!(chances(MeleeCasualty), [5, 2, 0]);
    assert_eq!(chances(SmallArms), [4, 2, 6], "captured on 7, as printed (plan R18)");
    assert_eq!(chances(Artillery), [2, 1, 0]);
    assert_eq!(chances(MeleeCapture), [0, 0, 6]);
    assert_eq!(chances(MeleeRepulse), [1, 1, 0]);
    // No roll has two fates.
    for risk in [MeleeCasualty, SmallArms, Artillery, MeleeCapture, MeleeRepulse] {
        for roll in 2..=12 {
            let fates = leader_rolls(risk).iter().filter(|(_, on)| on.contains(&roll)).count();
            assert!(fates <= 1, "{risk:?} {roll}");
        }
    }
}

#[test]
fn rule_12_98_results_read_as_printed() {
    let words: Vec<String> = (1..=6)
        .map(|die| {
            let (a, d) = melee_result(2, die);
            format!("{a}/{d}")
        })
        .collect();
    assert_eq!(words, ["-/C1R3", "-/C1R2", "-/C1R2", "K/C1R2", "Eng/Eng", "C1R2/Rpls"]);
    assert_eq!(melee_result(-3, 2).0.to_string(), "R2");
}

/// 11.34's artillery loss in words for the log (the third audit: "Rounds(5)").
#[test]
fn an_artillery_ammunition_loss_reads_in_words() {
    assert_eq!(ArtilleryLoss::Rounds(5).to_string(), "5 rounds");
    assert_eq!(ArtilleryLoss::Rounds(1).to_string(), "1 round");
    assert_eq!(ArtilleryLoss::All.to_string(), "all the rounds");
}
