//! Every decision a player or chance makes, as one value: the record of a game is a list of
//! these. Serialised in records and on the wire; the variants name the rules' own acts.

use crate::state::{Formation, LeaderId, UnitId};
use hexmap::Hex;
use serde::{Deserialize, Serialize};

/// A counter that moves: a combat unit (or wagon), or a leader (5.0, 17.0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Piece {
    /// A combat unit or supply wagon.
    Unit(UnitId),
    /// A leader.
    Leader(LeaderId),
}

/// An action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// The phasing player (or, in the Defensive Fire Phase, the non-phasing player) is done
    /// with the phase (4.0).
    Done,
    /// Chance: one die, 1-6.
    Roll(u8),
    /// Chance: two dice summed, 2-12 (13.15, 17.76).
    Roll2(u8),
    /// 17.61: detach this brigade commander's brigade from its division.
    Detach(LeaderId),
    /// 17.64, 17.66: attach this brigade commander's brigade to division commander `to`.
    Attach {
        /// The brigade's commander.
        brigade: LeaderId,
        /// The division commander.
        to: LeaderId,
    },
    /// 17.22: division commander `by` spends a Command Point to add a hex to this brigade
    /// commander's Effectiveness Radius.
    Augment {
        /// The division commander.
        by: LeaderId,
        /// The brigade commander.
        brigade: LeaderId,
    },
    /// 5.0: begin a counter's move (a reinforcement's: onto the map at its landing, 4.0 B).
    Select(Piece),
    /// 5.0: a counter in the mover's hex moves with it as a stack, before its first step.
    Join(Piece),
    /// 5.0, 7.11: the moving counter(s) face the adjacent hex and enter it.
    Step(Hex),
    /// 7.12, 8.42: the moving counter(s) end their move, their hex's stack facing this
    /// hexside (0-5, die order).
    Face(u8),
    /// 6.2: the moving unit changes to this formation (Line/Column, limbered/unlimbered).
    Form(Formation),
    /// 5.11: the moving counter(s) end their move where they stand.
    EndMove,
    /// 8.41: a unit goes to the top of its hex's stack (once a phase each).
    ToTop(UnitId),
    /// 6.22: at the end of the Movement Phase, a cavalry unit mounts or dismounts.
    Mount(UnitId),
    /// 9.0: announce a fire at this enemy-held hex.
    FireAt(Hex),
    /// 9.0, 9.45, 7.22: `unit` fires `sp` of its current strength at the announced hex
    /// through its frontal hexside `via` (0-5, die order).
    Fire {
        /// The firing unit.
        unit: UnitId,
        /// Current strength put in (before range, 9.31).
        sp: u8,
        /// The hexside it fires through.
        via: u8,
    },
    /// 9.0, 9.42: the announced fire is rolled.
    Resolve,
    /// 17.53: the leader whose stack fire eliminated joins the unit(s) of his command here.
    LeaderTo(Hex),
    /// 11.23, 11.24, 11.32: supply wagon `wagon` resupplies `unit` (small-arms ammunition,
    /// or a battery's rounds).
    Resupply {
        /// The unit resupplied.
        unit: UnitId,
        /// The wagon.
        wagon: UnitId,
    },
    /// 11.33: battery `from` passes one round to battery `to`.
    Transfer {
        /// The battery giving the round.
        from: UnitId,
        /// The battery taking it.
        to: UnitId,
    },
    /// 13.52, 17.13: the unit's brigade commander spends a Rally Point to rally it.
    Rally(UnitId),
    /// 11.18: infantry or dismounted cavalry unit `from` gives a Strength Point to crew the
    /// wagon `wagon` in its hex.
    Recrew {
        /// The crewless wagon.
        wagon: UnitId,
        /// The unit giving the point.
        from: UnitId,
    },
    /// Belmont's exclusive rule: a Union counter at Hunter's Farm landing goes aboard the
    /// transports and leaves the map.
    Embark(Piece),
    /// 14.4: the retreating unit(s) enter this adjacent hex.
    RetreatTo(Hex),
    /// 12.8, R24: in the Retreat Before Melee Phase, announce that `unit` will melee the
    /// enemy in `at`.
    Announce {
        /// The attacking unit.
        unit: UnitId,
        /// The hex it will melee.
        at: Hex,
    },
    /// 16.2, 12.8: in the Retreat Before Melee Phase, announce that mounted cavalry `unit`
    /// will charge the enemy in `at`.
    Charge {
        /// The charging unit.
        unit: UnitId,
        /// The hex it will charge.
        at: Hex,
    },
    /// 12.81: the defender retreats this unit before melee; 12.94 option 3: the phasing
    /// player retreats this engaged unit out of the melee.
    Retire(UnitId),
    /// 12.85: an announced attacker advances into the hex its target vacated.
    Advance(UnitId),
    /// 12.0: melee the enemy in this hex.
    MeleeAt(Hex),
    /// 12.0, 12.75: this unit joins the melee being declared.
    Attack(UnitId),
    /// 12.74, 12.91, 12.93: this unit takes the melee's next loss.
    Casualty(UnitId),
}
