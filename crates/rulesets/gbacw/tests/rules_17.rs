//! 17.0-17.2, 17.6 The Initial Command Phase: radii traced around enemy units and empty
//! enemy-ZOC hexes (17.11, 17.21, 10.4, 10.5, 13.53, R37), Command Points (17.12, 17.22),
//! attach and detach (17.61-17.67), status fixed for the Player-Turn (17.0). Each case
//! beside the neighbouring one where it must not apply.

use engine::{Game, Side};
use gbacw::command::{brigade_in_dir, division_of, effectiveness_radius, in_command};
use gbacw::facing::{dir, toward};
use gbacw::testkit::{empty, hex, initial_command, place, put_leader};
use gbacw::{Action, Formation, Gbacw, LeaderId, Loc, Phase, UnitId};

fn unit(g: &Gbacw, id: &str) -> UnitId {
    g.unit_by_id(id).unwrap()
}

fn leader(g: &Gbacw, id: &str) -> LeaderId {
    g.leader_by_id(id).unwrap()
}

fn brigade_index(g: &Gbacw, id: &str) -> usize {
    gbacw::command::brigade(g, leader(g, id)).unwrap()
}

/// Done until the Initial Command Phase is over.
fn finish_phase(g: &mut Gbacw) {
    while g.phase == Phase::InitialCommand {
        g.apply(&Action::Done).unwrap();
    }
}

/// Done once: the 17.6 announcements are over; Command Points next.
fn to_points(g: &mut Gbacw) {
    if g.prompt().rule == "GBACW 17.6" {
        g.apply(&Action::Done).unwrap();
    }
    assert_eq!(g.prompt().rule, "GBACW 17.22");
}

#[test]
fn rule_17_11_out_of_radius() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0515");
    put_leader(&mut g, "McClernand", "0520");
    place(&mut g, "27IL", "0523", Formation::Line, 0);
    place(&mut g, "30IL", "0524", Formation::Line, 0);
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, unit(&g, "27IL")), "three hexes: within McClernand's Effectiveness Radius of 3");
    assert!(!in_command(&g, unit(&g, "30IL")), "four hexes: out of command");
    assert!(g.prompt().text.contains("out of command (17.11): 30th Illinois"), "{}", g.prompt().text);
    let board = g.board();
    let status = |id: &str| board.counters.iter().find(|c| c.id == id).unwrap().status.clone();
    assert!(status("30IL").contains(&"out of command".to_string()));
    assert!(!status("27IL").contains(&"out of command".to_string()));
}

/// Dougherty (ER 2) at 0520 and the 22nd Illinois at 0522: the only two-hex path runs
/// through 0521. An enemy regiment beside 0521, facing it.
fn around_zoc(enemy_formation: Formation) -> Gbacw {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0515");
    put_leader(&mut g, "Dougherty", "0520");
    place(&mut g, "22IL", "0522", Formation::Line, 0);
    let mid = hex("0521");
    let at = mid.neighbour(dir(1));
    place(&mut g, "12TN", &at.label(), enemy_formation, toward(at, mid).unwrap());
    g
}

#[test]
fn rule_10_4_radius_traced_around_an_empty_enemy_zoc_hex() {
    let mut g = around_zoc(Formation::Line);
    initial_command(&mut g, Side::Union);
    assert!(!in_command(&g, unit(&g, "22IL")), "around the zone is three hexes, beyond ER 2");
    // Neighbouring cases: the zone negated by a friendly unit in the hex (10.5) ...
    let mut g = around_zoc(Formation::Line);
    place(&mut g, "7IA", "0521", Formation::Line, 0);
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, unit(&g, "22IL")), "a friendly unit in 0521 negates the zone for the radius");
    // ... and an enemy in Column, which has no zone (R36).
    let mut g = around_zoc(Formation::Column);
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, unit(&g, "22IL")));
}

#[test]
fn rule_17_22_a_command_point_reaches_around_the_zone() {
    let mut g = around_zoc(Formation::Line);
    put_leader(&mut g, "Grant", "0519");
    initial_command(&mut g, Side::Union);
    to_points(&mut g);
    let (grant, dougherty) = (leader(&g, "Grant"), leader(&g, "Dougherty"));
    g.apply(&Action::Augment { by: grant, brigade: dougherty }).unwrap();
    assert_eq!(effectiveness_radius(&g, brigade_index(&g, "Dougherty")), 3);
    assert!(in_command(&g, unit(&g, "22IL")), "ER 3 reaches around the zone");
}

