//! Position tests for FotM 15.7 defensive fire with 9.3 canister, 15.3 elevation and 5.1 arcs
//! (the re-audit of issue 14, items F13 and F14): canister is never modified for a one- or
//! two-level change, in defensive fire as in offensive fire, while infantry keeps 15.3's
//! close-combat modifier; the defending hex's one roll goes into one assaulting hex it can
//! fire into, at that hex's arc and terrain, and its steps fall on the assaulting Lead wherever
//! it stands. Rule text is cited by number only.
//!
//! The ground used: 1716 is a clear knoll at level 1; 1715, next to it, is at level 0.

mod common;

use common::*;
use engine::Side;
use fotm::facing::{Arc, arc};
use fotm::testkit::*;
use fotm::{Action, Fotm, Phase};

/// 11 AM: before Burnside's pause, not dusk.
const TURN: u8 = 5;
const LOW: &str = "1715";
const KNOLL: &str = "1716";

fn levels_checked(g: &Fotm) {
    assert_eq!(g.map().elevation(hex(LOW)), Some(0), "{LOW} is at level 0");
    assert_eq!(g.map().elevation(hex(KNOLL)), Some(1), "{KNOLL} is at level 1");
}

/// Scammon on `from` assaults `defender` on `to`, the two facing each other, after `tweak`
/// (game, defender); returns the game at its first roll.
fn scammon_assaults(defender: &str, from: &str, to: &str, tweak: fn(&mut Fotm, u8)) -> Fotm {
    let mut g = empty();
    levels_checked(&g);
    let s = put_facing(&mut g, "Scammon", from, to);
    let d = put_facing(&mut g, defender, to, from);
    tweak(&mut g, d);
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, to, &[s]);
    g
}

fn as_is(_: &mut Fotm, _: u8) {}

#[test]
fn defensive_canister_fire_uphill_loses_no_sp() {
    // 9.3: Lane (canister 3) below Scammon on the knoll fires its full 3 (before: 3 - 1).
    let g = scammon_assaults("Lane", KNOLL, LOW, as_is);
    assert_dice(&g, 3);
}

#[test]
fn a_battery_in_column_still_fires_its_quarter_of_canister_uphill() {
    // 15.2, 9.3: in column, canister 3 defends at 1 (a quarter rounded up) and the level
    // between takes nothing off (before: 1 - 1, no defensive fire, and the first roll was
    // Scammon's close combat, 6 - 1).
    let g = scammon_assaults("Lane", KNOLL, LOW, |g, l| g.bde_mut(l).column = true);
    assert_dice(&g, 1);
}

#[test]
fn defensive_canister_fire_downhill_gains_nothing() {
    // 9.3 with 15.3: canister's SP is not modified for a one- or two-level change, up or down;
    // 15.3's lower-target +1 is close combat's (artillery gains range there, and only with
    // ranged fire). Lane on the knoll fires 3 at Scammon below (before: 3 + 1).
    let g = scammon_assaults("Lane", LOW, KNOLL, as_is);
    assert_dice(&g, 3);
}

#[test]
fn defending_infantry_keeps_the_close_combat_elevation_modifier() {
    // 15.3 (Reading: the defensive fire of infantry and cavalry is adjusted as close combat):
    // Colquitt (5) fires 5 - 1 up at the knoll and 5 + 1 down from it.
    assert_dice(&scammon_assaults("Colquitt", KNOLL, LOW, as_is), 4);
    assert_dice(&scammon_assaults("Colquitt", LOW, KNOLL, as_is), 6);
}

#[test]
fn with_infantry_and_canister_the_level_comes_off_the_infantry_only() {
    // 15.3, 9.3: Colquitt in column (a quarter of 5: 2) and Lane (canister 3) below Scammon:
    // the hex's -1 is taken from the infantry's 2, never from the guns: 1 + 3.
    let mut g = empty();
    let s = put_facing(&mut g, "Scammon", KNOLL, LOW);
    let c = put_facing(&mut g, "Colquitt", LOW, KNOLL);
    put_facing(&mut g, "Lane", LOW, KNOLL);
    g.bde_mut(c).column = true;
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, LOW, &[s]);
    assert_dice(&g, 1 + 3);
}

