//! 3.0 General Course of Play: the turn sequence (3.2), the order-chit draw cup
//! (3.2.2), the stages of an activation (3.2.2, 4.3), and the start- and end-of-turn
//! rules that hang on it (9.1, 13.1, 13.2, 14.3).

use crate::action::Action;
use crate::counters::{FormationKind, Kind, UnitId};
use crate::procedure::Frame;
use crate::state::{Activation, Belmont, ChitLoc, Loc, Stage};
use crate::{camp, charts, fire, melee, movement, naval};
use engine::Side;
use std::sync::OnceLock;

/// 3.2 start of turn: 9.1 and 13.2.4 morale, 14.3 and 13.1 decisions, then the draw.
pub(crate) fn turn_start(g: &mut Belmont) {
    if g.turn == 0 {
        g.turn = 1;
    }
    let turn = g.turn;
    g.log.push("Belmont 3.2", || format!("Turn {turn} begins."));
    // 9.1: the Union loses High Morale at the start of turn 7 at the latest.
    if turn >= charts::UNION_MORALE_LOST_TURN && g.high_morale[0] {
        g.high_morale[0] = false;
        g.log.push("Belmont 9.1", || "The Union loses its High Morale bonus.".into());
    }
    g.stack.push(Frame::DrawChit);
    // 13.1: from turn 7, if the camp stands, Polk releases one regiment a turn.
    if turn >= charts::RESERVE_RELEASE_TURN && g.camp_captured.is_none() && !reinforce_legal(g).is_empty() {
        if g.transport_limits {
            g.transport_limits = false;
            g.log.push("Belmont 13.1", || "The camp still stands: transport limitations are lifted.".into());
        }
        g.stack.push(Frame::Reinforce);
    }
    // 14.3: at the beginning of any turn Grant may call the reserve.
    if !g.guard_released && g.guard.is_some() {
        g.stack.push(Frame::CallReserve);
    }
}

pub(crate) fn call_reserve(g: &mut Belmont, a: &Action) {
    if *a == Action::CallReserve(true) {
        g.guard_released = true;
        g.vp[1] += charts::vp::RESERVE_CALLED;
        g.log.push("Belmont 14.3", || {
            "Grant calls the reserve from Hunter's Farm dock: 5 VP to the Confederates.".into()
        });
    }
}

/// 13.1: the regiments still in the reserve box.
pub(crate) fn reinforce_legal(g: &Belmont) -> Vec<Action> {
    let oob = g.oob();
    (0..oob.formations.len())
        .filter(|&f| {
            let form = &oob.formations[f];
            form.side == Side::Confederate
                && form.kind == FormationKind::Regiment
                && oob.companies_of(f).iter().any(|&u| g.unit(u).loc == Loc::Reserve)
        })
        .map(|f| Action::Release(f as u8))
        .collect()
}

pub(crate) fn reinforce(g: &mut Belmont, a: &Action) {
    let Action::Release(f) = *a else { unreachable!() };
    let units: Vec<UnitId> =
        g.ids().filter(|&u| g.counter(u).formation == Some(usize::from(f)) && g.unit(u).loc == Loc::Reserve).collect();
    release_to_columbus(g, &units);
    release_chit(g, f);
    release_transports(g, 1);
    let name = g.oob().formations[usize::from(f)].name.clone();
    g.log.push("Belmont 13.1", || {
        format!("Polk releases the {name}; its chit goes into the cup with one more transport.")
    });
}

/// Released units go "in or around Columbus" (13.1, 13.2.2): their owner places them,
/// one at a time ([`Frame::PlaceReserve`]), within stacking.
pub(crate) fn release_to_columbus(g: &mut Belmont, units: &[UnitId]) {
    if !units.is_empty() {
        g.stack.push(Frame::PlaceReserve { units: units.to_vec() });
    }
}

