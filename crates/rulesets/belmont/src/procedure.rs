//! The stack of procedures under way and the one dispatch that asks each for its legal
//! actions and hands it the chosen one. The top frame is the pending decision; frames
//! that need no decision run at once (`run`).

use crate::action::Action;
use crate::counters::UnitId;
use crate::melee::MeleeState;
use crate::retreat::RetreatState;
use crate::state::Belmont;
use crate::{fire, melee, movement, naval, rally, retreat, scoring, sequence, setup};
use engine::{Actor, Side};
use hexmap::Hex;

/// One die of a volley and the chart it is read on (5.1, rules card 6.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VolleyDie {
    /// Unbroken infantry.
    Infantry,
    /// Field artillery.
    FieldArtillery,
    /// A gunboat.
    Gunboat,
    /// An Iron Banks battery: hits on `hit_on`+, and may fail catastrophically (12.2).
    Battery {
        /// The battery.
        unit: UnitId,
        /// Lowest roll that hits.
        hit_on: u8,
    },
    /// Defensive fire by unbroken infantry (5.3).
    DefInfantry,
    /// Defensive fire by field artillery (5.3).
    DefArtillery,
}

/// A procedure under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Frame {
    // ---- 2.0 set-up ----
    /// 2.1: the Union picks the guard regiment.
    GuardRegiment,
    /// 2.1: the Union picks the five guard companies.
    GuardCompanies {
        /// The regiment.
        formation: u8,
    },
    /// 2.1 / 2.2: a side adjusts its deployment, each unit at most once.
    Deploy {
        /// Who is setting up.
        side: Side,
        /// Units already placed.
        placed: Vec<UnitId>,
    },

    // ---- 3.2 turn sequence ----
    /// 3.2.1 and the start-of-turn rules (9.1, 13.2.4, 14.3).
    TurnStart,
    /// 14.3: the Union may call the reserve.
    CallReserve,
    /// 13.1: the Confederates release a regiment.
    Reinforce,
    /// 3.2.2: pull the next chit.
    DrawChit,
    /// 10.0: roll the blue and gray dice for a confused activation.
    Confusion {
        /// The chit being interpreted.
        chit: u8,
    },
    /// An activation's stages (state in [`Belmont::act`]).
    Activate,
    /// 3.2.3: a side's leaders move up to three hexes.
    SecondMove {
        /// Whose leaders.
        side: Side,
        /// Leaders that have finished.
        done: Vec<UnitId>,
        /// The leader moving and hexes left.
        moving: Option<(UnitId, u8)>,
    },
    /// 9.0: a side rallies.
    Rally {
        /// Whose units.
        side: Side,
        /// Leaders' rallies used so far.
        used: Vec<(UnitId, u8)>,
    },
    /// 9.0: the rally roll.
    RallyRoll {
        /// The company.
        unit: UnitId,
        /// Roll needed, before High Morale.
        need: u8,
        /// 9.1 bonus applies.
        bonus: bool,
    },
    /// 11.2: a damaged vessel's repair roll.
    Repair {
        /// The vessel.
        vessel: UnitId,
    },
    /// 3.2.5.
    EndTurn,
    /// 14.4: final scoring.
    FinalScoring,
    /// 14.4: a wounded leader's end-of-game roll.
    WoundedRoll {
        /// The leader.
        leader: UnitId,
    },

    // ---- Combat and its consequences ----
    /// 5.1 / 5.3: roll a volley's dice one at a time.
    Volley {
        /// The side firing.
        side: Side,
        /// Target hex.
        target: Hex,
        /// Range in hexes.
        range: u16,
        /// Dice still to roll.
        dice: Vec<VolleyDie>,
        /// For defensive fire: the melee's retreat hex for attackers (8.4, 5.3).
        entry: Option<Hex>,
        /// Units that may be hit (defensive fire targets one attacking group).
        targets: Option<Vec<UnitId>>,
    },
    /// 5.1: the firer chooses which dice of a mixed volley are lost to terrain.
    TerrainDice {
        /// The side firing.
        side: Side,
        /// Target hex.
        target: Hex,
        /// Range in hexes.
        range: u16,
        /// The volley's dice, each with its firer.
        dice: Vec<(UnitId, VolleyDie)>,
        /// Dice still to lose.
        lose: u8,
    },
    /// 7.0: the owner assigns a hit among candidates.
    Hit {
        /// Hex hit.
        hex: Hex,
        /// Owner choosing.
        side: Side,
        /// In a melee (8.7: the last damaged artillery is captured instead).
        melee: bool,
        /// Only these units may take it (a melee group), if restricted.
        among: Option<Vec<UnitId>>,
    },
    /// 8.3: the owner picks which unit retreats.
    ChooseRetreater {
        /// Hex.
        hex: Hex,
        /// Owner.
        side: Side,
        /// Attackers retreat to their entry hex (5.3, 8.4).
        entry: Option<Hex>,
        /// Only these units, if restricted.
        among: Option<Vec<UnitId>>,
    },
    /// 8.0: a unit retreating, hex by hex.
    Retreat(Box<RetreatState>),
    /// 5.2: the side able to fire decides whether to.
    OppOffer {
        /// The moving unit.
        mover: UnitId,
        /// The hex it entered.
        hex: Hex,
        /// How many dice the fire would roll.
        dice: u8,
        /// 8.6 breakout: fire only from this hex.
        only_from: Option<Hex>,
    },
    /// 5.2: how many of the dice hit.
    OppRoll {
        /// The moving unit.
        mover: UnitId,
        /// Dice rolled.
        dice: u8,
    },
    /// 7.2: a leader's casualty check.
    Casualty {
        /// The leader.
        leader: UnitId,
    },
    /// 8.5, 11.1: a die that breaks a company on `on`+.
    BreakRoll {
        /// The company.
        unit: UnitId,
        /// Lowest roll that breaks.
        on: u8,
    },
    /// 6.0: the attacker picks the next melee.
    ChooseMelee,
    /// 6.0: a melee under way.
    Melee(Box<MeleeState>),
    /// 6.2: the attacker moves units out of an over-stacked melee hex.
    Overstack {
        /// The marker.
        marker: u8,
    },
    /// 11.1, 11.4: which of several vessels or batteries is struck.
    PickStruck {
        /// The candidates.
        among: Vec<UnitId>,
        /// Hits to apply to the one picked.
        hits: u8,
    },
    /// 12.1: the blue and gray dice of a shot outside LOS.
    Scatter {
        /// The battery.
        battery: UnitId,
        /// The hex aimed at.
        target: Hex,
    },
    /// A vessel takes hits (11.1), one at a time.
    VesselHits {
        /// The vessel.
        vessel: UnitId,
        /// Hits left to apply.
        hits: u8,
    },
    // ---- Naval movement (11.5, 11.7), hits aboard (11.1), the Columbus reserve (13.1, 13.2.2) ----
    /// 11.5, 11.7: the moving vessel's owner picks its path, by the enemy units in whose
    /// sight it passes (each list one [`Action::Route`]).
    ChooseRoute {
        /// The vessel.
        vessel: UnitId,
        /// The sets of enemy units a path can pass in sight of, each in id order.
        routes: Vec<Vec<UnitId>>,
    },
    /// 5.2: the enemy picks which of `firers` (in sight of the path) fire at the vessel.
    NavalOpp {
        /// The moving vessel.
        target: UnitId,
        /// Gunboats (at a transport) or Iron Banks batteries (at a gunboat) that may fire.
        firers: Vec<UnitId>,
    },
    /// 11.1: a hit vessel's die that breaks a company aboard on 4-6.
    VesselBreak {
        /// The vessel.
        vessel: UnitId,
    },
    /// 11.1: the owner picks which unbroken company aboard breaks.
    BreakAboard {
        /// The vessel.
        vessel: UnitId,
    },
    /// 13.1, 13.2.2: the Confederates place released units in or around Columbus, the first
    /// of `units` now.
    PlaceReserve {
        /// Units still to place, in id order.
        units: Vec<UnitId>,
    },
    /// The game is over.
    Over,
}

