//! J. the Final Command Phase (4.0 J): lost brigade commanders replaced (17.8, 17.81, 17.82),
//! crewless wagons recrewed (11.18), and the Belmont scenario's exclusive rules of the phase
//! ([`crate::scenario`]): the camp burned and the Union's embarkation at Hunter's Farm.
//!
//! Order within the phase: replacements first (each placed by its owner on a hex holding a unit
//! of the brigade, 17.8's "any unit of their command"; with one such hex it goes there), then
//! the camp, then the player's choices (recrew, embark) until Done.
//!
//! Readings:
//! - 17.81, 17.82: a brigade commander lost (killed, wounded or captured) is recorded for VP as
//!   he is replaced ([`Gbacw::leader_losses`]); the replacement counter is the same leader with
//!   `replaced` set, and is replaced again each time he is lost. A brigade with no unit on the
//!   map has nowhere to put him: he stays off until it has.
//! - 17.83-17.85: at the end of the phase (17.84) a lost division commander is succeeded by
//!   the first brigade commander of his promotion list (the order of battle's priority) still
//!   on the map, the brigades' own commanders before any anonymous replacement. The division commander's counter comes back at the promoted man's hex and
//!   stands for him (`promoted`: his brigade and the Divisional Integrity Radius he brings,
//!   no Command Points, 17.85); the brigade's own counter turns to its replacement (17.81's
//!   anonymous officer), so no extra counter is needed. The lost commander's fate is
//!   recorded for VP; a successor lost in turn is succeeded again.
//! - 11.18: only a crew killed (not one routed away, whose counter still lives) is replaced; the
//!   new crew's morale is the donor's; "only one Strength Point may ever be assigned": a wagon
//!   is recrewed once a game; a unit of one point cannot give it (it would cease to be).
//! - Camp: burned automatically the first time the conditions hold (the Union has no reason to
//!   refuse); an engaged hex (12.94) does not count.
//! - Embarkation: a counter, leader or unit, in the landing from the scenario's turn on, in the
//!   Union's own Final Command Phase, not in an engaged hex.

use crate::action::{Action, Piece};
use crate::oob::Kind;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Fate, Formation, Gbacw, LeaderId, Loc, UnitId};
use crate::terrain::Terrain;
use crate::{command, scenario};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// The Final Command Phase under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum FinalFrame {
    /// 17.81: the owner places `leader`'s replacement on one of `hexes`.
    Replace {
        /// The brigade commander replaced.
        leader: LeaderId,
        /// Hexes holding a unit of his brigade.
        hexes: Vec<Hex>,
    },
    /// 11.18 and embarkation: the player's choices, or Done.
    Choices,
}

/// Begins the phasing player's Final Command Phase (4.0 J).
pub(crate) fn begin(g: &mut Gbacw) {
    replace_next(g);
}

/// Replaces the next lost brigade commander of the phasing side, or goes on to the camp and
/// the choices.
fn replace_next(g: &mut Gbacw) {
    let side = g.phasing;
    let oob = g.oob();
    for b in (0..oob.brigades.len()).filter(|&b| oob.brigades[b].side == side) {
        let l = command::brigade_leader(g, b);
        let Loc::Gone(fate) = g.leaders[usize::from(l)].loc else { continue };
        // 17.81 replaces a commander killed, wounded or captured; one who embarked left the
        // field safely (the exclusive rule; the third audit: his replacement was left behind
        // and scored captured).
        if fate == Fate::Embarked {
            continue;
        }
        let mut hexes: Vec<Hex> =
            g.unit_ids().filter(|&u| command::unit_brigade(g, u) == Some(b)).filter_map(|u| g.hex_of(u)).collect();
        hexes.sort();
        hexes.dedup();
        if hexes.is_empty() {
            continue;
        }
        g.leader_losses.push((l, fate));
        if let [h] = hexes[..] {
            place(g, l, h);
        } else {
            g.stack.push(Frame::Final(FinalFrame::Replace { leader: l, hexes }));
            return;
        }
    }
    burn_camp(g);
    let f = FinalFrame::Choices;
    if f.legal(g).len() > 1 {
        g.stack.push(Frame::Final(f));
    } else {
        end(g);
    }
}

/// 17.84: promotions at the end of the phase, then the next phase.
fn end(g: &mut Gbacw) {
    promote(g);
    crate::sequence::next_phase(g);
}

