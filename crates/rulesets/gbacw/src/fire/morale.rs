//! 13.0-13.44 morale checks called by fire, with 9.83, 9.87 and 9.88.
//!
//! Readings (plan R7, R8): every die compared with a morale takes -1 for a leader in the hex
//! (13.23, 9.83), +1 for more than half the initial strength lost (13.24) and +1 when the
//! fire enfiladed the unit (13.26 "enveloped" read as 7.23's enfiladed; 9.83), each once.
//! A green unit's first check rolls two dice on 13.15 first (13.14). A unit that routs takes
//! no further check from the same fire (9.88); when one routs, every other unit of the hex not
//! yet checked checks too (13.42, 8.22). The units routed retreat when the fire is done
//! (13.31, [`crate::retreat`]); retreat fire never routs a routed unit again (10.2, R11).

use super::resolve::{Resolution, Shot, Step};
use crate::state::{Gbacw, UnitId};

/// What a morale check decides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Check {
    /// 9.81, 9.88: a casualty: above morale routs; with `then_pin` ("*"), a passed check is
    /// followed by [`Check::SecondPin`].
    Casualty {
        /// The "*" of the result.
        then_pin: bool,
    },
    /// 9.88: the second die: above morale pins.
    SecondPin,
    /// 9.87 "P": above morale pins.
    Pin,
    /// 9.87 "R", 13.42, 13.44, 8.22: above morale routs.
    Rout,
    /// 9.83 "P/R": above morale routs, otherwise pinned.
    PinOrRout,
}

/// 13.23, 13.24, 13.26 (R7, R8), and 18.0's lost BCE: what is added to a morale die of unit
/// `u`.
#[must_use]
pub fn modifier(g: &Gbacw, u: UnitId, enfiladed: bool) -> i32 {
    modifiers(g, u, enfiladed).total()
}

/// The parts of [`modifier`], each with what it is for the log; at most four, so no
/// allocation on the way to a morale die.
#[derive(Clone, Copy, Debug, Default)]
pub struct Modifiers([Option<(i32, &'static str)>; 4]);

impl Modifiers {
    /// What they add to the die.
    #[must_use]
    pub fn total(&self) -> i32 {
        self.0.iter().flatten().map(|&(m, _)| m).sum()
    }

    /// "modified 6 (over half lost 13.24 +1)": the modified `die` with its parts, for the log
    /// (the sixth playtest could not tell where a +1 came from).
    #[must_use]
    pub fn text(&self, die: u8) -> String {
        let total = i32::from(die) + self.total();
        let list: Vec<String> = self.0.iter().flatten().map(|(m, w)| format!("{w} {m:+}")).collect();
        if list.is_empty() { format!("modified {total}") } else { format!("modified {total} ({})", list.join(", ")) }
    }
}

/// The parts of [`modifier`] for unit `u`.
#[must_use]
pub fn modifiers(g: &Gbacw, u: UnitId, enfiladed: bool) -> Modifiers {
    let leader = g.hex_of(u).is_some_and(|h| !crate::leaders::leaders_at(g, h, g.side_of(u)).is_empty());
    let half = u32::from(g.unit(u).lost) * 2 > u32::from(g.info(u).strength());
    // 18.0 with Belmont's exclusive rule: a brigade that has lost its BCE checks worse.
    let bce = crate::victory::unit_bce_lost(g, u);
    Modifiers([
        leader.then_some((-1, "leader with it 13.23")),
        half.then_some((1, "over half lost 13.24")),
        enfiladed.then_some((1, "enfiladed 13.26")),
        bce.then(|| (i32::from(crate::scenario::belmont().bce_morale), "brigade without BCE 18.0")),
    ])
}

/// [`Modifiers::text`] for unit `u`'s die.
#[must_use]
pub fn modified_text(g: &Gbacw, u: UnitId, enfiladed: bool, die: u8) -> String {
    modifiers(g, u, enfiladed).text(die)
}

/// Applies a morale die to unit `u`.
pub(crate) fn check(g: &mut Gbacw, r: &mut Resolution, u: UnitId, c: Check, die: u8) {
    let Some(h) = g.hex_of(u) else { return };
    let morale = i32::from(g.unit(u).morale.expect("known by now (13.14)"));
    let mods = modifiers(g, u, r.enfiladed.contains(&u));
    let total = i32::from(die) + mods.total();
    let above = total > morale;
    let name = g.info(u).name.clone();
    g.log.push("GBACW 13.21", || format!("{name}: die {die}, {}, against morale {morale}.", mods.text(die)));
    // 10.2, R11: retreat fire never routs a routed unit again.
    let spared = r.shot == Shot::Retreat && g.unit(u).routed;
    let rout = matches!(c, Check::Casualty { .. } | Check::Rout | Check::PinOrRout) && above && !spared;
    let pin = (matches!(c, Check::Pin | Check::SecondPin) && above) || (c == Check::PinOrRout && !above);
    if rout {
        let again = g.unit(u).routed;
        g.unit_mut(u).routed = true;
        if !r.routed.contains(&u) {
            r.routed.push(u);
        }
        g.log.push("GBACW 13.21", || {
            if again { format!("{name} routs again (13.33).") } else { format!("{name} routs.") }
        });
        // 9.88: no further action for it.
        r.steps.retain(|s| !matches!(s, Step::Morale(v, _) if *v == u));
        // 13.42, 8.22: every unit of the hex not yet checked checks.
        for v in r.hit.clone() {
            let here = g.hex_of(v) == Some(h);
            if here && !r.checked.contains(&v) && v != u && super::resolve::stands(g, v) {
                r.checked.push(v);
                r.steps.push(Step::Morale(v, Check::Rout));
            }
        }
    } else if let Check::Casualty { then_pin: true } = c {
        r.steps.insert(0, Step::Morale(u, Check::SecondPin));
    }
    if pin && !g.pinned.contains(&h) {
        g.pinned.push(h);
        g.log.push("GBACW 9.84", || format!("{name} is pinned: the hex {h} is pinned."));
    }
}
