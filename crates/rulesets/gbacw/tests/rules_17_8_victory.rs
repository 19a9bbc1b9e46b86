//! J. the Final Command Phase (17.8, 11.18, the Belmont exclusive rules) and the victory
//! conditions (4.0, 18.0, the authored VP schedule of `data/belmont-exclusive.ron`): each
//! rule's effect beside the neighbouring case where it does not apply.

use engine::{Game, Side};
use gbacw::terrain::Terrain;
use gbacw::testkit::{self as tk, ok, refused};
use gbacw::{Action, Fate, Frame, Gbacw, LeaderId, Loc, Phase, Piece};
use hexmap::Hex;

fn leader(g: &Gbacw, id: &str) -> LeaderId {
    g.leader_by_id(id).unwrap()
}

/// Hexes of the timber with room round them (as the other phase tests find them).
fn timber(g: &Gbacw, n: usize) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = g.map().hexes().map(|(h, _)| h).filter(|&h| tk::is(g, h, Terrain::Woods)).collect();
    hexes.sort();
    hexes.into_iter().step_by(7).take(n).collect()
}

fn final_command(g: &mut Gbacw, turn: u8, side: Side) {
    tk::phase(g, turn, side, Phase::FinalCommand);
}

fn vp(g: &Gbacw) -> [f64; 2] {
    g.vp()
}

/// The game over on the position as it stands.
fn over(g: &mut Gbacw) {
    g.stack = vec![Frame::Over];
    g.over = true;
    g.legal_memo.forget();
}

#[test]
fn rule_17_81_a_lost_brigade_commander_is_replaced_on_a_unit_of_his_brigade() {
    let mut g = tk::empty();
    let [a, b, c]: [Hex; 3] = timber(&g, 3).try_into().unwrap();
    tk::put(&mut g, "27IL", &a.label(), 0);
    tk::put(&mut g, "30IL", &b.label(), 0);
    tk::put(&mut g, "12TN", &c.label(), 0);
    let l = leader(&g, "McClernand");
    assert!(!g.leader_name(l).contains("replacement"));
    g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Killed);
    assert_eq!(vp(&g), [0.0, 3.0], "a brigade commander killed: 3 VP");
    final_command(&mut g, 4, Side::Union);
    assert_eq!(g.prompt().rule, "GBACW 17.81");
    assert_eq!(refused(&g, Action::LeaderTo(c)), "GBACW 17.8", "no unit of his brigade there");
    ok(&mut g, Action::LeaderTo(b));
    assert_eq!(g.leader_hex(l), Some(b));
    assert!(g.leaders[usize::from(l)].replaced);
    assert!(g.leader_name(l).ends_with("'s replacement"), "the second audit: {}", g.leader_name(l));
    assert_eq!(vp(&g), [0.0, 3.0], "the loss still counts once he is replaced");
}

#[test]
fn rule_17_81_a_brigade_with_no_unit_on_the_map_has_nowhere_to_place_him() {
    let mut g = tk::empty();
    let l = leader(&g, "Dougherty");
    g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Wounded);
    final_command(&mut g, 4, Side::Union);
    assert_eq!(g.leaders[usize::from(l)].loc, Loc::Gone(Fate::Wounded));
    assert_ne!(g.phase, Phase::FinalCommand, "nothing to decide: the phase passed");
}

/// 17.82: a replacement lost is put back again, and each loss scores.
#[test]
fn rule_17_82_a_replacement_lost_is_replaced_again_and_scores_again() {
    let mut g = tk::empty();
    let [a]: [Hex; 1] = timber(&g, 1).try_into().unwrap();
    tk::put(&mut g, "22IL", &a.label(), 0);
    let l = leader(&g, "Dougherty");
    g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Killed);
    final_command(&mut g, 4, Side::Union);
    assert_eq!(g.leader_hex(l), Some(a), "one hex of his brigade: he goes there");
    g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Captured);
    final_command(&mut g, 5, Side::Union);
    assert_eq!(g.leader_hex(l), Some(a));
    assert_eq!(vp(&g), [0.0, 6.0], "killed 3, then his replacement captured 3");
}