/// 17.83-17.85: each lost division commander of the phasing side succeeded (see the module's
/// readings).
fn promote(g: &mut Gbacw) {
    let oob = g.oob();
    for (d, c) in oob.commanders.iter().enumerate() {
        if c.side != g.phasing || c.level != crate::oob::Level::Division {
            continue;
        }
        let Loc::Gone(fate) = g.leaders[d].loc else { continue };
        // 17.83 as 17.81: a division commander who embarked is not succeeded.
        if fate == Fate::Embarked {
            continue;
        }
        // The priority names the brigades' own commanders: an anonymous replacement comes
        // after every one of them still on the map (the fourth audit: McClernand's replacement,
        // placed that phase, was promoted over Dougherty).
        let on_map = |original: bool| {
            c.promotion
                .iter()
                .filter_map(|id| oob.brigades.iter().position(|x| &x.id == id))
                .map(|b| (b, command::brigade_leader(g, b)))
                .filter(|&(_, bl)| g.leaders[usize::from(bl)].replaced != original)
                .find_map(|(b, bl)| g.leader_hex(bl).map(|h| (b, bl, h)))
        };
        let successor = on_map(true).or_else(|| on_map(false));
        let Some((b, bl, h)) = successor else { continue };
        let info = &oob.brigades[b];
        let dir = if g.leaders[usize::from(bl)].replaced { info.replacement.dir } else { info.ratings.dir };
        let dl = LeaderId::try_from(d).expect("fewer than 65,536 leaders");
        g.leader_losses.push((dl, fate));
        let who = g.leader_name(bl);
        let b16 = u16::try_from(b).expect("fewer than 65,536 brigades");
        g.leaders[d] = crate::state::LeaderState { loc: Loc::Map(h), replaced: false, promoted: Some((b16, dir)) };
        g.leaders[usize::from(bl)].replaced = true;
        let lost = c.name.clone();
        g.log.push("GBACW 17.83", || {
            format!("{who} is promoted to command {lost}'s division (DIR {dir}, no Command Points, 17.85); a replacement takes his brigade.")
        });
    }
}

/// 17.81: the replacement takes the field at `h`.
fn place(g: &mut Gbacw, l: LeaderId, h: Hex) {
    let st = &mut g.leaders[usize::from(l)];
    st.loc = Loc::Map(h);
    st.replaced = true;
    let name = g.leader_info(l).1;
    g.log.push("GBACW 17.81", || format!("A replacement commands {name}'s brigade from {h}."));
}

/// The scenario's camp: burned when a Union infantry or cavalry unit, not routed, stands
/// unengaged in a camp hex in the Union's Final Command Phase.
fn burn_camp(g: &mut Gbacw) {
    if g.camp_burned || g.phasing != Side::Union {
        return;
    }
    let burner = g.unit_ids().find(|&u| {
        g.side_of(u) == Side::Union
            && matches!(g.info(u).kind, Kind::Infantry | Kind::Cavalry)
            && !g.unit(u).routed
            && g.hex_of(u).is_some_and(|h| g.map().terrain(h) == Some(Terrain::Camp) && !g.engaged.contains(&h))
    });
    if let Some(u) = burner {
        g.camp_burned = true;
        let (name, vp) = (g.info(u).name.clone(), scenario::belmont().camp_burned);
        g.log.push("GBACW 4.0 J", || format!("{name} burns Camp Johnston: {vp} VP to the Union (exclusive rule)."));
    }
}

/// 11.18: whether `from` may give a Strength Point to crew the wagon `wagon`.
///
/// # Errors
/// The refusal, citing its rule.
pub fn recrew_refusal(g: &Gbacw, wagon: UnitId, from: UnitId) -> Result<(), Illegal> {
    let n = g.units.len();
    if usize::from(wagon) >= n || usize::from(from) >= n {
        return Err(no("11.18", "no such unit"));
    }
    let (w, d) = (&g.info(wagon).name, &g.info(from).name);
    if !crate::fire::wagon::is_wagon(g, wagon) || g.side_of(wagon) != g.phasing {
        return Err(no("11.18", why!("{w} is not one of the {}'s wagons", g.phasing.title())));
    }
    if g.strength(wagon) > 0 || g.hex_of(wagon).is_none() {
        return Err(no("11.18", why!("{w}'s crew has not been killed")));
    }
    if g.recrewed.contains(&wagon) {
        return Err(no("11.18", why!("{w} has had its one Strength Point of crew")));
    }
    let foot = matches!(
        (g.info(from).kind, g.unit(from).formation),
        (Kind::Infantry, _) | (Kind::Cavalry, Formation::Dismounted)
    );
    if !foot || g.side_of(from) != g.phasing {
        return Err(no("11.18", why!("{d} is not friendly infantry or dismounted cavalry")));
    }
    if g.hex_of(from) != g.hex_of(wagon) {
        return Err(no("11.18", why!("{d} is not on {w}")));
    }
    if g.strength(from) < 2 {
        return Err(no("11.18", why!("{d} has no Strength Point to spare")));
    }
    Ok(())
}