/// 13.1, 13.2.2: the hexes in or around Columbus (the map's Columbus hexes and its dock)
/// where the first of `units` may be placed (4.2); the dock if none has room.
pub(crate) fn place_reserve_legal(g: &Belmont, units: &[UnitId]) -> Vec<Action> {
    let Some(&u) = units.first() else { return vec![] };
    let map = g.map();
    let hexes = map.columbus.iter().copied().chain([map.columbus_dock]);
    let mut out: Vec<Action> =
        hexes.filter(|&h| crate::setup::stack_ok(g, u, h)).map(|hex| Action::Place { unit: u, hex }).collect();
    if out.is_empty() {
        out.push(Action::Place { unit: u, hex: map.columbus_dock });
    }
    out
}

/// The rule releasing the reserve: 13.2.2 once the camp has fallen, 13.1 before.
pub(crate) fn release_rule(g: &Belmont) -> &'static str {
    if g.camp_captured.is_some() { "Belmont 13.2.2" } else { "Belmont 13.1" }
}

pub(crate) fn place_reserve(g: &mut Belmont, mut units: Vec<UnitId>, a: &Action) {
    let Action::Place { unit, hex } = *a else { unreachable!() };
    units.retain(|&x| x != unit);
    g.set_loc(unit, Loc::Hex(hex));
    let n = g.name(unit);
    g.log.push(release_rule(g), || format!("{n} is placed at {hex}, in or around Columbus."));
    if !units.is_empty() {
        g.stack.push(Frame::PlaceReserve { units });
    }
}

fn release_chit(g: &mut Belmont, formation: u8) {
    for c in 0..g.chits.len() {
        if g.oob().chits[c].formation == Some(usize::from(formation)) && g.chits[c] == ChitLoc::Reserve {
            g.chits[c] = ChitLoc::Cup;
        }
    }
}

/// Moves up to `n` transports from the reserve box to Columbus dock, within the 15.0
/// option's limit of two reserve transports.
pub(crate) fn release_transports(g: &mut Belmont, n: usize) {
    let dock = g.map().columbus_dock;
    let all: Vec<UnitId> =
        g.ids().filter(|&u| g.counter(u).kind == Kind::Transport && g.counter(u).side == Side::Confederate).collect();
    let reserve_total = all.iter().filter(|&&u| g.counter(u).start == crate::counters::Start::ReserveBox).count();
    let released = reserve_total.saturating_sub(all.iter().filter(|&&u| g.unit(u).loc == Loc::Reserve).count());
    let cap = if g.opt.fewer_transports { 2 } else { reserve_total };
    let mut left = n.min(cap.saturating_sub(released));
    for u in all {
        if left == 0 {
            break;
        }
        if g.unit(u).loc == Loc::Reserve {
            g.set_loc(u, Loc::Hex(dock));
            left -= 1;
        }
    }
}

/// 3.2.2: a chit is pulled.
pub(crate) fn draw(g: &mut Belmont, a: &Action) {
    let Action::Draw(c) = *a else { unreachable!() };
    g.chits[usize::from(c)] = ChitLoc::Track;
    let chit = g.oob().chits[usize::from(c)].clone();
    let name = g.chit_name(c);
    g.log.push("Belmont 3.2.2", || format!("{name} is pulled."));
    g.stack.push(Frame::DrawChit);
    let side = chit.side;
    let Some(formation) = chit.formation else {
        // 10.0: Confused Orders affect the side's next unit chit, unless none is left.
        let any_left = g.cup().iter().any(|&o| {
            let oc = &g.oob().chits[usize::from(o)];
            oc.side == side && oc.formation.is_some()
        });
        if any_left {
            g.confused[side.index()] = true;
        } else {
            g.log.push("Belmont 10.0", || "All that side's orders are already out: no effect.".into());
        }
        return;
    };
    g.act = Some(Activation {
        chit: c,
        side,
        formation: formation as u8,
        stage: Stage::Volley,
        fired_from: Vec::new(),
        volley_checked: Vec::new(),
        moving: None,
        banks_fired: Vec::new(),
        sailed: Vec::new(),
        demoralized: side == Side::Confederate && g.camp_captured == Some(g.turn),
        frozen: Vec::new(),
    });
    // 11.7: transports held since last turn may move again with their units' chit.
    let released: Vec<UnitId> = g
        .transports_held
        .iter()
        .copied()
        .filter(|&t| g.ids().any(|u| g.unit(u).loc == Loc::Aboard(t) && g.counter(u).formation == Some(formation)))
        .collect();
    g.transports_held.retain(|t| !released.contains(t));
    g.stack.push(Frame::Activate);
    if std::mem::take(&mut g.confused[side.index()]) {
        g.stack.push(Frame::Confusion { chit: c });
    }
}