/// A pending decision: who acts.
pub(crate) fn actor(g: &Belmont) -> Actor {
    let Some(top) = g.stack.last() else {
        return Actor::Over;
    };
    match top {
        Frame::Over => Actor::Over,
        Frame::GuardRegiment | Frame::GuardCompanies { .. } | Frame::CallReserve => Actor::Side(Side::Union),
        Frame::Reinforce | Frame::PlaceReserve { .. } => Actor::Side(Side::Confederate),
        Frame::ChooseRoute { vessel, .. } | Frame::BreakAboard { vessel } => Actor::Side(g.owner(*vessel)),
        Frame::NavalOpp { target, .. } => Actor::Side(g.owner(*target).enemy()),
        Frame::Deploy { side, .. } | Frame::Rally { side, .. } => Actor::Side(*side),
        Frame::SecondMove { side, .. } => Actor::Side(*side),
        Frame::DrawChit
        | Frame::Confusion { .. }
        | Frame::RallyRoll { .. }
        | Frame::Repair { .. }
        | Frame::WoundedRoll { .. }
        | Frame::Volley { .. }
        | Frame::OppRoll { .. }
        | Frame::Casualty { .. }
        | Frame::BreakRoll { .. }
        | Frame::PickStruck { .. }
        | Frame::VesselBreak { .. }
        | Frame::Scatter { .. } => Actor::Chance,
        Frame::Activate => Actor::Side(g.act.as_ref().expect("activation").side),
        Frame::ChooseMelee | Frame::Overstack { .. } => Actor::Side(g.act.as_ref().expect("activation").side),
        Frame::Hit { side, .. } | Frame::ChooseRetreater { side, .. } => Actor::Side(*side),
        Frame::TerrainDice { side, .. } => Actor::Side(*side),
        Frame::Retreat(r) => Actor::Side(g.owner(r.unit)),
        Frame::OppOffer { mover, .. } => Actor::Side(g.owner(*mover).enemy()),
        Frame::Melee(m) => melee::actor(g, m),
        Frame::TurnStart | Frame::EndTurn | Frame::FinalScoring | Frame::VesselHits { .. } => {
            unreachable!("automatic frames never wait")
        }
    }
}

