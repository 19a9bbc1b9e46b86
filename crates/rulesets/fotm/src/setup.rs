//! 11.1 Set-up: a new game, and each side's chance to adjust its set-up. Confederate units go
//! on or within two hexes of their listed hex, Union units on their listed hex; each side picks
//! its brigades' facings. The game starts from the authored card's placement (Confederates
//! facing east, the Union facing west), so a side that is content simply says Done.

use crate::action::Action;
use crate::oob::Start;
use crate::procedure::{Frame, Procedure};
use crate::sequence::SeqFrame;
use crate::state::{Bde, Cmdr, Fotm, LeeState, Loc, Pause, Phase, Unit};
use crate::{Options, oob, stacking};
use engine::{Actor, Log, Side};
use hexmap::Hex;

/// 11.1: how far from its listed hex a Confederate unit may set up.
pub const CONFEDERATE_SETUP_RADIUS: u16 = 2;
/// Authored default facing of Confederate brigades: front towards geographic east-southeast.
pub const CONFEDERATE_FACING: u8 = 3;
/// Authored default facing of Union brigades: front towards geographic west-northwest.
pub const UNION_FACING: u8 = 0;

/// A side adjusting its set-up, each unit at most once.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SetupFrame {
    /// Who is setting up.
    pub side: Side,
    /// Units already re-placed.
    pub placed: Vec<Unit>,
}

/// A new game at the start of set-up.
pub(crate) fn new_game(options: Vec<String>, opt: Options) -> Fotm {
    let oob = oob::south_mountain();
    let mut g = Fotm {
        options,
        opt,
        turn: 1,
        phasing: Side::Confederate,
        phase: Phase::Setup,
        brigades: oob
            .brigades
            .iter()
            .map(|b| Bde {
                loc: Loc::Waiting,
                facing: if b.side == Side::Union { UNION_FACING } else { CONFEDERATE_FACING },
                losses: 0,
                lcm: 0,
                column: false,
                mounted: matches!(b.arm, oob::Arm::Cavalry | oob::Arm::HorseArtillery),
                routed: false,
                order: 0,
                moved: false,
                assaulted: false,
                regrouped: false,
                pursuing: false,
            })
            .collect(),
        commanders: oob
            .commanders
            .iter()
            .map(|_| Cmdr { hex: None, casualties: 0, gone: false, moved: false, must_leave_zoc: false })
            .collect(),
        guards: Vec::new(),
        control: [Side::Confederate; 3],
        gap_captured: None,
        broke_out: 0,
        pursuit_owed: 0,
        breakout_exits: Vec::new(),
        pause: Pause::NotYet,
        cavalry_halted: false,
        cavalry_released: false,
        lee: LeeState::default(),
        scored: [0, 0],
        retreats: [0, 0],
        next_order: 0,
        cm_used: Vec::new(),
        stack: Vec::new(),
        log: Log::recording(),
        legal_memo: engine::LegalMemo::default(),
    };
    for b in g.all_brigades() {
        if let Start::Setup(h) = g.info(b).start {
            g.set_loc(b, Loc::Map(h));
        }
    }
    for c in g.all_commanders() {
        if let Start::Setup(h) = g.cinfo(c).start {
            g.cmdr_mut(c).hex = Some(h);
        }
    }
    g.stack.push(Frame::Seq(SeqFrame::GameStart));
    g.stack.push(Frame::Setup(SetupFrame { side: Side::Union, placed: vec![] }));
    g.stack.push(Frame::Setup(SetupFrame { side: Side::Confederate, placed: vec![] }));
    g
}

/// The hex a unit is listed at on the set-up card, if it starts on the map.
fn listed(g: &Fotm, u: Unit) -> Option<Hex> {
    let start = match u {
        Unit::Brigade(b) => &g.info(b).start,
        Unit::Commander(c) => &g.cinfo(c).start,
    };
    match start {
        Start::Setup(h) => Some(*h),
        _ => None,
    }
}

/// The hexes a unit may set up on (11.1).
fn setup_hexes(g: &Fotm, u: Unit) -> Vec<Hex> {
    let Some(h) = listed(g, u) else { return vec![] };
    let side = g.owner(u);
    let map = g.map();
    let mut hexes = if side == Side::Confederate { h.within(CONFEDERATE_SETUP_RADIUS) } else { vec![h] };
    hexes.retain(|&x| map.contains(x) && g.occupant(x) != Some(side.enemy()));
    hexes.sort();
    hexes
}

impl Procedure<Fotm, Action> for SetupFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        Actor::Side(self.side)
    }

    fn prompt(&self, _g: &Fotm) -> (&'static str, String) {
        let how = if self.side == Side::Confederate {
            "on or within two hexes of its listed hex"
        } else {
            "on its listed hex"
        };
        ("FotM 11.1", format!("{} set-up: place each unit {how} and choose its facing, or Done", self.side.title()))
    }

    fn legal(&self, g: &Fotm) -> Vec<Action> {
        let mut out = vec![Action::Done];
        let units = g
            .all_brigades()
            .map(Unit::Brigade)
            .chain(g.all_commanders().map(Unit::Commander))
            .filter(|&u| g.owner(u) == self.side && !self.placed.contains(&u) && g.unit_hex(u).is_some());
        for u in units {
            for hex in setup_hexes(g, u) {
                match u {
                    Unit::Brigade(b) => {
                        if !stacking::has_room(g, hex, b) {
                            continue;
                        }
                        for facing in 0..6 {
                            if g.hex_of(b) != Some(hex) || g.bde(b).facing != facing {
                                out.push(Action::Deploy { unit: u, hex, facing });
                            }
                        }
                    }
                    Unit::Commander(c) => {
                        if g.cmdr(c).hex != Some(hex) && stacking::has_commander_room(g, hex, self.side, Some(c)) {
                            out.push(Action::Deploy { unit: u, hex, facing: 0 });
                        }
                    }
                }
            }
        }
        out
    }

    fn apply(mut self, g: &mut Fotm, a: &Action) {
        match *a {
            Action::Deploy { unit, hex, facing } => {
                match unit {
                    Unit::Brigade(b) => {
                        if g.hex_of(b) != Some(hex) {
                            g.set_loc(b, Loc::Map(hex));
                        }
                        g.bde_mut(b).facing = facing;
                    }
                    Unit::Commander(c) => g.cmdr_mut(c).hex = Some(hex),
                }
                g.note("FotM 11.1", |g| {
                    format!("{} sets up in {hex} facing {}", g.uname(unit), crate::facing::facing_name(facing))
                });
                self.placed.push(unit);
                g.stack.push(Frame::Setup(self));
            }
            _ => {
                g.note("FotM 11.1", |_| format!("{} set-up complete", self.side.title()));
            }
        }
    }
}