#[test]
fn offensive_canister_is_not_modified_by_elevation_either() {
    // 9.3, 15.6: Benjamin (canister 1) alone at Garland, adjacent: 1 die up the knoll, 1 down
    // from it (a reduction would leave none, a bonus two).
    for (from, to) in [(LOW, KNOLL), (KNOLL, LOW)] {
        let mut g = empty();
        let b = put_facing(&mut g, "Benjamin", from, to);
        put_back(&mut g, "Garland", to, from);
        phase(&mut g, TURN, Side::Union, Phase::Combat);
        assault(&mut g, to, &[b]);
        assert_dice(&g, 1);
    }
}

// ---------------------------------------------------------------------------------------
// F14: the assaulting Lead in the defender's rear arc.

/// Colquitt on 1715 with its rear to the knoll; Crook on the knoll and Scammon on a level-0
/// hex in Colquitt's front, both facing 1715. Returns (game, Colquitt, Crook, Scammon) in the
/// Union Combat Phase.
fn rear_and_front(defender: &str) -> (Fotm, u8, u8, u8) {
    let mut g = empty();
    levels_checked(&g);
    let d = put_back(&mut g, defender, LOW, KNOLL);
    let f = g.bde(d).facing;
    let front = hex(LOW)
        .neighbours()
        .into_iter()
        .find(|&h| arc(hex(LOW), f, h) == Some(Arc::Front) && g.map().elevation(h) == Some(0))
        .expect("a level-0 hex in the front of 1715");
    assert_eq!(arc(hex(LOW), f, hex(KNOLL)), Some(Arc::Rear));
    let c = put_facing(&mut g, "Crook", KNOLL, LOW);
    let s = put_facing(&mut g, "Scammon", &front.label(), LOW);
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    (g, d, c, s)
}

#[test]
fn defensive_fire_at_a_lead_in_the_rear_goes_through_the_front_at_that_hexs_terrain() {
    // 5.1, 15.3, 15.7 (Reading): Colquitt cannot fire into its rear (Crook's knoll), so its one
    // roll goes into Scammon's level hex in its front: 5, whoever leads (before, with Crook
    // leading: 5 - 1 for Crook's higher hex). The steps fall on the Lead (15.7, 15.8).
    for crook_leads in [true, false] {
        let (mut g, _, c, s) = rear_and_front("Colquitt");
        assault(&mut g, LOW, &[c, s]);
        let lead = if crook_leads { c } else { s };
        act(&mut g, Action::Lead(lead));
        assert_dice(&g, 5);
        act(&mut g, dice(1));
        assert_eq!(g.bde(lead).losses, 1, "15.7: the Lead takes the step");
        assert_eq!(g.bde(if crook_leads { s } else { c }).losses, 0);
    }
}

#[test]
fn a_battery_fires_canister_through_its_front_not_its_rear_whoever_leads() {
    // 5.1, 9.3, 15.7: Lane with its rear to Crook and Scammon in its front: canister 3 into
    // Scammon's hex, with Crook or Scammon leading.
    for crook_leads in [true, false] {
        let (mut g, _, c, s) = rear_and_front("Lane");
        assault(&mut g, LOW, &[c, s]);
        act(&mut g, Action::Lead(if crook_leads { c } else { s }));
        assert_dice(&g, 3);
    }
}

#[test]
fn a_lead_alone_in_the_rear_draws_no_defensive_fire() {
    // 5.1: with only Crook, in Colquitt's rear, there is nothing to fire into: the first roll
    // is Crook's close combat, 6 + 1 down from the knoll.
    let (mut g, _, c, _) = rear_and_front("Colquitt");
    assault(&mut g, LOW, &[c]);
    assert_dice(&g, 7);
    // Scammon alone, in the front: Colquitt's 5.
    let (mut g, _, _, s) = rear_and_front("Colquitt");
    assault(&mut g, LOW, &[s]);
    assert_dice(&g, 5);
}