/// Whether the frame runs by itself, without a decision.
fn automatic(f: &Frame) -> bool {
    match f {
        Frame::Melee(m) => melee::is_auto(m),
        Frame::Volley { dice, .. } => dice.is_empty(),
        _ => matches!(f, Frame::TurnStart | Frame::EndTurn | Frame::FinalScoring | Frame::VesselHits { .. }),
    }
}

/// The pending decision's rule and text.
pub(crate) fn prompt(g: &Belmont) -> (&'static str, String) {
    let Some(top) = g.stack.last() else {
        return ("Belmont 14.0", "The game is over.".into());
    };
    match top {
        Frame::GuardRegiment => ("Belmont 2.1", "Choose the regiment that guards Hunter's Farm dock".into()),
        Frame::GuardCompanies { .. } => ("Belmont 2.1", "Choose the five companies that guard the dock".into()),
        Frame::Deploy { side, .. } => {
            ("Belmont 2.0", format!("{} set-up: place units in the set-up zone, or Done", side.title()))
        }
        Frame::CallReserve => {
            ("Belmont 14.3", "Grant may call the reserve guarding Hunter's Farm dock (5 VP to the Confederates)".into())
        }
        Frame::Reinforce => ("Belmont 13.1", "Polk releases one regiment from the Columbus reserve".into()),
        Frame::DrawChit => ("Belmont 3.2.2", "Pull an order chit from the draw cup".into()),
        Frame::Confusion { .. } => ("Belmont 10.0", "Roll the blue and gray dice for Confused Orders".into()),
        Frame::Activate => sequence::stage_prompt(g),
        Frame::SecondMove { .. } => {
            ("Belmont 3.2.3", "Leader Second Movement: move leaders up to three hexes, or Done".into())
        }
        Frame::Rally { .. } => ("Belmont 9.0", "Rally broken companies, or Done".into()),
        Frame::RallyRoll { .. } => ("Belmont 9.0", "Roll to rally".into()),
        Frame::Repair { .. } => ("Belmont 11.2", "Roll to repair vessel damage".into()),
        Frame::WoundedRoll { .. } => ("Belmont 14.4", "Roll for a wounded leader".into()),
        // The fifth playtest: a melee's odds listed its defensive fire as a volley (5.1).
        Frame::Volley { entry: Some(_), target, .. } => {
            ("Belmont 5.3", format!("Roll the next defensive fire die from {target}"))
        }
        Frame::Volley { range: 0, target, .. } => ("Belmont 12.0", format!("Roll the Iron Banks' die at {target}")),
        Frame::Volley { target, .. } => ("Belmont 5.1", format!("Roll the next volley die at {target}")),
        Frame::Hit { .. } => ("Belmont 7.0", "Choose the unit that takes the hit".into()),
        Frame::TerrainDice { .. } => ("Belmont 5.1", "Choose whose die is lost to terrain".into()),
        Frame::ChooseRetreater { .. } => ("Belmont 8.3", "Choose the unit that retreats".into()),
        Frame::Retreat(_) => ("Belmont 8.2", "Choose the retreat hex".into()),
        // The shooter and the target named (a player answering it should not need the log).
        Frame::OppOffer { mover, hex, dice, only_from } => {
            let firers: Vec<&str> =
                fire::opportunity_units(g, *mover, *hex, *only_from).into_iter().map(|u| g.name(u)).collect();
            (
                "Belmont 5.2",
                format!(
                    "Conduct opportunity fire at {} entering {hex} with {} ({}, a hit on each 6)?",
                    g.name(*mover),
                    firers.join(", "),
                    crate::describe::dice_words(*dice)
                ),
            )
        }
        Frame::OppRoll { .. } => ("Belmont 5.2", "Roll opportunity fire".into()),
        Frame::Casualty { .. } => ("Belmont 7.2", "Casualty check".into()),
        Frame::BreakRoll { .. } => ("Belmont 8.5", "Roll to see whether the company breaks".into()),
        Frame::ChooseMelee => ("Belmont 6.0", "Choose the next melee to resolve".into()),
        Frame::Overstack { .. } => ("Belmont 6.2", "Move units out of the over-stacked melee hex".into()),
        Frame::PickStruck { .. } => ("Belmont 11.1", "Determine randomly which is struck".into()),
        Frame::Scatter { .. } => ("Belmont 12.1", "Roll the blue and gray dice for the shot".into()),
        Frame::Melee(m) => melee::prompt(g, m),
        Frame::ChooseRoute { .. } => {
            ("Belmont 11.5", "Choose the vessel's path (which enemy units it passes in sight of)".into())
        }
        // The tenth playtest: the prompt named neither the vessel nor where it is.
        Frame::NavalOpp { target, .. } => {
            let at = g.hex_of(*target).map_or_else(String::new, |h| format!(" in {h}"));
            (
                "Belmont 5.2",
                format!(
                    "{}{at} is moving: choose which units fire on it (opportunity fire), or hold fire",
                    g.name(*target)
                ),
            )
        }
        Frame::VesselBreak { .. } => ("Belmont 11.1", "Roll to see whether a company aboard breaks".into()),
        Frame::BreakAboard { .. } => ("Belmont 11.1", "Choose the company aboard that breaks".into()),
        Frame::PlaceReserve { .. } => {
            (sequence::release_rule(g), "Place the released unit in or around Columbus".into())
        }
        Frame::Over => ("Belmont 14.0", "The game is over.".into()),
        Frame::TurnStart | Frame::EndTurn | Frame::FinalScoring | Frame::VesselHits { .. } => {
            ("Belmont 3.2", String::new())
        }
    }
}

