//! 15.0 The Combat Phase: the phasing player announces Assaults one at a time (15.1, 15.4);
//! each runs offensive artillery fire (suppression first, 9.4, 15.6), defensive fire (15.7),
//! close combat (15.4), step losses on the Lead Brigades (15.8), leader casualties (16.1, 7.2),
//! routs and retreats (17.0) and the post-combat advance (15.10), then the phasing player may
//! reorder his stacks (4.2).
//!
//! Readings decided here (each also beside its item):
//! - 15.2 "ten dice per Assault": each side rolls at most ten dice in the whole Assault (the
//!   attacker's suppression or ranged/canister fire and close combat together; the defender's
//!   suppression and defensive fire together); each roll takes what the side's earlier rolls
//!   left, in the Assault's order (15.4).
//! - 11.6 "ignore the first six rolled": each side's first six in each Assault.
//! - 15.2 Union corps: -1, once, to "the combined SPs" of a side whose brigades in the Assault
//!   (attackers, or the defending hex) come from more than one Union corps. It goes to the
//!   side's main roll, as Longstreet's +2 does: the attacker's close combat (its artillery
//!   roll in an Assault without close combat), the defender's defensive fire (its suppression
//!   fire when it makes none).
//! - 15.3 woods: the side fired at always re-rolls one six (it can only gain).
//! - 15.4 mandatory close combat: a hex is owed close combat while an infantry or cavalry
//!   brigade of the phasing side, at the same elevation and adjacent, could still join an
//!   Assault on it (not yet assaulted, not in column, routed or regrouped, the hex not in its
//!   rear, not mounted cavalry at woods).
//! - 15.7 defensive fire: the main roll is made only at an adjacent assaulting Lead Brigade,
//!   which takes its steps (15.7, 15.8) wherever it stands; the hex fires at the Assault as a
//!   whole, as one roll into one adjacent assaulting hex (15.2: no brigade divides its SP
//!   between target hexes), the one best for the defender. Arcs (5.1) and terrain (15.3, "the
//!   hex that is the target") are that hex's, so a Lead in the defender's rear draws fire only
//!   through another assaulting hex in a front or flank, at that hex's elevation, and a Lead
//!   alone in the rear none. 15.3's close-combat elevation modifier adjusts the infantry and
//!   cavalry SP only (never below none); canister is never modified for a one- or two-level
//!   change, neither reduced uphill nor raised downhill (9.3 "up or down"; 15.3 gives artillery
//!   no SP at a lower target, only ranged fire's extra hex), as in offensive canister fire.
//! - 15.7 defending artillery: one choice for the hex's guns, suppression or canister; asked
//!   only when both are possible, otherwise the possible one is used.
//! - 9.4 suppression: one instance a side an Assault, whatever the number of batteries on
//!   either side (15.4 totals every suppressing SP into one roll; 15.8 puts one Assault's most
//!   at three steps, one of them suppression); the side firing chooses the battery it targets
//!   (15.8 "the Artillery Brigade being targeted") when more than one is in reach.
//! - 15.10 advancing: participating infantry and cavalry still adjacent (not routed, with room)
//!   must advance if 13.2 lets them make the move (three levels bar all, two bar mounted
//!   cavalry). 15.6: when none of them can and the Assault's offensive artillery fire has
//!   been made (an artillery-only Assault, say), any friendly infantry or cavalry brigade
//!   adjacent to the emptied hex may occupy it; that advance is optional. The defender never
//!   advances, so 15.7's "does not occupy" needs no code.
//! - 15.7 a failed morale check of the assaulting Lead Brigade: the attacking brigades in its
//!   hex fall back and the Assault ends there (no close combat; 15.7 continues the Assault only
//!   on a pass). What the offensive artillery fire did still stands (17.4 routs, 17.2 checks).
//! - 16.1 "artillery fire": the attacker's offensive artillery fire (suppression, ranged or
//!   canister) that actually rolled at least one die.
//! - 10.5 Longstreet's +2 SP go to the close combat roll, or to the artillery roll of an
//!   Assault without close combat. Whether an Assault he takes part in gets them is the
//!   Confederate player's choice, asked at launch until he takes them.
//! - 15.8 the defending hex loses at most two steps in an Assault from offensive ranged or
//!   canister fire and close combat together (suppression's one step is separate), so the most
//!   an Assault takes is three.
//! - 4.2, 15.8 a Lead Brigade eliminated with steps still to take: the next Lead of the same
//!   side takes them, on the attacking side as on the defending side (4.2: one Lead Brigade for
//!   each defending hex and each Assault); it has lost one step, not two, so it stays in place
//!   and makes no 15.7 check or 17.2 choice. Who leads next is the owner's choice where 4.2
//!   leaves one (more than one candidate: worn infantry with cavalry present, the top infantry
//!   of each assaulting hex, two sharpshooter brigades) and fixed otherwise; likewise for a
//!   7.2 or 16.1 leader casualty whose Lead has gone. A Lead sent to the bottom after two
//!   steps (15.8) is still the Assault's Lead for its casualties; the stack order makes another
//!   brigade the Lead from the next Assault.
//! - 17.4 "four sixes rolled during an Assault": the attacker's sixes against the hex in that
//!   Assault (artillery fire and close combat), counted after dusk and woods; defensive fire
//!   never routs.

use crate::action::Action;
use crate::artillery::{self, by_arc};
use crate::casualty::{self, CasualtyFrame, LEADER_SIXES, SHARPSHOOTER_ONES};
use crate::facing::{self, Arc};
use crate::oob::Arm;
use crate::procedure::{Frame, Procedure, combat_dice, d6};
use crate::state::{Bid, Fotm, LongstreetBonus};
use crate::{retreat, sequence, stacking, terrain};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

mod frame;
mod strength;
pub use strength::*;