#[test]
fn rule_11_18_a_wagon_whose_crew_was_killed_is_recrewed_once() {
    let mut g = tk::empty();
    let [a]: [Hex; 1] = timber(&g, 1).try_into().unwrap();
    let w = tk::put(&mut g, "UWagon", &a.label(), 0);
    let u = tk::put(&mut g, "27IL", &a.label(), 0);
    g.unit_mut(w).lost = 1;
    final_command(&mut g, 4, Side::Union);
    let sp = g.strength(u);
    ok(&mut g, Action::Recrew { wagon: w, from: u });
    assert_eq!((g.strength(w), g.strength(u)), (1, sp - 1));
    // A transfer, not a loss (the third audit): no VP, no mark on the BCE.
    assert_eq!(vp(&g), [0.0, 0.0]);
    g.unit_mut(w).lost = 1;
    assert_eq!(refused(&g, Action::Recrew { wagon: w, from: u }), "GBACW 11.18", "one point ever");
}

#[test]
fn rule_11_18_a_routed_crew_or_a_one_point_unit_gives_no_crew() {
    let mut g = tk::empty();
    let [a]: [Hex; 1] = timber(&g, 1).try_into().unwrap();
    let w = tk::put(&mut g, "UWagon", &a.label(), 0);
    let u = tk::put(&mut g, "27IL", &a.label(), 0);
    g.unit_mut(w).routed = true;
    g.unit_mut(u).lost = g.strength(u) - 1;
    g.phase = Phase::FinalCommand;
    g.stack = vec![Frame::Over, Frame::Final(gbacw::final_command::FinalFrame::Choices)];
    assert_eq!(refused(&g, Action::Recrew { wagon: w, from: u }), "GBACW 11.18");
    g.unit_mut(w).routed = false;
    g.unit_mut(w).lost = 1;
    assert_eq!(refused(&g, Action::Recrew { wagon: w, from: u }), "GBACW 11.18", "one point to spare is none");
}

/// The camp burns when an unrouted Union unit stands in it in the Union's Final Command
/// Phase; a routed one burns nothing, nor does the Confederate phase.
#[test]
fn exclusive_camp_burned_by_a_union_unit_in_its_final_command_phase() {
    let mut g = tk::empty();
    let camp = tk::find(&g, "a camp hex", |h| tk::is(&g, h, Terrain::Camp));
    let u = tk::put(&mut g, "27IL", &camp.label(), 0);
    g.unit_mut(u).routed = true;
    final_command(&mut g, 4, Side::Union);
    assert!(!g.camp_burned, "routed men burn nothing");
    g.unit_mut(u).routed = false;
    final_command(&mut g, 4, Side::Confederate);
    assert!(!g.camp_burned, "only in the Union's own phase");
    g.engaged = vec![camp];
    final_command(&mut g, 4, Side::Union);
    assert!(!g.camp_burned, "not from an engaged hex");
    g.engaged.clear();
    final_command(&mut g, 4, Side::Union);
    assert!(g.camp_burned);
    assert_eq!(vp(&g), [f64::from(gbacw::scenario::belmont().camp_burned), 0.0]);
}

/// From 2 p.m. a Union unit at Hunter's Farm landing may embark; one left on the map when the
/// game ends counts as captured, one that embarked scores nothing.
#[test]
fn exclusive_embarkation_and_the_troops_left_behind() {
    let mut g = tk::empty();
    let ex = gbacw::scenario::belmont();
    let land = ex.embark_hexes[0];
    let u = tk::put(&mut g, "7IA", &land.label(), 0);
    let early = ex.embark_from - 1;
    g.phase = Phase::FinalCommand;
    g.turn = early;
    g.stack = vec![Frame::Over, Frame::Final(gbacw::final_command::FinalFrame::Choices)];
    assert_eq!(refused(&g, Action::Embark(Piece::Unit(u))), "GBACW 4.0 J", "before 2 p.m.");
    let mut left = g.clone();
    over(&mut left);
    assert_eq!(left.vp(), [0.0, 4.0 * 2.0], "four SP left behind, captured at 2 VP each");
    final_command(&mut g, ex.embark_from, Side::Union);
    ok(&mut g, Action::Embark(Piece::Unit(u)));
    assert_eq!(g.unit(u).loc, Loc::Gone(Fate::Embarked));
    // Dougherty's replacement (17.81), placed with the 7th Iowa, goes aboard too: a commander
    // left behind is captured (the second audit).
    for l in g.leader_ids().collect::<Vec<_>>() {
        if g.leader_hex(l) == Some(land) {
            ok(&mut g, Action::Embark(Piece::Leader(l)));
        }
    }
    over(&mut g);
    assert_eq!(g.vp(), [0.0, 0.0], "aboard: no VP to either side");
}