#[test]
fn rule_13_53_an_enemy_unit_blocks_the_radius() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0515");
    put_leader(&mut g, "Dougherty", "0520");
    place(&mut g, "22IL", "0522", Formation::Line, 0);
    place(&mut g, "12TN", "0521", Formation::Column, 0);
    initial_command(&mut g, Side::Union);
    assert!(!in_command(&g, unit(&g, "22IL")), "not through an enemy unit, even one with no zone");
}

#[test]
fn rule_10_5_radius_not_across_the_wet_bayou() {
    // A replacement commander (17.81) has ER 1.
    let wet = |at: &str, u: &str| {
        let mut g = empty();
        put_leader(&mut g, "Grant", "1010");
        let l = put_leader(&mut g, "Dougherty", at);
        g.leaders[usize::from(l)].replaced = true;
        place(&mut g, "22IL", u, Formation::Line, 0);
        initial_command(&mut g, Side::Union);
        in_command(&g, unit(&g, "22IL"))
    };
    assert!(!wet("0617", "0618"), "adjacent across a wet bayou hexside: the radius goes round");
    assert!(wet("0417", "0418"), "adjacent across a dry stretch (stream): in command");
}

#[test]
fn rule_17_0_a_unit_stacked_with_any_leader_is_in_command() {
    let mut g = empty();
    put_leader(&mut g, "McClernand", "0520");
    put_leader(&mut g, "Grant", "1020");
    put_leader(&mut g, "Dougherty", "1220");
    place(&mut g, "27IL", "1020", Formation::Line, 0);
    place(&mut g, "30IL", "1220", Formation::Line, 0);
    place(&mut g, "31IL", "1420", Formation::Line, 0);
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, unit(&g, "27IL")), "17.23: stacked with the division commander");
    assert!(in_command(&g, unit(&g, "30IL")), "17.1: stacked with another brigade's commander");
    assert!(!in_command(&g, unit(&g, "31IL")), "alone and beyond ER: out");
}

#[test]
fn rule_17_14_a_brigade_commander_with_no_units_commands_his_stack() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0510");
    put_leader(&mut g, "Dougherty", "0520");
    put_leader(&mut g, "McClernand", "1020");
    place(&mut g, "22IL", "1020", Formation::Line, 0);
    place(&mut g, "7IA", "1220", Formation::Line, 0);
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, unit(&g, "22IL")), "McClernand's brigade is gone: he commands the 22nd");
    assert!(!in_command(&g, unit(&g, "7IA")), "but not a unit of Dougherty's beside him");
}

#[test]
fn rule_5_3_units_without_a_brigade_are_always_in_command() {
    let mut g = empty();
    place(&mut g, "UWagon", "0520", Formation::Wagon, 0);
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, unit(&g, "UWagon")), "a supply wagon (11.13) has no leader to be out of reach of");
}

#[test]
fn rule_17_21_out_of_dir_one_hex() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0520");
    put_leader(&mut g, "McClernand", "0525");
    put_leader(&mut g, "Dougherty", "0526");
    place(&mut g, "22IL", "0527", Formation::Line, 0);
    initial_command(&mut g, Side::Union);
    assert!(brigade_in_dir(&g, leader(&g, "McClernand")), "five hexes: within Grant's DIR of 5");
    assert!(!brigade_in_dir(&g, leader(&g, "Dougherty")), "six: out of DIR");
    assert!(in_command(&g, unit(&g, "22IL")), "5.2: his units are still in command within his ER");
    assert!(g.prompt().text.contains("out of Divisional Integrity Radius (17.21): Col. Henry Dougherty"));
    let board = g.board();
    let d = board.counters.iter().find(|c| c.id == "Dougherty").unwrap();
    assert!(d.status.contains(&"out of DIR".to_string()), "{:?}", d.status);
    assert!(brigade_in_dir(&g, leader(&g, "Grant")), "a division commander is never out of DIR");
}

#[test]
fn rule_17_66_an_independent_brigade_needs_no_division_commander() {
    let mut g = empty();
    put_leader(&mut g, "Pillow", "1520");
    put_leader(&mut g, "Walker", "0505");
    put_leader(&mut g, "Russell", "0506");
    initial_command(&mut g, Side::Confederate);
    assert!(brigade_in_dir(&g, leader(&g, "Walker")), "independent: free");
    assert!(!brigade_in_dir(&g, leader(&g, "Russell")), "Pillow's own brigade that far off is out of DIR");
}