/// Exclusive rule: whether `p` may embark now.
///
/// # Errors
/// The refusal, citing the rule.
pub fn embark_refusal(g: &Gbacw, p: Piece) -> Result<(), Illegal> {
    if !crate::movement::exists(g, p) {
        return Err(no("4.0 J", "no such counter"));
    }
    let ex = scenario::belmont();
    let name = crate::movement::name(g, p);
    if crate::movement::side(g, p) != Side::Union || g.phasing != Side::Union {
        return Err(no("4.0 J", "only the Union embarks, in its own Final Command Phase (exclusive rule)"));
    }
    if g.turn < ex.embark_from {
        let from = g.oob().turns.label(ex.embark_from).unwrap_or_default();
        return Err(no("4.0 J", why!("the transports take men aboard from {from} (exclusive rule)")));
    }
    let Some(h) = crate::movement::hex(g, p) else { return Err(no("4.0 J", why!("{name} is not on the map"))) };
    if !ex.embark_hexes.contains(&h) {
        return Err(no("4.0 J", why!("{name} is not at the landing (exclusive rule)")));
    }
    if g.engaged.contains(&h) {
        return Err(no("12.94", why!("{name} is engaged in melee")));
    }
    if let Piece::Unit(u) = p
        && crate::fire::wagon::is_wagon(g, u)
    {
        return Err(no("4.0 J", "the wagon stands for the transports' stores and stays (exclusive rule)"));
    }
    Ok(())
}

impl Procedure<Gbacw, Action> for FinalFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        Actor::Side(g.phasing)
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        match self {
            FinalFrame::Replace { leader, .. } => (
                "GBACW 17.81",
                format!("place the replacement for {} with a unit of his brigade", g.leader_info(*leader).1),
            ),
            FinalFrame::Choices => (
                "GBACW 4.0",
                format!(
                    "{} J. Final Command Phase: recrew wagons (11.18), embark at the landing, or Done",
                    g.phasing.title()
                ),
            ),
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        match self {
            FinalFrame::Replace { hexes, .. } => hexes.iter().map(|&h| Action::LeaderTo(h)).collect(),
            FinalFrame::Choices => {
                let mine: Vec<UnitId> =
                    g.unit_ids().filter(|&u| g.side_of(u) == g.phasing && g.hex_of(u).is_some()).collect();
                let mut out = Vec::new();
                for &w in mine.iter().filter(|&&u| crate::fire::wagon::is_wagon(g, u)) {
                    for &from in &mine {
                        if recrew_refusal(g, w, from).is_ok() {
                            out.push(Action::Recrew { wagon: w, from });
                        }
                    }
                }
                let pieces = mine.iter().map(|&u| Piece::Unit(u)).chain(g.leader_ids().map(Piece::Leader));
                out.extend(pieces.filter(|&p| embark_refusal(g, p).is_ok()).map(Action::Embark));
                out.push(Action::Done);
                out
            }
        }
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match (self, *a) {
            (FinalFrame::Replace { leader, .. }, Action::LeaderTo(h)) => {
                place(g, leader, h);
                replace_next(g);
            }
            (FinalFrame::Choices, Action::Recrew { wagon, from }) => {
                g.unit_mut(from).lost += 1;
                g.unit_mut(from).given += 1;
                let morale = g.unit(from).morale;
                let turn = g.turn;
                let st = g.unit_mut(wagon);
                st.lost = 0;
                st.morale = morale;
                st.recrewed_on = Some(turn);
                g.recrewed.push(wagon);
                let (w, d) = (g.info(wagon).name.clone(), g.info(from).name.clone());
                g.log.push("GBACW 11.18", || format!("{d} gives a Strength Point to crew {w}."));
                g.stack.push(Frame::Final(FinalFrame::Choices));
            }
            (FinalFrame::Choices, Action::Embark(p)) => {
                let name = crate::movement::name(g, p);
                match p {
                    Piece::Unit(u) => g.unit_mut(u).loc = Loc::Gone(Fate::Embarked),
                    Piece::Leader(l) => g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Embarked),
                }
                g.log.push("GBACW 4.0 J", || format!("{name} embarks on the transports (exclusive rule)."));
                g.stack.push(Frame::Final(FinalFrame::Choices));
            }
            (FinalFrame::Choices, Action::Done) => end(g),
            (f, a) => unreachable!("{f:?} {a:?}"),
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        match (self, *a) {
            (FinalFrame::Choices, Action::Recrew { wagon, from }) => recrew_refusal(g, wagon, from).err(),
            (FinalFrame::Choices, Action::Embark(p)) => embark_refusal(g, p).err(),
            (FinalFrame::Replace { leader, hexes }, Action::LeaderTo(h)) if !hexes.contains(&h) => {
                Some(no("17.8", why!("{h} holds no unit of {}'s brigade", g.leader_info(*leader).1)))
            }
            _ => None,
        }
    }
}