/// 18.0: a brigade with every box marked has lost its BCE: VP to the enemy, and its units
/// check morale one worse. Dougherty's brigade has five boxes.
#[test]
fn rule_18_0_a_brigade_that_loses_its_bce() {
    let mut g = tk::empty();
    let [a, b]: [Hex; 2] = timber(&g, 2).try_into().unwrap();
    let x = tk::put(&mut g, "22IL", &a.label(), 0);
    let y = tk::put(&mut g, "7IA", &b.label(), 0);
    g.unit_mut(x).lost = 3;
    g.unit_mut(y).lost = 1;
    let before = gbacw::fire::morale::modifier(&g, x, false);
    assert!(!gbacw::victory::bce_lost(&g, 1), "four boxes of five");
    assert_eq!(vp(&g), [0.0, 4.0]);
    g.unit_mut(y).lost = 2;
    assert!(gbacw::victory::bce_lost(&g, 1));
    assert_eq!(vp(&g), [0.0, 5.0 + 3.0], "five SP and the brigade's 3 VP");
    assert_eq!(gbacw::fire::morale::modifier(&g, x, false), before + 1);
}

/// Between two frames the stack may hold only the game's end for a moment; the troops on the
/// map count as left behind only once the last Game-Turn is over (the flag), never then.
#[test]
fn the_troops_left_behind_count_only_when_the_game_is_over() {
    let mut g = tk::empty();
    let [a]: [Hex; 1] = timber(&g, 1).try_into().unwrap();
    tk::put(&mut g, "7IA", &a.label(), 0);
    g.stack = vec![Frame::Over];
    assert_eq!(vp(&g), [0.0, 0.0], "a moment between frames is no game's end");
    over(&mut g);
    assert_eq!(vp(&g), [0.0, 8.0]);
    // The gunboats steam away: never troops left behind (the audit, session 12).
    let t = g.unit_by_id("Tyler").unwrap();
    let river = tk::find(&g, "a river hex", |h| tk::is(&g, h, Terrain::River));
    g.unit_mut(t).loc = Loc::Map(river);
    assert_eq!(vp(&g), [0.0, 8.0]);
}

/// 4.0: more VP wins once the game is over; equal VP is a draw.
#[test]
fn rule_4_0_more_vp_wins_and_equal_vp_draws() {
    let mut g = tk::empty();
    over(&mut g);
    assert_eq!(g.outcome().map(|o| o.winner), Some(None), "0 to 0: a draw");
    g.camp_burned = true;
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(Side::Union)));
}

/// Two of McClernand's regiments in the timber, McClernand with the first: the board, that
/// hex, Grant and McClernand.
fn division_board() -> (Gbacw, Hex, LeaderId, LeaderId) {
    let mut g = tk::empty();
    let [a, b]: [Hex; 2] = timber(&g, 2).try_into().unwrap();
    tk::put(&mut g, "27IL", &a.label(), 0);
    tk::put(&mut g, "22IL", &b.label(), 0);
    let (grant, mcc) = (leader(&g, "Grant"), leader(&g, "McClernand"));
    tk::put_leader(&mut g, "McClernand", &a.label());
    (g, a, grant, mcc)
}

/// 17.83-17.85: Grant lost, McClernand (first in his promotion order, on the map) succeeds
/// him at the end of the Union's Final Command Phase: Grant's counter stands for him at his
/// hex with McClernand's DIR and no Command Points; McClernand's brigade passes to its
/// replacement; Grant's loss still scores.
#[test]
fn rule_17_83_a_lost_division_commander_is_succeeded_by_promotion() {
    let (mut g, a, grant, mcc) = division_board();
    g.leaders[usize::from(grant)].loc = Loc::Gone(Fate::Killed);
    final_command(&mut g, 4, Side::Union);
    assert_eq!(g.leader_hex(grant), Some(a), "the successor is where McClernand was");
    let dir = g.oob().brigade("McClernand").unwrap().ratings.dir;
    assert_eq!(g.leaders[usize::from(grant)].promoted, Some((0, dir)));
    assert!(g.leaders[usize::from(mcc)].replaced, "a replacement takes his brigade");
    assert!(g.leader_name(grant).contains("successor"), "{}", g.leader_name(grant));
    assert_eq!(vp(&g), [0.0, 6.0], "a division commander killed: 6 VP, once");
    // 17.85: no Command Points in the next Initial Command Phase.
    tk::initial_command(&mut g, Side::Union);
    assert_eq!(g.command.points[usize::from(grant)], 0);
    // The fourth audit: the view shows the successor's own DIR, not Grant's.
    let board = g.board();
    let counter = board.counters.iter().find(|c| c.name == g.leader_name(grant)).expect("the successor's counter");
    assert!(counter.status.contains(&format!("DIR {dir}")), "{:?}", counter.status);
    let grants = g.oob().commanders[usize::from(grant)].dir;
    assert_ne!(grants, dir, "the neighbouring case needs the two radii to differ");
}