#[test]
fn rule_17_22_points_split() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0520");
    put_leader(&mut g, "McClernand", "0522");
    put_leader(&mut g, "Dougherty", "0518");
    initial_command(&mut g, Side::Union);
    let (grant, mc, dou) = (leader(&g, "Grant"), leader(&g, "McClernand"), leader(&g, "Dougherty"));
    let aug = |b| Action::Augment { by: grant, brigade: b };
    assert_eq!(g.why_illegal(&aug(mc)).rule, "GBACW 17.0", "points come after the announcements");
    to_points(&mut g);
    assert!(g.legal_actions().contains(&aug(mc)) && g.legal_actions().contains(&aug(dou)));
    g.apply(&aug(mc)).unwrap();
    g.apply(&aug(dou)).unwrap();
    assert_eq!(effectiveness_radius(&g, brigade_index(&g, "McClernand")), 4);
    assert_eq!(effectiveness_radius(&g, brigade_index(&g, "Dougherty")), 3);
    assert_eq!(g.legal_actions(), vec![Action::Done], "Grant's two points are spent");
    let why = g.why_illegal(&aug(mc));
    assert_eq!(why.rule, "GBACW 17.22");
    assert!(why.reason.contains("no Command Points"), "{}", why.reason);
    g.apply(&Action::Done).unwrap();
    assert_eq!(g.phase, Phase::Movement);
    assert_eq!(effectiveness_radius(&g, brigade_index(&g, "McClernand")), 4, "for the whole Player-Turn");
}

#[test]
fn rule_17_12_points_only_within_dir_and_on_subordinates() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0520");
    put_leader(&mut g, "McClernand", "0522");
    put_leader(&mut g, "Dougherty", "0527");
    initial_command(&mut g, Side::Union);
    to_points(&mut g);
    let (grant, mc, dou) = (leader(&g, "Grant"), leader(&g, "McClernand"), leader(&g, "Dougherty"));
    assert!(g.legal_actions().contains(&Action::Augment { by: grant, brigade: mc }));
    let out = Action::Augment { by: grant, brigade: dou };
    assert!(!g.legal_actions().contains(&out));
    assert_eq!(g.why_illegal(&out).rule, "GBACW 17.12", "beyond Grant's DIR");
    // Confederate: Cheatham may not spend on Pillow's brigade commander.
    let mut g = empty();
    put_leader(&mut g, "Pillow", "1520");
    put_leader(&mut g, "Cheatham", "1522");
    put_leader(&mut g, "Russell", "1521");
    initial_command(&mut g, Side::Confederate);
    to_points(&mut g);
    let wrong = Action::Augment { by: leader(&g, "Cheatham"), brigade: leader(&g, "Russell") };
    let why = g.why_illegal(&wrong);
    assert_eq!(why.rule, "GBACW 17.22");
    assert!(why.reason.contains("not subordinate"), "{}", why.reason);
    assert!(g.legal_actions().contains(&Action::Augment { by: leader(&g, "Pillow"), brigade: leader(&g, "Russell") }));
}

/// Pillow's division (Russell, Tappan) and Cheatham's (Smith), Walker's independent brigade,
/// all within both division commanders' DIR.
fn confederates() -> Gbacw {
    let mut g = empty();
    for (id, at) in [
        ("Pillow", "1520"),
        ("Cheatham", "1524"),
        ("Russell", "1522"),
        ("Tappan", "1521"),
        ("Smith", "1525"),
        ("Walker", "1523"),
    ] {
        put_leader(&mut g, id, at);
    }
    initial_command(&mut g, Side::Confederate);
    g
}