/// 15.2: the most dice a side rolls at once.
pub const MAX_DICE: u8 = 10;
/// 15.8: the most steps a defending hex (or the attacking Lead Brigade) loses in an Assault.
pub const MAX_STEP_LOSS: u8 = 2;
/// 9.4, 15.8: the most steps one instance of suppression fire takes.
pub const SUPPRESSION_MAX: u8 = 1;
/// 17.4: attacker sixes in an Assault that rout the defending hex.
pub const ROUT_SIXES: u8 = 4;
/// 15.3: a woods re-roll still counts on this or more.
pub const WOODS_KEEP: u8 = 5;
/// 15.2: the SP lost when Union brigades of more than one corps fight together.
pub const CORPS_PENALTY: i32 = 1;
/// 10.5: Longstreet's SP bonus to one Assault.
pub const LONGSTREET_SP: i32 = 2;
/// 15.2, 17.4: column and routed brigades defend at a quarter of their SP, rounded up.
pub const QUARTER: u8 = 4;

/// The rolls of an Assault.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shot {
    /// 15.6, 9.4: offensive suppression fire at the hex's artillery.
    OffSuppress,
    /// 15.6: offensive ranged or canister fire at the hex's infantry and cavalry.
    OffFire,
    /// 15.7: defensive suppression fire at an assaulting artillery brigade.
    DefSuppress,
    /// 15.7: defensive fire at the assaulting Lead Brigade.
    DefFire,
    /// 15.4: close combat.
    Close,
}

impl Shot {
    /// The roll's name in the rulebook's words, for the log.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Shot::OffSuppress => "Offensive suppression fire (15.6)",
            Shot::OffFire => "Offensive fire (15.6)",
            Shot::DefSuppress => "Defensive suppression fire (15.7)",
            Shot::DefFire => "Defensive fire (15.7)",
            Shot::Close => "Close combat (15.4)",
        }
    }
}

/// Where an Assault stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// 15.4 Initiation: brigades join, then Launch or Cancel.
    Announce,
    /// 10.5: the Confederate player chooses whether Longstreet's +2 SP go to this Assault.
    Longstreet,
    /// 4.2: the attacker chooses the Lead Brigade.
    AttackLead,
    /// 4.2: the defender chooses the Lead Brigade.
    DefendLead,
    /// 15.6: suppression fire if the hex holds artillery.
    OffSuppress,
    /// 15.6: ranged or canister fire otherwise.
    OffFire,
    /// 15.7: the defender chooses suppression (yes) or canister (no) for his artillery.
    DefChoice,
    /// 15.7: defensive suppression fire.
    DefSuppress,
    /// 9.4, 15.8: the side making this suppression fire chooses the artillery brigade it
    /// targets, when more than one is in reach.
    Victim {
        /// The suppression roll (offensive or defensive).
        fire: Shot,
    },
    /// 15.7: the defending hex fires.
    DefFire,
    /// 4.2, 15.8: the Lead Brigade of the side fired at (the defending hex's; the Assault's for
    /// `DefFire`) has been eliminated with `steps` still to take or a leader casualty (`ones`,
    /// 7.2; or 16.1 at the end of the Assault) to place, and more than one brigade may lead
    /// next: its owner chooses.
    NewLead {
        /// The roll whose losses are being taken (`Close` with nothing left: 16.1's casualty).
        fire: Shot,
        /// Steps still to take.
        steps: u8,
        /// Ones rolled (7.2).
        ones: u8,
    },
    /// 15.7: the attacking Lead Brigade's morale check after two losses.
    AttackerMorale,
    /// 15.4: close combat.
    CloseCombat,
    /// 16.1, 17.0: leader casualties, routs, morale checks and retreats.
    Resolve,
    /// 15.10: the advance into a vacated hex.
    Advance,
    /// 4.2: the phasing player may change stacking order.
    Reorder,
    /// A roll of `dice` dice (counting ones for sharpshooters).
    Roll {
        /// Which roll.
        fire: Shot,
        /// Dice rolled.
        dice: u8,
        /// The dice its SP would give before 15.2's ten-dice cap took what earlier rolls used.
        of: u8,
        /// Ones matter (7.2).
        ones: bool,
    },
    /// 15.3: the woods re-roll of one six.
    Reroll {
        /// Which roll.
        fire: Shot,
        /// Sixes before the re-roll.
        sixes: u8,
        /// Ones rolled.
        ones: u8,
    },
}

/// The Assault on top of the stack (being announced or resolved), if one is.
#[must_use]
pub fn announced(g: &Fotm) -> Option<&Assault> {
    match g.stack.last() {
        Some(Frame::Combat(c)) => match &**c {
            CombatFrame::Assault(a) => Some(a),
            _ => None,
        },
        _ => None,
    }
}

/// One Assault under way (15.4).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Assault {
    /// The attacker (the phasing side).
    pub side: Side,
    /// The hex assaulted.
    pub target: Hex,
    /// Hexes already assaulted this phase (15.2).
    pub targeted: Vec<Hex>,
    /// The participating brigades.
    pub joined: Vec<Bid>,
    /// The brigades in the target hex at launch.
    pub defenders: Vec<Bid>,
    /// The hexes the Assault is made from, at launch.
    pub hexes: Vec<Hex>,
    /// Where it stands.
    pub stage: Stage,
    /// The attacking Lead Brigade.
    pub att_lead: Option<Bid>,
    /// The defending Lead Brigade.
    pub def_lead: Option<Bid>,
    /// The attacker's sixes against the hex (16.1, 17.4).
    pub sixes: u8,
    /// The attacker fired artillery (16.1).
    pub artillery_fired: bool,
    /// The attacker made close combat (16.1).
    pub close_combat: bool,
    /// 15.7, 17.2: the steps each attacking brigade has lost to defensive fire, one entry a step.
    pub att_steps: Vec<Bid>,
    /// The brigade that lost two steps (17.2).
    pub two_loss: Option<Bid>,
    /// 11.6: each side's first six has been ignored.
    pub dusk_used: [bool; 2],
    /// 15.2: dice each side (by [`Side::index`]) has rolled so far in this Assault, at most
    /// [`MAX_DICE`] in all.
    pub dice_used: [u8; 2],
    /// 15.8, 17.2: the steps each defending brigade has lost in this Assault, one entry a step.
    pub def_steps: Vec<Bid>,
    /// 10.5: Longstreet's +2 SP applies.
    pub longstreet: bool,
    /// 15.7: the defender's artillery uses suppression fire.
    pub def_suppress: bool,
    /// The artillery brigade a suppression roll is aimed at.
    pub victim: Option<Bid>,
    /// 15.10: a brigade has advanced.
    pub advanced: bool,
}