/// The third audit: a commander who embarks (the exclusive rule) left the field safely; he is
/// neither succeeded (17.83) nor replaced (17.81), so no successor or replacement is left on
/// the map to be scored captured. The neighbour, Grant killed, is `rule_17_83_a_lost_...`.
#[test]
fn exclusive_a_commander_who_embarks_is_neither_succeeded_nor_replaced() {
    let (mut g, _, grant, mcc) = division_board();
    let dougherty = leader(&g, "Dougherty");
    g.leaders[usize::from(grant)].loc = Loc::Gone(Fate::Embarked);
    g.leaders[usize::from(dougherty)].loc = Loc::Gone(Fate::Embarked);
    final_command(&mut g, 4, Side::Union);
    assert_eq!(g.leaders[usize::from(grant)].loc, Loc::Gone(Fate::Embarked), "no successor");
    assert!(!g.leaders[usize::from(mcc)].replaced, "McClernand keeps his brigade");
    assert_eq!(g.leaders[usize::from(dougherty)].loc, Loc::Gone(Fate::Embarked), "no replacement");
    assert!(g.leader_losses.is_empty(), "nothing lost");
    assert_eq!(vp(&g), [0.0, 0.0], "aboard is no loss, and nobody spawned to be left behind");
}

/// The neighbouring case: with no brigade commander of his on the map, nobody is promoted.
#[test]
fn rule_17_83_no_successor_on_the_map_no_promotion() {
    let mut g = tk::empty();
    let grant = leader(&g, "Grant");
    g.leaders[usize::from(grant)].loc = Loc::Gone(Fate::Captured);
    final_command(&mut g, 4, Side::Union);
    assert_eq!(g.leaders[usize::from(grant)].loc, Loc::Gone(Fate::Captured));
    assert_eq!(vp(&g), [0.0, 6.0], "captured: 6 VP");
}

/// The embarkation rule with the second audit: a Union commander left on the map when the game
/// is over is captured (a brigade commander's 3 VP), so embarking him is worth something; one
/// aboard (the neighbour) gives nothing. The end's log says what was left behind.
#[test]
fn exclusive_a_commander_left_behind_is_captured() {
    let mut g = tk::empty();
    let [a]: [Hex; 1] = timber(&g, 1).try_into().unwrap();
    let mc = tk::put_leader(&mut g, "McClernand", &a.label());
    let mut left = g.clone();
    over(&mut left);
    let s = &gbacw::scenario::belmont().vp;
    assert_eq!(vp(&left), [0.0, f64::from(s.brigade_commander.captured)]);
    g.leaders[usize::from(mc)].loc = Loc::Gone(Fate::Embarked);
    over(&mut g);
    assert_eq!(vp(&g), [0.0, 0.0], "aboard");
}

/// 15.12 (the second audit): a battery whose crew is gone is eliminated, and its guns score as
/// guns lost (2 VP each), not nothing; a battery that lost one gun to artillery (the neighbour)
/// scores that gun only.
#[test]
fn rule_15_12_guns_whose_crew_is_gone_score_as_lost() {
    let mut g = tk::empty();
    let [a]: [Hex; 1] = timber(&g, 1).try_into().unwrap();
    let t = tk::put(&mut g, "Taylor", &a.label(), 0);
    let s = &gbacw::scenario::belmont().vp;
    g.unit_mut(t).lost = 1;
    assert_eq!(vp(&g), [0.0, f64::from(s.gun_lost)]);
    g.unit_mut(t).crew_lost = 2;
    g.unit_mut(t).loc = Loc::Gone(Fate::Eliminated);
    let guns = f64::from(g.info(t).strength());
    assert_eq!(vp(&g), [0.0, guns * f64::from(s.gun_lost)], "every gun, the one lost before included");
}