#[test]
fn rule_17_63_one_detached_one_attached() {
    let mut g = confederates();
    let [pillow, cheatham, russell, tappan, walker] =
        ["Pillow", "Cheatham", "Russell", "Tappan", "Walker"].map(|id| leader(&g, id));
    assert_eq!(g.prompt().rule, "GBACW 17.6");
    let legal = g.legal_actions();
    for a in [Action::Detach(russell), Action::Detach(tappan), Action::Attach { brigade: walker, to: pillow }] {
        assert!(legal.contains(&a), "{a:?}");
    }
    assert!(!legal.contains(&Action::Attach { brigade: russell, to: cheatham }), "17.62: detach first");
    g.apply(&Action::Detach(russell)).unwrap();
    assert_eq!(division_of(&g, brigade_index(&g, "Russell")), None);
    let why = g.why_illegal(&Action::Detach(tappan));
    assert_eq!(why.rule, "GBACW 17.63", "one original brigade detached at a time: {}", why.reason);
    g.apply(&Action::Attach { brigade: russell, to: cheatham }).unwrap();
    assert_eq!(division_of(&g, brigade_index(&g, "Russell")), Some(cheatham));
    let why = g.why_illegal(&Action::Attach { brigade: walker, to: cheatham });
    assert_eq!(why.rule, "GBACW 17.63", "one non-original brigade attached: {}", why.reason);
    assert!(g.legal_actions().contains(&Action::Attach { brigade: walker, to: pillow }));
    // Command Points follow the attachment: Cheatham's now, not Pillow's.
    to_points(&mut g);
    assert!(g.legal_actions().contains(&Action::Augment { by: cheatham, brigade: russell }));
    assert!(!g.legal_actions().contains(&Action::Augment { by: pillow, brigade: russell }));
    let board = g.board();
    let r = board.counters.iter().find(|c| c.id == "Russell").unwrap();
    assert!(r.status.contains(&"attached".to_string()), "{:?}", r.status);
}

#[test]
fn rule_17_61_each_brigade_detached_and_attached_at_most_once_a_phase() {
    let mut g = confederates();
    let (pillow, russell) = (leader(&g, "Pillow"), leader(&g, "Russell"));
    g.apply(&Action::Detach(russell)).unwrap();
    g.apply(&Action::Attach { brigade: russell, to: pillow }).unwrap();
    assert_eq!(division_of(&g, brigade_index(&g, "Russell")), Some(pillow), "back under Pillow (17.67)");
    assert_eq!(g.why_illegal(&Action::Detach(russell)).rule, "GBACW 17.61", "not again this phase");
    // The phase is finite: a random player ends it.
    let mut steps = 0;
    while g.phase == Phase::InitialCommand {
        let a = g.legal_actions()[0];
        g.apply(&a).unwrap();
        steps += 1;
        assert!(steps < 50);
    }
}

#[test]
fn rule_17_62_detach_needs_the_brigade_commander_within_dir() {
    let mut g = empty();
    put_leader(&mut g, "Pillow", "1520");
    put_leader(&mut g, "Russell", "1527");
    put_leader(&mut g, "Tappan", "1522");
    initial_command(&mut g, Side::Confederate);
    let (russell, tappan) = (leader(&g, "Russell"), leader(&g, "Tappan"));
    assert!(g.legal_actions().contains(&Action::Detach(tappan)));
    assert!(!g.legal_actions().contains(&Action::Detach(russell)));
    assert_eq!(g.why_illegal(&Action::Detach(russell)).rule, "GBACW 17.62");
    assert!(!brigade_in_dir(&g, russell), "17.63: out of DIR is out of command, not detached");
}

#[test]
fn rule_17_64_attachment_lasts_and_binds_to_the_new_division() {
    let mut g = confederates();
    let (cheatham, russell, walker, pillow) =
        (leader(&g, "Cheatham"), leader(&g, "Russell"), leader(&g, "Walker"), leader(&g, "Pillow"));
    g.apply(&Action::Detach(russell)).unwrap();
    g.apply(&Action::Attach { brigade: russell, to: cheatham }).unwrap();
    g.apply(&Action::Attach { brigade: walker, to: pillow }).unwrap();
    finish_phase(&mut g);
    // Next turn both brigade commanders are far from their divisions.
    for id in ["Russell", "Walker"] {
        let l = leader(&g, id);
        g.leaders[usize::from(l)].loc = Loc::Map(hex(if id == "Russell" { "0505" } else { "0510" }));
    }
    initial_command(&mut g, Side::Confederate);
    assert_eq!(division_of(&g, brigade_index(&g, "Russell")), Some(cheatham), "the attachment lasts");
    assert!(!brigade_in_dir(&g, russell), "an attached brigade answers to its new division's DIR");
    assert!(brigade_in_dir(&g, walker), "17.66: an independent brigade attached is still free");
}