/// Combat under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum CombatFrame {
    /// The phasing player announces Assaults, or Done.
    Phase {
        /// The phasing side.
        side: Side,
        /// Hexes assaulted already this phase (15.2).
        targeted: Vec<Hex>,
    },
    /// An Assault.
    Assault(Assault),
    /// A leader casualty (16.0, 7.2).
    Casualty(CasualtyFrame),
}

fn push(g: &mut Fotm, f: CombatFrame) {
    g.stack.push(Frame::Combat(Box::new(f)));
}

/// Begins a side's Combat Phase.
pub(crate) fn start_phase(g: &mut Fotm, side: Side) {
    push(g, CombatFrame::Phase { side, targeted: vec![] });
}

impl Assault {
    fn new(side: Side, target: Hex, targeted: Vec<Hex>) -> Assault {
        Assault {
            side,
            target,
            targeted,
            joined: vec![],
            defenders: vec![],
            hexes: vec![],
            stage: Stage::Announce,
            att_lead: None,
            def_lead: None,
            sixes: 0,
            artillery_fired: false,
            close_combat: false,
            att_steps: vec![],
            two_loss: None,
            dusk_used: [false; 2],
            dice_used: [0; 2],
            def_steps: vec![],
            longstreet: false,
            def_suppress: false,
            victim: None,
            advanced: false,
        }
    }

    fn push(self, g: &mut Fotm) {
        push(g, CombatFrame::Assault(self));
    }

    fn at(mut self, stage: Stage, g: &mut Fotm) {
        self.stage = stage;
        self.push(g);
    }

    /// Participants still on the map.
    fn present(&self, g: &Fotm) -> Vec<Bid> {
        self.joined.iter().copied().filter(|&b| g.hex_of(b).is_some()).collect()
    }

    /// Defenders still in the hex.
    fn holding(&self, g: &Fotm) -> Vec<Bid> {
        g.brigades_at(self.target, self.side.enemy())
    }

    /// Participating artillery able to fire.
    fn guns(&self, g: &Fotm) -> Vec<Bid> {
        self.present(g).into_iter().filter(|&b| artillery::can_fire(g, b)).collect()
    }

    /// Participating infantry and cavalry still adjacent.
    fn melee(&self, g: &Fotm) -> Vec<Bid> {
        self.present(g).into_iter().filter(|&b| is_melee(g, b) && may_close(g, b, self.target)).collect()
    }

    fn mandatory(&self, g: &Fotm) -> bool {
        mandatory_hexes(g, self.side, &self.targeted).contains(&self.target)
    }

    fn can_launch(&self, g: &Fotm) -> bool {
        !self.joined.is_empty() && (!self.mandatory(g) || self.joined.iter().any(|&b| is_melee(g, b)))
    }

    /// 4.2: the brigades that may lead the defending hex (`defending`) or the Assault now.
    fn lead_candidates(&self, g: &Fotm, defending: bool) -> Vec<Bid> {
        let bs = if defending { self.holding(g) } else { self.present(g) };
        stacking::lead_candidates(g, &bs)
    }

    /// The Lead Brigade of the defending hex (`defending`) or of the Assault now (4.2, 15.8):
    /// the one chosen while it is still there; when it has gone (eliminated), the only brigade
    /// that may lead next, which becomes the Lead. `Err` when more than one may: the owning
    /// player chooses ([`Stage::NewLead`]); `Ok(None)` when none is left.
    ///
    /// Reading (15.8): a Lead that lost two steps and went to the bottom is still there, so it
    /// stays this Assault's Lead (for a 7.2 or 16.1 casualty from the same fighting); 15.8's
    /// "different unit designated" takes effect through the stack order, from the next Assault.
    fn lead_now(&mut self, g: &mut Fotm, defending: bool) -> Result<Option<Bid>, ()> {
        let lead = if defending { self.def_lead } else { self.att_lead };
        let still = if defending {
            lead.is_some_and(|b| g.hex_of(b) == Some(self.target))
        } else {
            lead.is_some_and(|b| g.hex_of(b).is_some())
        };
        if still {
            return Ok(lead);
        }
        let c = self.lead_candidates(g, defending);
        if c.len() > 1 {
            return Err(());
        }
        let next = c.first().copied();
        if defending {
            self.def_lead = next;
        } else {
            self.att_lead = next;
        }
        if let Some(b) = next {
            g.note("FotM 4.2", |g| format!("{} now leads", g.name(b)));
        }
        Ok(next)
    }

    fn launch(mut self, g: &mut Fotm) {
        for &b in &self.joined {
            g.bde_mut(b).assaulted = true;
        }
        let side = self.side;
        let target = self.target;
        g.note("FotM 15.4", |g| {
            let names: Vec<&str> = self.joined.iter().map(|&b| g.name(b)).collect();
            format!("{} assault {target} with {}", side.title(), names.join(", "))
        });
        crate::retreat::guards_assaulted(g, target, side);
        let mut hexes: Vec<Hex> = self.joined.iter().filter_map(|&b| g.hex_of(b)).collect();
        hexes.sort();
        hexes.dedup();
        self.hexes = hexes;
        self.defenders = self.holding(g);
        // 11.4: a Confederate infantry or artillery Assault other than pure suppression fire
        // frees the Union from Burnside's pause.
        let pure_suppression =
            self.joined.iter().all(|&b| g.arm(b).is_artillery()) && !enemy_artillery(g, target, side).is_empty();
        if side == Side::Confederate
            && !pure_suppression
            && self.joined.iter().any(|&b| matches!(g.arm(b), Arm::Infantry | Arm::Artillery | Arm::HorseArtillery))
        {
            sequence::end_pause(g, "a Confederate Assault");
        }
        if self.defenders.is_empty() {
            return self.at(Stage::Reorder, g);
        }
        // 10.5: Longstreet "can" add his 2 SP to an Assault he takes part in (from a hex the
        // Assault is made from): the Confederate player chooses which (Reading: asked at each
        // such Assault until he takes it; the bonus lasts the turn).
        if side == Side::Confederate
            && sequence::longstreet_bonus(g, LongstreetBonus::Assault)
            && g.commander_id("Longstreet").and_then(|c| g.cmdr(c).hex).is_some_and(|h| self.hexes.contains(&h))
        {
            return self.at(Stage::Longstreet, g);
        }
        self.at(Stage::AttackLead, g);
    }