/// Units the active chit activates (3.2.2, 1.2 HQ, 8.7 captured artillery).
pub(crate) fn activated(g: &Belmont, u: UnitId) -> bool {
    let Some(act) = &g.act else { return false };
    if !g.in_play(u) || act.frozen.contains(&u) || g.owner(u) != act.side {
        return false;
    }
    if let Some(f) = g.unit(u).captor {
        return f == act.formation;
    }
    if g.counter(u).kind == Kind::Transport {
        return false; // 11.7: transports are tools, not activated by chits.
    }
    g.counter(u).formation == Some(usize::from(act.formation))
}

/// The units the active chit activates ([`activated`]), in id order: found among the
/// counters of its formation and any captured artillery (8.7) rather than by asking every
/// counter, which the listings did for each of the 175 at every decision.
pub(crate) fn activated_units(g: &Belmont) -> Vec<UnitId> {
    static MEMBERS: OnceLock<Vec<Vec<UnitId>>> = OnceLock::new();
    let Some(act) = &g.act else {
        return Vec::new();
    };
    let members = MEMBERS.get_or_init(|| {
        let oob = crate::counters::belmont();
        let mut by = vec![Vec::new(); oob.formations.len()];
        for (u, c) in oob.counters.iter().enumerate() {
            if let Some(f) = c.formation {
                by[f].push(UnitId::try_from(u).expect("few counters"));
            }
        }
        by
    });
    let captured = g.ids().filter(|&u| g.unit(u).captor.is_some());
    let mut out: Vec<UnitId> = members
        .get(usize::from(act.formation))
        .into_iter()
        .flatten()
        .copied()
        .chain(captured)
        .filter(|&u| activated(g, u))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// 13.2.3: looting Union troops in or within three hexes of the camp may not move.
pub(crate) fn looting(g: &Belmont, u: UnitId) -> bool {
    g.hex_of(u).is_some_and(|h| crate::movement::loots_at(g, u, h))
}

/// 10.1: the guard companies and their leader, until released, stay within three land
/// hexes of the dock and ignore Confused Orders.
///
/// Reading (2.1 against 14.3): the leash is 2.1's "within three land hexes", for set-up and
/// for the rest of the game alike. 14.3, which only lifts it, calls it "the five hex
/// range"; 2.1 is where the limit is set (and five is the number of companies on guard),
/// so three it is, counted along land from the dock.
pub(crate) fn guarding(g: &Belmont, u: UnitId) -> bool {
    !g.guard_released
        && (g.guard_units.contains(&u) || g.guard.and_then(|f| g.oob().formations[usize::from(f)].leader) == Some(u))
}

pub(crate) fn stage_prompt(g: &Belmont) -> (&'static str, String) {
    let act = g.act.as_ref().expect("activation");
    let chit = g.chit_name(act.chit);
    match act.stage {
        Stage::Volley => ("Belmont 5.1", format!("{chit}: volley fire, or Done")),
        Stage::Markers => ("Belmont 4.3.1", format!("{chit}: place melee markers, or Done")),
        Stage::MeleeMoves => ("Belmont 4.3.2", format!("{chit}: move units into the melee hexes, or Done")),
        Stage::Maneuver => ("Belmont 4.3.3", format!("{chit}: move the other activated units, or Done")),
        Stage::Melees => ("Belmont 6.0", format!("{chit}: melee")),
    }
}

pub(crate) fn activation_legal(g: &Belmont) -> Vec<Action> {
    let act = g.act.as_ref().expect("activation");
    let mut out = match act.stage {
        Stage::Volley => {
            let mut v = fire::volley_legal(g);
            v.extend(crate::iron_banks::bombard_legal(g));
            v
        }
        Stage::Markers => melee::marker_legal(g),
        Stage::MeleeMoves => movement::melee_move_legal(g),
        Stage::Maneuver => {
            let mut v = movement::maneuver_legal(g);
            // 13.2.1: nothing else while a demoralized unit under way must move on.
            if movement::demoralized_must_continue(g).is_none() {
                v.extend(naval::legal(g));
            }
            v
        }
        Stage::Melees => Vec::new(),
    };
    if done_allowed(g) {
        out.push(Action::Done);
    }
    out
}

/// Whether the stage may be ended now.
fn done_allowed(g: &Belmont) -> bool {
    let act = g.act.as_ref().expect("activation");
    match act.stage {
        // 4.3.2: a regiment leader who went in ahead of his broken company waits for it.
        Stage::MeleeMoves => movement::follow_moves(g).is_empty() && !movement::must_go_on(g),
        // 11.7: a loaded transport may not stay on the dock; 13.2.1 demoralized units
        // must move their full allowance.
        Stage::Maneuver => naval::may_end_activation(g) && movement::demoralized_done(g),
        _ => true,
    }
}

/// `listed`: the legal actions the action was chosen from, if they were listed.
pub(crate) fn activation_apply(g: &mut Belmont, a: &Action, listed: Option<Vec<Action>>) {
    g.stack.push(Frame::Activate);
    let stage = g.act.as_ref().expect("activation").stage;
    match (stage, a) {
        (_, Action::Done) => advance_stage(g),
        (Stage::Volley, Action::Volley { from, target, firers }) => fire::volley(g, *from, *target, *firers),
        (Stage::Markers, Action::Marker { target, from }) => melee::place_listed_marker(g, *target, *from, listed),
        (Stage::MeleeMoves | Stage::Maneuver, Action::Move { unit, to }) if g.hex_of(*unit).is_some() => {
            movement::step(g, *unit, *to);
        }
        (Stage::Maneuver, Action::Board { unit, vessel }) => naval::board(g, *unit, *vessel),
        (Stage::Maneuver, Action::Sail { vessel, to }) => naval::sail(g, *vessel, *to),
        (Stage::Volley, Action::Bombard { battery, target }) => crate::iron_banks::bombard(g, *battery, *target),
        (Stage::Maneuver, Action::Move { unit, to }) => naval::debark(g, *unit, *to),
        (s, a) => unreachable!("{s:?} {a:?}"),
    }
}

fn advance_stage(g: &mut Belmont) {
    let act = g.act.as_mut().expect("activation");
    act.moving = None;
    let next = match act.stage {
        Stage::Volley => Stage::Markers,
        Stage::Markers => Stage::MeleeMoves,
        Stage::MeleeMoves => Stage::Maneuver,
        Stage::Maneuver | Stage::Melees => Stage::Melees,
    };
    act.stage = next;
    if next == Stage::Maneuver {
        melee::drop_unmet_markers(g);
    }
    if g.act.as_ref().expect("activation").stage == Stage::Melees {
        g.stack.pop(); // The Activate frame gives way to the melees, then ends.
        g.stack.push(Frame::ChooseMelee);
    }
}

/// Called when the melees are done: 13.2 camp capture, markers removed, flags reset.
pub(crate) fn end_activation(g: &mut Belmont) {
    camp::check_capture(g);
    g.markers.clear();
    naval::end_activation(g);
    for u in g.ids().collect::<Vec<_>>() {
        let unit = g.unit_mut(u);
        unit.moved = false;
        unit.shaken = false;
        unit.mp = 0;
        unit.broken_in_melee = false;
    }
    let act = g.act.take().expect("activation");
    let name = g.chit_name(act.chit);
    g.log.push("Belmont 3.2.2", || format!("{name} activation ends."));
}

/// A pending decision with nothing to choose moves on by itself: the draw cup empty,
/// an activation stage or phase with only Done.
pub(crate) fn nothing_to_decide(g: &Belmont) -> Option<fn(&mut Belmont)> {
    match g.stack.last()? {
        Frame::DrawChit if g.cup().is_empty() => Some(|g| {
            g.stack.pop();
            after_orders(g);
        }),
        Frame::ChooseMelee if melee::choose_legal(g).is_empty() => Some(|g| {
            g.stack.pop();
            end_activation(g);
        }),
        Frame::Activate if crate::procedure::only_done(g) => Some(|g| {
            // Said in the log (the fifth playtest: the melee moves ended by themselves once
            // every company that could go in was in, and the player took the maneuver's
            // Done for theirs).
            let (rule, text) = stage_prompt(g);
            let step = text.trim_end_matches(", or Done").to_string();
            g.log.push(rule, || format!("{step}: nothing left to do; the step ends."));
            g.stack.pop();
            activation_apply(g, &Action::Done, None);
        }),
        Frame::SecondMove { .. } | Frame::Rally { .. } | Frame::Deploy { .. } if crate::procedure::only_done(g) => {
            Some(|g| {
                let f = g.stack.pop().expect("frame");
                match f {
                    Frame::SecondMove { .. } => movement::second_move_apply(g, f, &Action::Done),
                    Frame::Rally { .. } => crate::rally::apply(g, f, &Action::Done),
                    Frame::Deploy { .. } => crate::setup::apply(g, f, &Action::Done),
                    _ => unreachable!(),
                }
            })
        }
        Frame::Reinforce if reinforce_legal(g).is_empty() => Some(|g| {
            g.stack.pop();
        }),
        // A hit, retreat or over-stack whose units have gone (eliminated, retreated)
        // since it was scheduled lapses.
        Frame::Hit { .. } | Frame::ChooseRetreater { .. } | Frame::Overstack { .. } | Frame::Retreat(_)
            if crate::procedure::read_legal(g, <[Action]>::is_empty) =>
        {
            Some(|g| {
                g.stack.pop();
            })
        }
        Frame::OppOffer { mover, hex, .. } if g.hex_of(*mover) != Some(*hex) => Some(|g| {
            g.stack.pop();
        }),
        _ => None,
    }
}

/// 3.2.3-3.2.5 once the cup is empty.
fn after_orders(g: &mut Belmont) {
    g.log.push("Belmont 3.2.2", || "The draw cup is empty.".into());
    let demoralized = g.camp_captured == Some(g.turn);
    g.stack.push(Frame::EndTurn);
    // 3.2.4 Rally: the Union first, then the Confederates (13.2.1: not on the turn
    // the camp falls). 11.2: gunboat repairs happen in the Rally portion.
    if !demoralized {
        g.stack.push(Frame::Rally { side: Side::Confederate, used: vec![] });
    }
    g.stack.push(Frame::Rally { side: Side::Union, used: vec![] });
    naval::push_repairs(g);
    // 3.2.3 Leader Second Movement: the Union first (13.2.1: no CS second movement on
    // the turn the camp falls).
    if !demoralized {
        g.stack.push(Frame::SecondMove { side: Side::Confederate, done: vec![], moving: None });
    }
    g.stack.push(Frame::SecondMove { side: Side::Union, done: vec![], moving: None });
}

/// 3.2.5 End Turn.
pub(crate) fn end_turn(g: &mut Belmont) {
    let dock = g.map().columbus_dock;
    for u in g.ids().collect::<Vec<_>>() {
        if g.unit(u).loc == Loc::TurnTrack {
            g.set_loc(u, Loc::Hex(dock));
        }
        let unit = g.unit_mut(u);
        unit.rallied = false;
        unit.debarked = false;
    }
    g.markers.clear();
    for c in &mut g.chits {
        if *c == ChitLoc::Track {
            *c = ChitLoc::Cup;
        }
    }
    let falls = g.camp_captured == Some(g.turn);
    if g.turn >= charts::LAST_TURN {
        g.log.push("Belmont 3.1", || "Turn 12 is over: final scoring.".into());
        g.stack.push(Frame::FinalScoring);
    } else {
        g.turn += 1;
        g.stack.push(Frame::TurnStart);
    }
    // 13.2.2 is an end-of-turn function: its placement decisions come before the next turn.
    if falls {
        camp::polk_releases_reserve(g);
    }
}