#[test]
fn rule_17_0_status_fixed_for_the_player_turn() {
    let mut g = empty();
    put_leader(&mut g, "Grant", "0515");
    let mc = put_leader(&mut g, "McClernand", "0520");
    place(&mut g, "30IL", "0525", Formation::Line, 0);
    initial_command(&mut g, Side::Union);
    finish_phase(&mut g);
    assert_eq!(g.phase, Phase::Movement);
    let u = unit(&g, "30IL");
    assert!(!in_command(&g, u));
    g.leaders[usize::from(mc)].loc = Loc::Map(hex("0524"));
    g.apply(&Action::Done).unwrap();
    assert!(!in_command(&g, u), "fixed in the Initial Command Phase, whatever moves after");
    initial_command(&mut g, Side::Union);
    assert!(in_command(&g, u), "worked out afresh the next one");
}

/// 17.3 with the exclusive rules: Polk, an other commander, spends his Command Point on any
/// Confederate brigade commander within his DIR of 6, whatever the division (Cheatham may not
/// spend on Pillow's Russell); beyond six hexes he may not, and a division commander still
/// spends only on his own.
#[test]
fn rule_17_3_polk_spends_his_point_on_any_brigade_within_his_radius() {
    let mut g = empty();
    put_leader(&mut g, "Polk", "1520");
    put_leader(&mut g, "Cheatham", "1522");
    put_leader(&mut g, "Russell", "1521");
    put_leader(&mut g, "Smith", "1527");
    initial_command(&mut g, Side::Confederate);
    to_points(&mut g);
    let (polk, russell, smith) = (leader(&g, "Polk"), leader(&g, "Russell"), leader(&g, "Smith"));
    assert!(g.prompt().text.contains("Maj. Gen. Leonidas Polk 1"), "{}", g.prompt().text);
    let on_russell = Action::Augment { by: polk, brigade: russell };
    assert!(g.legal_actions().contains(&on_russell), "Pillow's brigade, Polk's point");
    let far = Action::Augment { by: polk, brigade: smith };
    assert!(!g.legal_actions().contains(&far));
    assert_eq!(g.why_illegal(&far).rule, "GBACW 17.12", "seven hexes: beyond his radius");
    g.apply(&on_russell).unwrap();
    assert_eq!(effectiveness_radius(&g, brigade_index(&g, "Russell")), 4);
    assert_eq!(g.why_illegal(&on_russell).rule, "GBACW 17.22", "one point only");
    // The neighbour: a division commander keeps to his own division.
    let wrong = Action::Augment { by: leader(&g, "Cheatham"), brigade: russell };
    assert!(g.why_illegal(&wrong).reason.contains("not subordinate"));
}

/// R37's radius tracing, traced once from each hex and kept ([`gbacw::zoc::Paths`]), gives
/// every end the length a search for that end alone gives (ends never block; blocked and
/// impassable hexes are never passed through), in positions of random play with the armies in
/// contact.
#[test]
fn rule_17_11_a_radius_traced_once_agrees_with_a_search_for_each_end() {
    use engine::{Dice, conformance};
    use gbacw::zoc::Paths;
    let mut g = gbacw::testkit::new_game();
    g.set_logging(false);
    let mut dice = Dice::seeded(5);
    for round in 0..6 {
        let _ = conformance::play_random(&mut g, &mut dice, 150);
        for side in [Side::Union, Side::Confederate] {
            let paths = Paths::new(&g, side);
            let froms: Vec<_> = g.leader_ids().filter_map(|l| g.leader_hex(l)).collect();
            for &from in &froms {
                for max in [2u8, 5] {
                    for (to, _) in g.map().hexes().filter(|(h, _)| h.distance(from) <= u16::from(max) + 1) {
                        let alone = {
                            let step = |a: hexmap::Hex, b: hexmap::Hex| {
                                let open = g.map().contains(b)
                                    && !gbacw::zoc::impassable_side(&g, a, b)
                                    && (b == to || !gbacw::zoc::impassable_hex(&g, b));
                                open.then_some(1u32)
                            };
                            let r = hexmap::reach(from, u32::from(max), step, |h| h != to && !paths.blocks(&g, h));
                            r.cost.get(&to).map(|(c, _)| u8::try_from(*c).unwrap())
                        };
                        assert_eq!(paths.distance(&g, from, to, max), alone, "round {round} {from}->{to} within {max}");
                    }
                }
            }
        }
    }
}