    /// The side that makes the roll `fire`.
    fn roller(&self, fire: Shot) -> Side {
        if matches!(fire, Shot::DefSuppress | Shot::DefFire) { self.side.enemy() } else { self.side }
    }

    /// Rolls `sp` dice for `fire`, or moves on to `next` when there are none. 15.2: a side rolls
    /// at most ten dice in the whole Assault, so each roll takes what its earlier rolls left.
    fn roll(mut self, g: &mut Fotm, fire: Shot, sp: i32, ones: bool, next: Stage) {
        let want = dice(sp);
        let n = take_dice(&mut self.dice_used[self.roller(fire).index()], sp);
        if n == 0 {
            // The ninth playtest: a battery that fired for nothing left no line. Said, except
            // where the defensive suppression already says why (15.7).
            if fire != Shot::DefSuppress {
                let why = if want > 0 {
                    "the Assault's ten dice are spent (15.2)".to_string()
                } else {
                    format!("{sp} SP, no dice")
                };
                g.note("FotM 15.2", |_| format!("{}: {why}", fire.name()));
            }
            // A suppression roll not made leaves no battery targeted for the next.
            self.victim = None;
            self.at(next, g);
        } else {
            if self.corps(g, fire) != 0 {
                g.note("FotM 15.2", |_| format!("Brigades of two Union corps: {} takes -1 SP", fire.name()));
            }
            if want > n {
                g.note("FotM 15.2", |_| format!("Ten dice per Assault: {} rolls {n} of {want}", fire.name()));
            }
            self.at(Stage::Roll { fire, dice: n, of: want, ones }, g);
        }
    }

    /// The attacker's SP bonus from Longstreet, applied to the close combat roll, or to the
    /// artillery roll of an Assault without close combat (Reading).
    fn longstreet_sp(&self, g: &Fotm, fire: Shot) -> i32 {
        let attacker = self.roller(fire) == self.side;
        if self.longstreet && attacker && self.main_roll(g, fire) { LONGSTREET_SP } else { 0 }
    }

    /// The side's main roll of the Assault, which takes its once-an-Assault SP changes
    /// (Longstreet, the corps penalty): the attacker's close combat, or its artillery roll in
    /// an Assault without close combat; the defender's defensive fire, or its suppression
    /// fire when it makes no defensive fire.
    fn main_roll(&self, g: &Fotm, fire: Shot) -> bool {
        match fire {
            Shot::Close | Shot::DefFire => true,
            Shot::OffSuppress | Shot::OffFire => !self.joined.iter().any(|&b| is_melee(g, b)),
            Shot::DefSuppress => !self.def_fires(g),
        }
    }

    /// 15.2: the -1 for Union brigades of more than one corps in the Assault, once a side: on
    /// the side's main roll (the attacker's close combat, or its artillery roll in an Assault
    /// without close combat; the defender's defensive fire, or its suppression fire when it
    /// makes no defensive fire), as Longstreet's +2 (see the module's Readings).
    fn corps(&self, g: &Fotm, fire: Shot) -> i32 {
        let attacker = self.roller(fire) == self.side;
        let bs = if attacker { &self.joined } else { &self.defenders };
        if !mixed_corps(g, bs) {
            return 0;
        }
        if self.main_roll(g, fire) { -CORPS_PENALTY } else { 0 }
    }

    /// 15.7: whether the defending hex will make its defensive fire roll (the assaulting Lead
    /// Brigade adjacent, SP to fire).
    fn def_fires(&self, g: &Fotm) -> bool {
        self.att_lead.is_some_and(|l| g.hex_of(l).is_some_and(|h| h.distance(self.target) == 1))
            && self.def_fire_sp(g) > 0
    }

