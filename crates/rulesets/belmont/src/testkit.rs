//! Building positions for tests: place counters, start an activation or a procedure
//! directly, read the pending frame. Not part of the game's API; public so that
//! integration tests (tests/) can set up a position and assert a rule's effect.

use crate::action::Action;
use crate::counters::UnitId;
use crate::procedure::{Frame, run};
use crate::state::{Activation, Belmont, ChitLoc, Loc, Stage};
use engine::Side;
use hexmap::Hex;

/// A hex from its label, panicking on a typo.
#[must_use]
pub fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("hex label")
}

impl Belmont {
    /// A new game with set-up done the quickest way: the first regiment guards the dock
    /// with its first five companies and both sides keep the default deployment; the
    /// game waits at turn 1's first chit pull.
    #[must_use]
    pub fn after_setup(options: &[String]) -> Belmont {
        let mut g = Belmont::new(options).expect("options");
        while !matches!(g.stack.last(), Some(Frame::DrawChit)) {
            let legal = crate::procedure::legal(&g);
            let a = legal
                .iter()
                .find(|a| matches!(a, Action::Done))
                .or_else(|| legal.first())
                .expect("set-up decision")
                .clone();
            crate::procedure::apply(&mut g, &a);
        }
        g
    }

    /// The counter with this id ("27IL-A", "Grant").
    ///
    /// # Panics
    /// If there is none.
    #[must_use]
    pub fn id(&self, id: &str) -> UnitId {
        self.oob().find(id).unwrap_or_else(|| panic!("no counter {id}"))
    }

    /// Takes every counter off the map (to the reserve box), for a clean position.
    pub fn clear_map(&mut self) {
        for u in self.ids().collect::<Vec<_>>() {
            self.set_loc(u, Loc::Reserve);
        }
    }

    /// Puts a counter on a hex.
    pub fn put(&mut self, id: &str, label: &str) -> UnitId {
        let u = self.id(id);
        self.set_loc(u, Loc::Hex(hex(label)));
        u
    }

    /// Puts a counter anywhere (aboard a vessel, on the turn track, out of the game),
    /// keeping the occupancy index in step; write `units[..].loc` directly and it is not.
    pub fn put_loc(&mut self, id: &str, loc: Loc) -> UnitId {
        let u = self.id(id);
        self.set_loc(u, loc);
        u
    }

    /// Flips a counter to its reverse side (broken, reduced, wounded) or back.
    pub fn set_flipped(&mut self, id: &str, flipped: bool) {
        let u = self.id(id);
        self.unit_mut(u).flipped = flipped;
    }

    /// Starts an activation of `side`'s formation `code` at `stage`, replacing the
    /// procedure stack with [draw, this activation], as a pulled chit leaves it (3.2.2;
    /// the end of the turn is pushed once the cup is empty).
    pub fn activate(&mut self, side: Side, code: &str, stage: Stage) {
        self.changed();
        let formation = self.oob().formation(side, code).expect("formation") as u8;
        let chit =
            self.oob().chits.iter().position(|c| c.formation == Some(usize::from(formation))).expect("chit") as u8;
        for c in &mut self.chits {
            if *c == ChitLoc::Cup {
                *c = ChitLoc::Track;
            }
        }
        self.chits[usize::from(chit)] = ChitLoc::Track;
        self.act = Some(Activation {
            chit,
            side,
            formation,
            stage,
            fired_from: vec![],
            volley_checked: vec![],
            moving: None,
            banks_fired: vec![],
            sailed: vec![],
            demoralized: side == Side::Confederate && self.camp_captured == Some(self.turn),
            frozen: vec![],
        });
        self.stack = vec![Frame::DrawChit];
        if stage == Stage::Melees {
            self.stack.push(Frame::ChooseMelee);
        } else {
            self.stack.push(Frame::Activate);
        }
        if self.turn == 0 {
            self.turn = 1;
        }
    }

    /// Replaces the procedure stack (bottom first) and runs automatic frames.
    pub fn set_stack(&mut self, frames: Vec<Frame>) {
        self.changed();
        self.stack = frames;
        run(self);
    }

    /// Pushes a frame on top and runs automatic frames.
    pub fn push_frame(&mut self, f: Frame) {
        self.changed();
        self.stack.push(f);
        run(self);
    }

    /// The pending frame.
    #[must_use]
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }

    /// The whole procedure stack, bottom first.
    #[must_use]
    pub fn frames(&self) -> &[Frame] {
        &self.stack
    }

    /// The options in force.
    #[must_use]
    pub fn opts(&self) -> crate::Options {
        self.opt
    }
}