/// The embarkation rule at the game's end (the second audit: the end said nothing of it): the
/// log names who was left behind and what it gave the Confederates, once the last Game-Turn is
/// over, and not before.
#[test]
fn the_games_end_logs_who_was_left_behind() {
    let mut g = tk::new_game();
    let mut dice = engine::Dice::seeded(3);
    let said =
        |g: &Gbacw| g.log().events().iter().any(|e| e.text.starts_with("Left on the map when the transports sailed"));
    while !g.over {
        assert!(!said(&g), "not before the end");
        engine::conformance::play_random(&mut g, &mut dice, 1);
    }
    assert!(said(&g) || g.log().events().iter().any(|e| e.text.contains("got away")));
}

/// The short scenario (issue 16, `gbacw-belmont-camp`): the battle's first nine Game-Turns,
/// ending after 12:40 PM. The day goes on after it, so a Union commander and a regiment still
/// on the map at its end are not captured; the full battle (the neighbour) captures both. A
/// camp still standing at the end scores for the Confederates; a burned one does not.
#[test]
fn the_short_scenario_ends_after_nine_turns_and_leaves_nobody_behind() {
    let camp = Gbacw::new_scenario(gbacw::SCENARIO_CAMP, &[]).expect("the short scenario");
    assert_eq!(camp.scenario().0, gbacw::SCENARIO_CAMP, "records name it");
    assert_eq!(camp.last_turn(), 9);
    assert_eq!(tk::new_game().last_turn(), 21, "the full battle runs to 4:40 PM");
    let at_end = |mut g: Gbacw| {
        tk::clear_map(&mut g);
        let [a, b]: [Hex; 2] = timber(&g, 2).try_into().unwrap();
        tk::put_leader(&mut g, "McClernand", &a.label());
        tk::put(&mut g, "31IL", &b.label(), 0);
        over(&mut g);
        vp(&g)
    };
    let held = f64::from(gbacw::scenario::belmont().camp_held);
    assert_eq!(at_end(camp.clone()), [0.0, held], "nothing left behind; the camp held gives its VP");
    let mut burned = camp.clone();
    burned.camp_burned = true;
    let burned = at_end(burned);
    assert_eq!(burned[1], 0.0, "a burned camp is not held");
    let full = at_end(tk::new_game());
    assert!(full[1] > 0.0, "the full battle captures who is left: {full:?}");
    // Played to its end, the short scenario stops after the ninth Game-Turn and logs no
    // transports sailing.
    let mut g = camp;
    let mut dice = engine::Dice::seeded(5);
    while !g.over {
        assert!(g.turn <= 9, "past the last Game-Turn");
        engine::conformance::play_random(&mut g, &mut dice, 1);
    }
    assert_eq!(g.turn, 9);
    assert!(!g.log().events().iter().any(|e| e.text.starts_with("Left on the map")));
}

/// The fourth audit: Grant and McClernand lost together. McClernand's replacement, placed in
/// the same phase, is not promoted ahead of Dougherty, the next brigade's own commander; with
/// Dougherty gone too, the replacement is.
#[test]
fn rule_17_83_a_brigades_own_commander_is_promoted_before_a_replacement() {
    for dougherty_there in [true, false] {
        let (mut g, a, grant, mcc) = division_board();
        let dougherty = leader(&g, "Dougherty");
        if dougherty_there {
            tk::put(&mut g, "7IA", &a.label(), 0);
            tk::put_leader(&mut g, "Dougherty", &a.label());
        } else {
            g.leaders[usize::from(dougherty)].loc = Loc::Gone(Fate::Embarked);
        }
        g.leaders[usize::from(mcc)].replaced = true;
        g.leaders[usize::from(grant)].loc = Loc::Gone(Fate::Killed);
        final_command(&mut g, 4, Side::Union);
        let promoted = g.leaders[usize::from(grant)].promoted.map(|(b, _)| g.oob().brigades[usize::from(b)].id.clone());
        let want = if dougherty_there { "Dougherty" } else { "McClernand" };
        assert_eq!(promoted.as_deref(), Some(want), "Dougherty on the map: {dougherty_there}");
    }
}