    /// Runs one automatic stage.
    fn step(mut self, g: &mut Fotm) {
        let target = self.target;
        match self.stage {
            Stage::AttackLead => {
                let c = stacking::lead_candidates(g, &self.present(g));
                if c.len() > 1 {
                    return self.push(g);
                }
                self.att_lead = c.first().copied();
                self.at(Stage::DefendLead, g);
            }
            Stage::DefendLead => {
                let c = stacking::lead_candidates(g, &self.holding(g));
                if c.len() > 1 {
                    return self.push(g);
                }
                self.def_lead = c.first().copied();
                self.at(Stage::OffSuppress, g);
            }
            Stage::OffSuppress => {
                let guns = self.guns(g);
                if guns.is_empty() || enemy_artillery(g, target, self.side).is_empty() {
                    return self.at(Stage::OffFire, g);
                }
                // 9.4: every attacking gun in one instance, at the battery the attacker targets.
                if self.victim.is_none() {
                    let v = self.victims(g, Shot::OffSuppress);
                    if v.len() > 1 {
                        return self.at(Stage::Victim { fire: Shot::OffSuppress }, g);
                    }
                    self.victim = v.first().copied();
                }
                let sp: i32 = guns.iter().filter_map(|&b| artillery::ranged_sp(g, b, target)).map(i32::from).sum();
                let sp = sp + self.corps(g, Shot::OffSuppress) + self.longstreet_sp(g, Shot::OffSuppress);
                // 16.1: artillery fire counts only when it rolls.
                self.artillery_fired |= dice(sp) > 0;
                self.roll(g, Shot::OffSuppress, sp, false, Stage::DefChoice);
            }
            Stage::OffFire => {
                let guns = self.guns(g);
                // 15.6: with enemy artillery in the hex the guns suppress and fire no other way.
                if guns.is_empty() || !enemy_artillery(g, target, self.side).is_empty() || self.holding(g).is_empty() {
                    return self.at(Stage::DefChoice, g);
                }
                let sp: i32 = guns.iter().filter_map(|&b| artillery::offensive_sp(g, b, target)).map(i32::from).sum();
                let sp = sp + self.corps(g, Shot::OffFire) + self.longstreet_sp(g, Shot::OffFire);
                self.artillery_fired |= dice(sp) > 0;
                self.roll(g, Shot::OffFire, sp, false, Stage::DefChoice);
            }
            Stage::DefChoice => {
                let (sup, can) = self.def_options(g);
                if sup && can {
                    return self.push(g);
                }
                self.def_suppress = sup;
                self.at(Stage::DefSuppress, g);
            }
            Stage::DefSuppress => {
                if !self.def_suppress {
                    return self.at(Stage::DefFire, g);
                }
                let def_guns: Vec<Bid> = self.holding(g).into_iter().filter(|&b| artillery::can_fire(g, b)).collect();
                if self.victim.is_none() {
                    let v = self.victims(g, Shot::DefSuppress);
                    if v.len() > 1 {
                        return self.at(Stage::Victim { fire: Shot::DefSuppress }, g);
                    }
                    self.victim = v.first().copied();
                }
                let Some(v) = self.victim else { return self.at(Stage::DefFire, g) };
                let vh = g.hex_of(v).unwrap_or(target);
                // 15.2, 17.4: a battery in column or routed defends at a quarter, suppression too.
                let sp: i32 = def_guns
                    .iter()
                    .filter_map(|&d| artillery::ranged_sp(g, d, vh).map(|sp| defending(g, d, sp)))
                    .map(i32::from)
                    .sum();
                let corps = self.corps(g, Shot::DefSuppress);
                if dice(sp + corps) == 0 {
                    // The third playtest: a battery that may fire but rolls nothing says why, so
                    // the missing roll is not taken for a rule skipped.
                    let guns = def_guns.iter().map(|&d| g.name(d)).collect::<Vec<_>>().join(", ");
                    let at = g.name(v);
                    let why = if sp > 0 {
                        format!("{sp} SP, less {} for brigades of two corps in the hex (15.2)", -corps)
                    } else {
                        "no SP after elevation and arc (9.1, 5.1)".to_string()
                    };
                    g.note("FotM 15.7", |_| {
                        format!("Defensive suppression fire (15.7): {guns} at {at}: {why}, no dice")
                    });
                }
                let sp = sp + corps;
                self.roll(g, Shot::DefSuppress, sp, false, Stage::DefFire);
            }
            Stage::DefFire => {
                // 15.7: the roll is made only at an adjacent assaulting Lead, which takes its steps.
                let lead_adjacent = self.att_lead.and_then(|l| g.hex_of(l)).is_some_and(|h| h.distance(target) == 1);
                if !lead_adjacent {
                    return self.at(Stage::CloseCombat, g);
                }
                let sp = self.def_fire_sp(g);
                let sp = if sp > 0 { sp + self.corps(g, Shot::DefFire) } else { 0 };
                let ones = self.holding(g).iter().any(|&b| g.info(b).sharpshooters);
                self.roll(g, Shot::DefFire, sp, ones, Stage::CloseCombat);
            }
            Stage::CloseCombat => {
                let melee = self.melee(g);
                if melee.is_empty() || self.holding(g).is_empty() {
                    return self.at(Stage::Resolve, g);
                }
                self.close_combat = true;
                let mut by_hex: Vec<(Hex, i32)> = Vec::new();
                // What makes up the SP, in the log (the eighth playtest: only the totals showed).
                let mut parts: Vec<String> = Vec::new();
                for &b in &melee {
                    let Some(h) = g.hex_of(b) else { continue };
                    let arc = arc_to(g, b, target);
                    let sp = i32::from(by_arc(base_sp(g, b, false), arc));
                    let mut why = Vec::new();
                    if g.arm(b) == Arm::Cavalry && !g.bde(b).mounted {
                        why.push("dismounted, half (8.3)");
                    }
                    match arc {
                        Some(crate::facing::Arc::Flank) => why.push("from its flank, half (5.1)"),
                        Some(crate::facing::Arc::Rear) => why.push("from its rear, none (5.1)"),
                        _ => {}
                    }
                    let why = if why.is_empty() { String::new() } else { format!(" ({})", why.join(", ")) };
                    parts.push(format!("{} {sp}{why}", g.name(b)));
                    match by_hex.iter_mut().find(|(x, _)| *x == h) {
                        Some((_, s)) => *s += sp,
                        None => by_hex.push((h, sp)),
                    }
                }
                for &(h, _) in &by_hex {
                    let adj = elevation_adjust(g, h, target);
                    if adj != 0 {
                        parts.push(format!("{adj:+} from {h}'s elevation (15.3)"));
                    }
                }
                let (corps, longstreet) = (self.corps(g, Shot::Close), self.longstreet_sp(g, Shot::Close));
                if corps != 0 {
                    parts.push(format!("{corps:+} for brigades of two corps (15.2)"));
                }
                if longstreet != 0 {
                    parts.push(format!("{longstreet:+} for Longstreet (10.5)"));
                }
                let sp: i32 = by_hex.iter().map(|&(h, s)| s + elevation_adjust(g, h, target)).sum();
                let sp = sp + corps + longstreet;
                g.note("FotM 15.4", |_| format!("Close combat at {target}: {}; {sp} SP", parts.join(", ")));
                let ones = melee.iter().any(|&b| g.info(b).sharpshooters);
                self.roll(g, Shot::Close, sp, ones, Stage::Resolve);
            }
            Stage::Resolve => self.resolve(g),
            Stage::Advance => {
                if self.advance_candidates(g).is_empty() {
                    if !self.advanced && self.vacated(g) {
                        g.note("FotM 15.10", |_| format!("No infantry or cavalry can occupy {target}"));
                    }
                    return self.at(Stage::Reorder, g);
                }
                self.push(g);
            }
            _ => self.push(g),
        }
    }

    /// 9.4, 15.8: the artillery brigades a suppression roll may target: the defending hex's
    /// (offensive), or the assaulting batteries the hex's guns reach (defensive).
    fn victims(&self, g: &Fotm, fire: Shot) -> Vec<Bid> {
        if fire == Shot::OffSuppress {
            return enemy_artillery(g, self.target, self.side);
        }
        let def_guns: Vec<Bid> = self.holding(g).into_iter().filter(|&b| artillery::can_fire(g, b)).collect();
        self.guns(g)
            .into_iter()
            .filter(|&v| {
                g.hex_of(v).is_some_and(|vh| def_guns.iter().any(|&d| artillery::ranged_sp(g, d, vh).is_some()))
            })
            .collect()
    }