/// One six-sided die, as chance outcomes.
pub(crate) fn d6() -> Vec<(Action, f64)> {
    (1..=6).map(|d| (Action::Roll(d), 1.0 / 6.0)).collect()
}

/// The legal actions of the side to act, memoised until the next change: [`apply`] and
/// [`run`] forget the memo wherever the position changes (as does [`Belmont::set_loc`]), so
/// a list is never hashed to be found (builds with debug assertions check it against
/// [`crate::poshash::position_hash`]).
pub(crate) fn legal(g: &Belmont) -> Vec<Action> {
    g.legal_memo.held_or(|| crate::poshash::position_hash(g), || compute_legal(g))
}

/// Asks `read` something of the legal actions (memoised with [`legal`]) without copying them.
pub(crate) fn read_legal<R>(g: &Belmont, read: impl FnOnce(&[Action]) -> R) -> R {
    g.legal_memo.held_with(|| crate::poshash::position_hash(g), || compute_legal(g), read)
}

/// Records `list` as the legal actions of the position as it stands, for a caller that
/// knows them without listing (see [`crate::melee::place_listed_marker`]).
pub(crate) fn remember_legal(g: &Belmont, list: Vec<Action>) {
    g.legal_memo.hold(|| crate::poshash::position_hash(g), list);
}