    /// 15.7: whether the defender's artillery could suppress, and whether it could fire canister
    /// with the infantry and cavalry.
    fn def_options(&self, g: &Fotm) -> (bool, bool) {
        let def_guns: Vec<Bid> = self.holding(g).into_iter().filter(|&b| artillery::can_fire(g, b)).collect();
        if def_guns.is_empty() {
            return (false, false);
        }
        let sup = self
            .guns(g)
            .iter()
            .any(|&v| g.hex_of(v).is_some_and(|vh| def_guns.iter().any(|&d| artillery::ranged_sp(g, d, vh).is_some())));
        let can = self.melee(g).iter().any(|&m| {
            g.hex_of(m).is_some_and(|mh| def_guns.iter().any(|&d| artillery::canister_sp(g, d, mh).is_some()))
        });
        (sup, can)
    }

    /// 15.7, 15.3, 9.3, 5.1: the defending hex's SP against the assaulting brigades, terrain
    /// included (Readings in the module doc). The hex's one roll goes into one adjacent
    /// assaulting hex, the best for the defender: its infantry and cavalry at their arc towards
    /// that hex, with 15.3's close-combat modifier for it (from the defending hex, as one hex,
    /// never below nothing); its artillery (not suppressing) at canister SP when that hex holds
    /// assaulting infantry or cavalry, never modified for a one- or two-level change (9.3).
    fn def_fire_sp(&self, g: &Fotm) -> i32 {
        let target = self.target;
        let present = self.present(g);
        let hexes: Vec<Hex> = present.iter().filter_map(|&b| g.hex_of(b)).filter(|h| h.distance(target) == 1).collect();
        let melee_hexes: Vec<Hex> = self.melee(g).iter().filter_map(|&b| g.hex_of(b)).collect();
        let holding = self.holding(g);
        let into = |h: Hex| -> i32 {
            let (mut fire, mut canister) = (0i32, 0i32);
            for &d in &holding {
                if !g.arm(d).is_artillery() {
                    fire += i32::from(by_arc(base_sp(g, d, true), arc_to(g, d, h)));
                } else if !self.def_suppress && melee_hexes.contains(&h) {
                    canister += i32::from(artillery::canister_sp(g, d, h).map_or(0, |sp| defending(g, d, sp)));
                }
            }
            let fire = if fire > 0 { (fire + elevation_adjust(g, target, h)).max(0) } else { 0 };
            fire + canister
        };
        hexes.into_iter().map(into).max().unwrap_or(0)
    }

    fn vacated(&self, g: &Fotm) -> bool {
        !self.defenders.is_empty() && g.occupant(self.target).is_none()
    }

    /// 15.10, 15.6: the brigades that may advance into the vacated hex, and whether one must.
    /// The participating infantry and cavalry must (15.10); when none of them can and the
    /// Assault's offensive artillery fire was made, any adjacent friendly infantry or cavalry
    /// brigade may (15.6), and need not.
    fn advance_options(&self, g: &Fotm) -> (Vec<Bid>, bool) {
        if !self.vacated(g) && !self.advanced {
            return (vec![], false);
        }
        if g.occupant(self.target) == Some(self.side.enemy()) {
            return (vec![], false);
        }
        let able = |b: Bid| {
            g.hex_of(b).is_some_and(|h| h != self.target)
                && !g.bde(b).routed
                && !g.bde(b).pursuing
                && may_close(g, b, self.target)
                && g.hex_of(b).is_some_and(|h| crate::movement::may_cross(g, b, h, self.target))
                && stacking::has_room(g, self.target, b)
        };
        let participants: Vec<Bid> = self.present(g).into_iter().filter(|&b| able(b)).collect();
        if !participants.is_empty() || !self.artillery_fired {
            return (participants, true);
        }
        (g.on_map(self.side).filter(|&b| is_melee(g, b) && able(b)).collect(), false)
    }

    /// The brigades that may advance into the vacated hex (15.10, 15.6).
    fn advance_candidates(&self, g: &Fotm) -> Vec<Bid> {
        self.advance_options(g).0
    }

    /// 15.10, 15.6: why brigade `b` may not advance into the vacated hex (the ninth playtest:
    /// mounted cavalry two levels above it heard only that the advance was no choice).
    pub(crate) fn advance_refusal(&self, g: &Fotm, b: Bid) -> Illegal {
        let (t, name) = (self.target, g.name(b));
        let no = |rule: &str, why: String| Illegal { rule: rule.into(), reason: why };
        let Some(h) = g.hex_of(b) else { return no("FotM 15.10", format!("{name} is not on the map")) };
        if g.occupant(t) == Some(self.side.enemy()) {
            return no("FotM 15.10", format!("the enemy still holds {t}: there is no vacated hex to advance into"));
        }
        let d = g.bde(b);
        if d.routed {
            return no("FotM 17.4", format!("{name} is routed"));
        }
        if d.pursuing {
            return no("FotM 8.5", format!("{name} is ordered off the map"));
        }
        if h == t || h.distance(t) != 1 || !is_melee(g, b) {
            return no("FotM 15.10", format!("only infantry or cavalry next to {t} advance into it"));
        }
        if let Err(e) = crate::movement::brigade_cost(g, b, h, t, false) {
            return Illegal { rule: e.rule, reason: format!("{name} may not advance into {t}: {}", e.reason) };
        }
        if !may_close(g, b, t) {
            let why = if matches!(arc_to(g, b, t), Some(Arc::Rear) | None) {
                ("FotM 5.1", format!("{t} is in {name}'s rear"))
            } else {
                ("FotM 8.2", format!("{name}, mounted, may not close into {t}'s woods or uphill"))
            };
            return no(why.0, why.1);
        }
        if !stacking::has_room(g, t, b) {
            return no("FotM 4.1", format!("{t} has no room for {name}"));
        }
        no(
            "FotM 15.10",
            format!("{name} took no part in the Assault on {t} (15.6: only when none that did can advance)"),
        )
    }