/// Whether the only legal action is Done (memoised with [`legal`]).
pub(crate) fn only_done(g: &Belmont) -> bool {
    read_legal(g, |l| l == [Action::Done])
}

pub(crate) fn compute_legal(g: &Belmont) -> Vec<Action> {
    let Some(top) = g.stack.last() else {
        return vec![];
    };
    match top {
        Frame::GuardRegiment | Frame::GuardCompanies { .. } | Frame::Deploy { .. } => setup::legal(g, top),
        Frame::CallReserve => vec![Action::CallReserve(false), Action::CallReserve(true)],
        Frame::Reinforce => sequence::reinforce_legal(g),
        Frame::Activate => sequence::activation_legal(g),
        Frame::SecondMove { .. } => movement::second_move_legal(g, top),
        Frame::Rally { .. } => rally::legal(g, top),
        Frame::Hit { .. } => fire::hit_legal(g, top),
        Frame::TerrainDice { dice, .. } => fire::terrain_dice_legal(dice),
        Frame::ChooseRetreater { .. } => retreat::retreater_legal(g, top),
        Frame::Retreat(r) => retreat::legal(g, r),
        Frame::OppOffer { .. } => vec![Action::Fire(true), Action::Fire(false)],
        Frame::ChooseMelee => melee::choose_legal(g),
        Frame::Overstack { marker } => melee::overstack_legal(g, *marker),
        Frame::Melee(m) => melee::legal(g, m),
        Frame::ChooseRoute { .. } | Frame::NavalOpp { .. } | Frame::BreakAboard { .. } => naval::choice_legal(g, top),
        Frame::PlaceReserve { units } => sequence::place_reserve_legal(g, units),
        _ => vec![],
    }
}

/// Chance outcomes of the pending chance decision.
pub(crate) fn chance(g: &Belmont) -> Vec<(Action, f64)> {
    let Some(top) = g.stack.last() else {
        return vec![];
    };
    match top {
        Frame::DrawChit => {
            let cup = g.cup();
            #[allow(clippy::cast_precision_loss)]
            let p = 1.0 / cup.len() as f64;
            cup.into_iter().map(|c| (Action::Draw(c), p)).collect()
        }
        Frame::Confusion { .. } | Frame::Scatter { .. } => {
            (1..=6).flat_map(|blue| (1..=6).map(move |gray| (Action::RollPair { blue, gray }, 1.0 / 36.0))).collect()
        }
        Frame::OppRoll { dice, .. } => binomial(*dice, crate::charts::opportunity_hit_chance()),
        Frame::PickStruck { among, .. } => {
            #[allow(clippy::cast_precision_loss)]
            let p = 1.0 / among.len() as f64;
            (0..among.len()).map(|i| (Action::Pick(u8::try_from(i).expect("few")), p)).collect()
        }
        Frame::Melee(m) => melee::chance(g, m),
        Frame::RallyRoll { .. }
        | Frame::Repair { .. }
        | Frame::WoundedRoll { .. }
        | Frame::Volley { .. }
        | Frame::Casualty { .. }
        | Frame::VesselBreak { .. }
        | Frame::BreakRoll { .. } => d6(),
        _ => vec![],
    }
}

/// The number of successes among `n` dice each succeeding with probability `p`.
pub(crate) fn binomial(n: u8, p: f64) -> Vec<(Action, f64)> {
    let mut out = Vec::with_capacity(usize::from(n) + 1);
    let mut coeff = 1.0f64;
    for k in 0..=n {
        if k > 0 {
            coeff = coeff * f64::from(n - k + 1) / f64::from(k);
        }
        let prob = coeff * p.powi(i32::from(k)) * (1.0 - p).powi(i32::from(n - k));
        out.push((Action::Hits(k), prob));
    }
    out
}

/// Applies a legal action to the top frame, then runs automatic frames.
pub(crate) fn apply(g: &mut Belmont, a: &Action) {
    // The list the action was chosen from (if it was listed): the position changes now.
    let listed = g.legal_memo.take(|| crate::poshash::position_hash(g));
    let top = g.stack.pop().expect("a pending decision");
    match top {
        Frame::GuardRegiment | Frame::GuardCompanies { .. } | Frame::Deploy { .. } => setup::apply(g, top, a),
        Frame::CallReserve => sequence::call_reserve(g, a),
        Frame::Reinforce => sequence::reinforce(g, a),
        Frame::DrawChit => sequence::draw(g, a),
        Frame::Confusion { chit } => crate::confused::roll(g, chit, a),
        Frame::Activate => sequence::activation_apply(g, a, listed),
        Frame::SecondMove { .. } => movement::second_move_apply(g, top, a),
        Frame::Rally { .. } | Frame::RallyRoll { .. } => rally::apply(g, top, a),
        Frame::Repair { vessel } => naval::repair(g, vessel, a),
        Frame::WoundedRoll { leader } => scoring::wounded_roll(g, leader, a),
        Frame::Volley { .. } => fire::volley_die(g, top, a),
        Frame::Hit { .. } => fire::hit_apply(g, top, a),
        Frame::TerrainDice { side, target, range, dice, lose } => {
            fire::terrain_dice_apply(g, (side, target, range), dice, lose, a);
        }
        Frame::ChooseRetreater { .. } => retreat::retreater_apply(g, top, a),
        Frame::Retreat(r) => retreat::apply(g, *r, a),
        Frame::OppOffer { mover, hex, dice, only_from } => fire::opp_offer(g, mover, hex, dice, only_from, a),
        Frame::OppRoll { mover, .. } => fire::opp_roll(g, mover, a),
        Frame::Casualty { leader } => fire::casualty(g, leader, a),
        Frame::BreakRoll { unit, on } => fire::break_roll(g, unit, on, a),
        Frame::ChooseMelee => melee::choose_apply(g, a),
        Frame::Overstack { marker } => melee::overstack_apply(g, marker, a),
        Frame::Melee(m) => melee::apply(g, *m, a),
        Frame::PickStruck { among, hits } => naval::pick_struck(g, &among, hits, a),
        Frame::Scatter { battery, target } => crate::iron_banks::scatter(g, battery, target, a),
        f @ (Frame::ChooseRoute { .. }
        | Frame::NavalOpp { .. }
        | Frame::VesselBreak { .. }
        | Frame::BreakAboard { .. }) => {
            naval::choice_apply(g, f, a);
        }
        Frame::PlaceReserve { units } => sequence::place_reserve(g, units, a),
        Frame::TurnStart | Frame::EndTurn | Frame::FinalScoring | Frame::VesselHits { .. } | Frame::Over => {
            unreachable!("no decision pending at {top:?}")
        }
    }
    run(g);
}

/// Runs automatic frames until a decision or chance is pending.
pub(crate) fn run(g: &mut Belmont) {
    loop {
        let Some(top) = g.stack.last() else { return };
        if !automatic(top) {
            // A decision with nothing to choose from moves on by itself.
            let Some(skip) = sequence::nothing_to_decide(g) else { return };
            // The position changes (nothing it runs lists the legal actions meanwhile).
            g.legal_memo.forget();
            skip(g);
            continue;
        }
        g.legal_memo.forget();
        let f = g.stack.pop().expect("checked");
        match f {
            Frame::TurnStart => sequence::turn_start(g),
            Frame::EndTurn => sequence::end_turn(g),
            Frame::FinalScoring => scoring::final_scoring(g),
            Frame::VesselHits { vessel, hits } => naval::vessel_hits(g, vessel, hits),
            Frame::Melee(m) => melee::auto(g, *m),
            f @ Frame::Volley { .. } => fire::volley_finish(g, f),
            _ => unreachable!(),
        }
    }
}