    /// The roll as the dice fell, logged before what dusk (11.6) or woods (15.3) make of it
    /// (the ninth playtest: "no sixes" alone left the number rolled unsaid; the tenth: the
    /// woods re-roll came before the roll it re-rolled).
    pub(crate) fn roll_note(g: &mut Fotm, fire: Shot, dice: u8, sixes: u8) {
        let rolled = if dice == 1 { "one die".to_string() } else { format!("{dice} dice") };
        g.note("FotM 15.2", |_| match sixes {
            0 => format!("{} ({rolled}): no sixes", fire.name()),
            1 => format!("{} ({rolled}): one six", fire.name()),
            n => format!("{} ({rolled}): {n} sixes", fire.name()),
        });
    }

    /// Applies a roll's sixes (after dusk and woods) and ones.
    fn hits(mut self, g: &mut Fotm, fire: Shot, sixes: u8, ones: u8) {
        let attacker_rolls = matches!(fire, Shot::OffSuppress | Shot::OffFire | Shot::Close);
        if attacker_rolls {
            self.sixes += sixes;
        }
        match fire {
            Shot::OffSuppress | Shot::DefSuppress => {
                if let Some(v) = self.victim.take() {
                    crate::steps::lose_steps(g, v, sixes.min(SUPPRESSION_MAX), "FotM 9.4");
                }
                let next = if fire == Shot::OffSuppress { Stage::DefChoice } else { Stage::DefFire };
                self.at(next, g);
            }
            Shot::OffFire | Shot::Close => {
                let n = sixes.min(MAX_STEP_LOSS.saturating_sub(lost(&self.def_steps)));
                self.losses(g, fire, n, ones);
            }
            Shot::DefFire => {
                let n = sixes.min(MAX_STEP_LOSS.saturating_sub(lost(&self.att_steps)));
                self.losses(g, fire, n, ones);
            }
        }
    }

    /// 15.8: the losses of a fire or close combat roll fall on the Lead Brigade of the side fired
    /// at (the defending hex's, or the Assault's for defensive fire, 15.7), at most two in the
    /// Assault, then the 7.2 leader casualty on two ones. 15.8, 17.2: only a brigade that has
    /// itself lost two steps in the Assault goes to the bottom and faces the morale choice (the
    /// defender's) or check (the attacker's, 15.7); when the Lead is eliminated by the first six,
    /// the next Lead takes the second step and stays where it is, on either side (4.2: one Lead
    /// Brigade for each defending hex and for each Assault). When more than one brigade may lead
    /// next, the owner chooses ([`Stage::NewLead`]) and the losses resume.
    fn losses(mut self, g: &mut Fotm, fire: Shot, steps: u8, ones: u8) {
        let defending = fire != Shot::DefFire;
        let rule = if defending { "FotM 15.8" } else { "FotM 15.7" };
        let mut left = steps;
        while left > 0 {
            let lead = match self.lead_now(g, defending) {
                Ok(Some(l)) => l,
                Ok(None) => break,
                Err(()) => return self.at(Stage::NewLead { fire, steps: left, ones }, g),
            };
            if crate::steps::lose_steps(g, lead, 1, rule) == 0 {
                break;
            }
            left -= 1;
            let log = if defending { &mut self.def_steps } else { &mut self.att_steps };
            log.push(lead);
            let own = log.iter().filter(|&&b| b == lead).count();
            if own >= usize::from(MAX_STEP_LOSS) && g.hex_of(lead).is_some() {
                g.to_bottom(lead);
                if defending {
                    self.two_loss = Some(lead);
                }
            }
        }
        // 7.2: two ones from sharpshooters in close combat or defensive fire.
        let mut casualty = None;
        if ones >= SHARPSHOOTER_ONES && matches!(fire, Shot::Close | Shot::DefFire) {
            match self.lead_now(g, defending) {
                Ok(l) => casualty = l.map(|l| (l, self.roller(fire))),
                Err(()) => return self.at(Stage::NewLead { fire, steps: 0, ones }, g),
            }
        }
        let next = match fire {
            Shot::OffFire => Stage::DefChoice,
            Shot::DefFire => {
                // 15.7: the assaulting Lead Brigade that itself lost two steps checks its morale.
                let two = self.att_lead.is_some_and(|l| {
                    g.hex_of(l).is_some()
                        && self.att_steps.iter().filter(|&&b| b == l).count() >= usize::from(MAX_STEP_LOSS)
                });
                if two { Stage::AttackerMorale } else { Stage::CloseCombat }
            }
            _ => Stage::Resolve,
        };
        self.at(next, g);
        if let Some((lead, by)) = casualty {
            g.note("FotM 7.2", |_| "Sharpshooters roll two ones: a leader casualty".into());
            casualty::leader_casualty(g, lead, Some(by));
        }
    }

    /// 16.1, 17.2-17.4 at the end of the Assault.
    fn resolve(mut self, g: &mut Fotm) {
        let target = self.target;
        let away = self.hexes.clone();
        let capturers = self.present(g);
        let leader = self.artillery_fired && self.close_combat && self.sixes >= LEADER_SIXES;
        // 16.1: the casualty falls on the defending Lead Brigade; if it has gone and more than one
        // brigade may lead, the defender chooses first.
        let lead = if leader {
            match self.lead_now(g, true) {
                Ok(l) => l,
                Err(()) => return self.at(Stage::NewLead { fire: Shot::Close, steps: 0, ones: 0 }, g),
            }
        } else {
            None
        };
        let holding = self.holding(g);
        let screened = holding.iter().any(|&b| g.arm(b) == Arm::Cavalry && g.bde(b).mounted);
        let routs = self.sixes >= ROUT_SIXES && !holding.is_empty();
        let two = self.two_loss.filter(|&b| g.hex_of(b) == Some(target));
        self.at(Stage::Advance, g);
        if routs && screened {
            g.note("FotM 17.4", |_| "Four or more sixes, but mounted cavalry screens the hex: no rout".into());
        }
        if routs && !screened {
            g.note("FotM 17.4", |_| format!("Four or more sixes: every brigade in {target} routs"));
            for b in holding.into_iter().rev() {
                retreat::rout(g, b, away.clone(), capturers.clone());
            }
        } else if let Some(b) = two {
            retreat::after_two_losses(g, b, away, capturers, screened);
        }
        if leader && let Some(l) = lead {
            g.note("FotM 16.1", |_| {
                "Artillery fire and close combat with four or more sixes: a leader casualty".into()
            });
            casualty::leader_casualty(g, l, None);
        }
    }