/// What the odds of an earlier action take for the acting side's own decision here (issue
/// 15, `engine::Game::odds_own`): inside a melee (6.0-6.3) and the hits, retreats and rolls
/// a fire or melee leaves to settle (5.1's terrain dice, 6.2, 7.0, 8.0-8.3, 11.1), the side's
/// best move. A melee marker's odds (`began` an [`Action::Marker`], 4.3.1) go on to its
/// melee as the attack it declares: the rest of the markers step done, every company that
/// can reach the marked hex moves in (4.3.2, [`declared_step`]; the leaders stay out), the
/// maneuver is done (4.3.3 moves no one into a melee), then that marker's melee resolved; any
/// other melee, and everything else, is the player's to start: the odds stop there. (The
/// side's best move here, the greedy bot's, ended the melee moves with the leader alone in
/// the hex, and the odds showed 6.7's capture for an attack the player never meant.)
pub(crate) fn odds_own(g: &Belmont, began: &crate::Action) -> engine::OddsOwn<crate::Action> {
    use crate::Action;
    let settling = g.stack.iter().any(|f| {
        matches!(
            f,
            Frame::Melee(_)
                | Frame::Hit { .. }
                | Frame::ChooseRetreater { .. }
                | Frame::Retreat(_)
                | Frame::TerrainDice { .. }
                | Frame::Overstack { .. }
                | Frame::PickStruck { .. }
                | Frame::BreakAboard { .. }
        )
    });
    if settling {
        return engine::OddsOwn::Best;
    }
    let Action::Marker { target, .. } = began else { return engine::OddsOwn::Stop };
    let mine = g.markers.iter().position(|m| !m.resolved && m.target == *target);
    match (g.stack.last(), g.act.as_ref().map(|a| a.stage)) {
        (Some(Frame::ChooseMelee), _) => mine.map_or(engine::OddsOwn::Stop, |i| {
            engine::OddsOwn::Take(Action::Resolve(u8::try_from(i).expect("a few markers")))
        }),
        _ if mine.is_none() => engine::OddsOwn::Stop,
        (_, Some(crate::state::Stage::Markers)) => engine::OddsOwn::Take(Action::Done),
        (_, Some(crate::state::Stage::MeleeMoves)) => declared_step(g, *target),
        (_, Some(crate::state::Stage::Maneuver)) if engine::Game::legal_actions(g).contains(&Action::Done) => {
            engine::OddsOwn::Take(Action::Done)
        }
        _ => engine::OddsOwn::Best,
    }
}

/// 4.3.2 for a marker's odds: the next step of the attack on `target` that the marker
/// declares. A company steps along a shortest way into the melee hex (the step leaving the
/// least to spend, [`movement::need_after_step`]; every step offered here keeps its melee
/// hex within reach), else the melee moves are done. Leaders are not moved: one may not go
/// in without a company (4.3.2), and whether he joins is the player's risk to take (6.7),
/// not the odds'. A leader already waiting in a melee hex leaves only his followers' steps,
/// taken like any other.
fn declared_step(g: &Belmont, target: Hex) -> engine::OddsOwn<Action> {
    let legal = engine::Game::legal_actions(g);
    let mine = g.markers.iter().position(|m| !m.resolved && m.target == target);
    let step = mine.and_then(|m| {
        let entry = g.markers[m].entry;
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Move { unit, to } if !g.is_leader(*unit) => {
                    // Ties go to a company at the marker's entry hex: one crossing another
                    // hexside first shifts the marker there (4.3.2's note) and would shut
                    // out the companies it was placed for (the fourth playtest).
                    let aside = g.hex_of(*unit) != Some(entry);
                    movement::need_after_step(g, *unit, *to, m).map(|n| ((n, aside), a))
                }
                _ => None,
            })
            .min_by_key(|(key, _)| *key)
            .map(|(_, a)| a.clone())
    });
    match step {
        Some(a) => engine::OddsOwn::Take(a),
        None if legal.contains(&Action::Done) => engine::OddsOwn::Take(Action::Done),
        None => engine::OddsOwn::Best,
    }
}