    fn legal(&self, g: &Fotm) -> Vec<Action> {
        match self.stage {
            Stage::Announce => {
                let mut out: Vec<Action> = g
                    .on_map(self.side)
                    .filter(|&b| self.joined.contains(&b) || can_join(g, b, self.target))
                    .map(Action::Join)
                    .collect();
                if self.can_launch(g) {
                    out.push(Action::Launch);
                }
                out.push(Action::Cancel);
                out
            }
            Stage::AttackLead => stacking::lead_candidates(g, &self.present(g)).into_iter().map(Action::Lead).collect(),
            Stage::DefendLead => stacking::lead_candidates(g, &self.holding(g)).into_iter().map(Action::Lead).collect(),
            Stage::NewLead { fire, .. } => {
                self.lead_candidates(g, fire != Shot::DefFire).into_iter().map(Action::Lead).collect()
            }
            Stage::DefChoice | Stage::Longstreet => vec![Action::Choose(true), Action::Choose(false)],
            Stage::Victim { fire } => {
                self.victims(g, fire).into_iter().map(|b| Action::Pick(crate::state::Unit::Brigade(b))).collect()
            }
            Stage::Advance => {
                let (who, must) = self.advance_options(g);
                let mut out: Vec<Action> = who.into_iter().map(Action::Advance).collect();
                if self.advanced || out.is_empty() || !must {
                    out.push(Action::Done);
                }
                out
            }
            Stage::Reorder => {
                let mut out = vec![Action::Done];
                // 4.2: the stacks of the Assault: the hexes it was made from, the hex assaulted
                // and, Reading, wherever its brigades now stand (after a 15.7 fall-back).
                let mut hexes = self.hexes.clone();
                hexes.push(self.target);
                hexes.extend(self.present(g).into_iter().filter_map(|b| g.hex_of(b)));
                hexes.sort();
                hexes.dedup();
                for h in hexes {
                    let st = g.brigades_at(h, self.side);
                    if st.len() > 1 {
                        out.extend(st.into_iter().skip(1).map(Action::ToTop));
                    }
                }
                out
            }
            _ => vec![],
        }
    }

    fn actor(&self) -> Actor {
        match self.stage {
            Stage::DefendLead | Stage::DefChoice => Actor::Side(self.side.enemy()),
            Stage::Victim { fire } => Actor::Side(self.roller(fire)),
            // 4.2: the owner of the Lead Brigade that has gone (the side fired at).
            Stage::NewLead { fire, .. } => Actor::Side(self.roller(fire).enemy()),
            Stage::Roll { .. } | Stage::Reroll { .. } | Stage::AttackerMorale => Actor::Chance,
            _ => Actor::Side(self.side),
        }
    }

    fn automatic(&self, g: &Fotm) -> bool {
        match self.stage {
            Stage::Announce
            | Stage::Reorder
            | Stage::Longstreet
            | Stage::Victim { .. }
            | Stage::NewLead { .. }
            | Stage::Roll { .. }
            | Stage::Reroll { .. } => false,
            Stage::AttackerMorale => self.att_lead.is_none_or(|l| g.hex_of(l).is_none() || !retreat::can_check(g, l)),
            Stage::AttackLead => stacking::lead_candidates(g, &self.present(g)).len() <= 1,
            Stage::DefendLead => stacking::lead_candidates(g, &self.holding(g)).len() <= 1,
            Stage::DefChoice => self.def_options(g) != (true, true),
            Stage::Advance => self.advance_candidates(g).is_empty(),
            _ => true,
        }
    }

    /// 15.7: the attacking Lead Brigade failed its morale check: every attacking brigade in its
    /// hex retreats and the Assault ends without close combat (Reading: 15.7 lets it continue
    /// only on a pass). The defender never advances in this game, so "does not occupy the
    /// abandoned hex" needs nothing more.
    fn attacker_fails(self, g: &mut Fotm) {
        let Some(lead) = self.att_lead else { return self.at(Stage::CloseCombat, g) };
        let Some(h) = g.hex_of(lead) else { return self.at(Stage::CloseCombat, g) };
        let away = vec![self.target];
        let capturers = self.holding(g);
        let movers = g.brigades_at(h, self.side);
        self.at(Stage::Resolve, g);
        g.note("FotM 15.7", |g| {
            format!("{} has failed its morale check: the brigades in {h} fall back and the Assault ends", g.name(lead))
        });
        for b in movers.into_iter().rev() {
            retreat::forced_retreat(g, b, away.clone(), capturers.clone());
        }
    }
}

/// 15.2: whether artillery brigade `b`, joining the Assault being announced, would take dice
/// the close combat could use: its SP and the joined brigades' together pass the ten dice.
/// An estimate before the Assault is launched (arcs and elevation are left out).
#[must_use]
pub(crate) fn crowds_the_dice(g: &Fotm, b: Bid) -> bool {
    let Some(a) = announced(g) else { return false };
    // An action from outside may name a brigade that does not exist.
    if g.oob().brigades.get(usize::from(b)).is_none() || a.joined.contains(&b) || !g.arm(b).is_artillery() {
        return false;
    }
    let close: i32 = a.joined.iter().filter(|&&j| is_melee(g, j)).map(|&j| i32::from(base_sp(g, j, false))).sum();
    if close == 0 {
        return false;
    }
    let guns = |j: Bid| artillery::offensive_sp(g, j, a.target).map_or(0, i32::from);
    let fire: i32 = a.joined.iter().filter(|&&j| g.arm(j).is_artillery()).map(|&j| guns(j)).sum::<i32>() + guns(b);
    fire > 0 && close + fire > i32::from(MAX_DICE)
}
