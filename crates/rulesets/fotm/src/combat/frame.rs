//! The Combat Phase's decisions routed to the Assault under way (15.4), the phase's own
//! announcements and leader casualties (16.0): [`CombatFrame`]'s [`Procedure`].

use super::*;

impl Procedure<Fotm, Action> for CombatFrame {
    fn actor(&self, g: &Fotm) -> Actor {
        match self {
            CombatFrame::Phase { side, .. } => Actor::Side(*side),
            CombatFrame::Assault(a) => a.actor(),
            CombatFrame::Casualty(c) => c.actor(g),
        }
    }

    fn prompt(&self, g: &Fotm) -> (&'static str, String) {
        match self {
            CombatFrame::Phase { side, targeted } => {
                let m = mandatory_hexes(g, *side, targeted);
                let extra = if m.is_empty() {
                    String::new()
                } else {
                    let l: Vec<String> = m.iter().map(|h| h.label()).collect();
                    format!(" (close combat owed at {})", l.join(", "))
                };
                ("FotM 15.1", format!("{} Combat Phase: announce an Assault, or Done{extra}", side.title()))
            }
            CombatFrame::Assault(a) => {
                let t = a.target;
                match a.stage {
                    Stage::Announce => {
                        ("FotM 15.4", format!("Assault on {t}: add or remove brigades, then resolve it or call it off"))
                    }
                    Stage::Victim { .. } => (
                        "FotM 9.4",
                        format!("Suppression fire in the Assault on {t}: choose the artillery brigade targeted"),
                    ),
                    Stage::Longstreet => (
                        "FotM 10.5",
                        format!("Longstreet's bonus: add 2 SP to the Assault on {t}, or keep it for another?"),
                    ),
                    Stage::AttackLead => {
                        ("FotM 4.2", format!("Choose the attacking Lead Brigade for the Assault on {t}"))
                    }
                    Stage::DefendLead => ("FotM 4.2", format!("Choose the Lead Brigade defending {t}")),
                    Stage::NewLead { fire: Shot::DefFire, .. } => (
                        "FotM 4.2",
                        format!("The attacking Lead Brigade is gone: choose the next for the Assault on {t}"),
                    ),
                    Stage::NewLead { .. } => {
                        ("FotM 4.2", format!("The Lead Brigade defending {t} is gone: choose the next"))
                    }
                    Stage::DefChoice => (
                        "FotM 15.7",
                        format!(
                            "Artillery in {t}: suppression fire at the assaulting artillery, or canister with the infantry?"
                        ),
                    ),
                    Stage::Roll { fire, dice, of, .. } => {
                        let n = if dice == 1 { "one die".to_string() } else { format!("{dice} dice") };
                        // The fifth playtest: adding a battery lowered the close-combat dice, and
                        // only the log said why. The prompt (and so the odds' dice on the way) does.
                        let cap =
                            if of > dice { format!(" of {of}: ten dice per Assault, 15.2") } else { String::new() };
                        ("FotM 15.2", format!("{} on {t}: roll {n}{cap}", fire.name()))
                    }
                    Stage::Reroll { .. } => {
                        ("FotM 15.3", format!("Woods in the target hex: one six is re-rolled ({t})"))
                    }
                    Stage::AttackerMorale => {
                        ("FotM 15.7", "The assaulting Lead Brigade lost two steps: morale check".into())
                    }
                    Stage::Advance => ("FotM 15.10", format!("{t} is vacated: advance infantry or cavalry into it")),
                    Stage::Reorder => ("FotM 4.2", "End of the Assault: change stacking order, or Done".into()),
                    _ => ("FotM 15.4", format!("Assault on {t}")),
                }
            }
            CombatFrame::Casualty(c) => c.prompt(g),
        }
    }

    fn legal(&self, g: &Fotm) -> Vec<Action> {
        match self {
            CombatFrame::Phase { side, targeted } => {
                let mut out: Vec<Action> = targets(g, *side, targeted).into_iter().map(Action::Assault).collect();
                // 4.2 optional: between Assaults the stacks may be reordered.
                out.extend(stacking::reorder_actions(g, *side));
                if mandatory_hexes(g, *side, targeted).is_empty() {
                    out.push(Action::Done);
                }
                out
            }
            CombatFrame::Assault(a) => a.legal(g),
            CombatFrame::Casualty(c) => c.legal(g),
        }
    }

    fn chance(&self, g: &Fotm) -> Vec<(Action, f64)> {
        match self {
            CombatFrame::Assault(a) => match a.stage {
                Stage::Roll { dice, ones, .. } => combat_dice(dice, ones),
                Stage::Reroll { .. } | Stage::AttackerMorale => d6(),
                _ => vec![],
            },
            CombatFrame::Casualty(c) => c.chance(g),
            CombatFrame::Phase { .. } => vec![],
        }
    }

    fn automatic(&self, g: &Fotm) -> bool {
        match self {
            CombatFrame::Assault(a) => a.automatic(g),
            _ => false,
        }
    }

    fn run(self, g: &mut Fotm) {
        match self {
            CombatFrame::Assault(a) if a.stage == Stage::AttackerMorale => a.attacker_fails(g),
            CombatFrame::Assault(a) => a.step(g),
            f => push(g, f),
        }
    }

    fn apply(self, g: &mut Fotm, act: &Action) {
        match self {
            CombatFrame::Phase { side, targeted } => match *act {
                Action::Assault(h) => Assault::new(side, h, targeted).push(g),
                Action::ToTop(b) => {
                    stacking::to_top(g, b);
                    push(g, CombatFrame::Phase { side, targeted });
                }
                _ => g.note("FotM 15.1", |_| format!("{} Combat Phase ends", side.title())),
            },
            CombatFrame::Casualty(c) => c.apply(g, act),
            CombatFrame::Assault(mut a) => match (a.stage, *act) {
                (Stage::Announce, Action::Join(b)) => {
                    let t = a.target;
                    if let Some(i) = a.joined.iter().position(|&x| x == b) {
                        a.joined.remove(i);
                        g.note("FotM 15.4", |g| format!("{} leaves the Assault on {t}", g.name(b)));
                    } else {
                        a.joined.push(b);
                        g.note("FotM 15.4", |g| format!("{} joins the Assault on {t}", g.name(b)));
                    }
                    a.push(g);
                }
                (Stage::Announce, Action::Launch) => a.launch(g),
                (Stage::Announce, _) => {
                    // Called off (the tenth playtest: the log ended with a brigade joining).
                    let t = a.target;
                    g.note("FotM 15.4", |_| format!("The Assault on {t} is called off"));
                    push(g, CombatFrame::Phase { side: a.side, targeted: a.targeted });
                }
                (Stage::Victim { fire }, Action::Pick(crate::state::Unit::Brigade(b))) => {
                    a.victim = Some(b);
                    let back = if fire == Shot::OffSuppress { Stage::OffSuppress } else { Stage::DefSuppress };
                    a.at(back, g);
                }
                (Stage::Longstreet, Action::Choose(take)) => {
                    if take {
                        a.longstreet = true;
                        g.lee.bonus_turn = None;
                        g.note("FotM 10.5", |_| "Longstreet adds 2 SP to this Assault".into());
                    } else {
                        g.note("FotM 10.5", |_| "Longstreet keeps his bonus for another Assault".into());
                    }
                    a.at(Stage::AttackLead, g);
                }
                (Stage::AttackLead, Action::Lead(b)) => {
                    a.att_lead = Some(b);
                    a.at(Stage::DefendLead, g);
                }
                (Stage::DefendLead, Action::Lead(b)) => {
                    a.def_lead = Some(b);
                    a.at(Stage::OffSuppress, g);
                }
                (Stage::NewLead { fire, steps, ones }, Action::Lead(b)) => {
                    if fire == Shot::DefFire {
                        a.att_lead = Some(b);
                    } else {
                        a.def_lead = Some(b);
                    }
                    g.note("FotM 4.2", |g| format!("{} now leads", g.name(b)));
                    if steps == 0 && ones == 0 {
                        // 16.1: the casualty at the end of the Assault.
                        return a.at(Stage::Resolve, g);
                    }
                    a.losses(g, fire, steps, ones);
                }
                (Stage::DefChoice, Action::Choose(sup)) => {
                    a.def_suppress = sup;
                    a.at(Stage::DefSuppress, g);
                }
                (Stage::Roll { fire, dice, .. }, Action::Dice { sixes, ones }) => {
                    let mut sixes = sixes;
                    Assault::roll_note(g, fire, dice, sixes);
                    // 11.6: each side's first six in an Assault is ignored at dusk.
                    let i = a.roller(fire).index();
                    if g.dusk() && sixes > 0 && !a.dusk_used[i] {
                        a.dusk_used[i] = true;
                        sixes -= 1;
                        g.note("FotM 11.6", |_| format!("Dusk: that six is ignored, {sixes} count"));
                    }
                    let hit_hex = match fire {
                        Shot::DefFire => a.att_lead.and_then(|l| g.hex_of(l)),
                        Shot::DefSuppress => a.victim.and_then(|v| g.hex_of(v)),
                        _ => Some(a.target),
                    };
                    if sixes > 0 && hit_hex.and_then(|h| g.map().terrain(h)).is_some_and(terrain::rerolls_a_six) {
                        a.at(Stage::Reroll { fire, sixes, ones }, g);
                    } else {
                        a.hits(g, fire, sixes, ones);
                    }
                }
                (Stage::Reroll { fire, sixes, ones }, Action::Roll(d)) => {
                    let kept = if d >= WOODS_KEEP { sixes } else { sixes - 1 };
                    let fate = if d >= WOODS_KEEP { "the six stands" } else { "the six is saved" };
                    g.note("FotM 15.3", |_| format!("Woods re-roll of a six: {d}, {fate}; {kept} count"));
                    a.hits(g, fire, kept, ones);
                }
                (Stage::AttackerMorale, Action::Roll(d)) => {
                    let Some(lead) = a.att_lead else { return a.at(Stage::CloseCombat, g) };
                    let total = i8::try_from(d).unwrap_or(0) + retreat::morale_drm(g, lead);
                    retreat::spend_cm(g, lead);
                    if total >= retreat::MORALE_PASS {
                        g.note("FotM 15.7", |g| {
                            format!(
                                "{} passes its morale check ({d}, total {total}): the Assault continues",
                                g.name(lead)
                            )
                        });
                        a.at(Stage::CloseCombat, g);
                    } else {
                        // The roll said, as 17.2's checks say theirs (the seventh playtest).
                        g.note("FotM 15.7", |g| {
                            format!("{} fails its morale check ({d}, total {total})", g.name(lead))
                        });
                        a.attacker_fails(g);
                    }
                }
                (Stage::Advance, Action::Advance(b)) => {
                    let t = a.target;
                    let f = g.bde(b).facing;
                    g.set_loc(b, crate::state::Loc::Map(t));
                    g.bde_mut(b).facing = f;
                    let rule = if a.joined.contains(&b) { "FotM 15.10" } else { "FotM 15.6" };
                    g.note(rule, |g| format!("{} advances into {t}", g.name(b)));
                    a.advanced = true;
                    a.push(g);
                }
                (Stage::Advance, _) => a.at(Stage::Reorder, g),
                (Stage::Reorder, Action::ToTop(b)) => {
                    g.to_top(b);
                    a.push(g);
                }
                (Stage::Reorder, _) => {
                    let mut targeted = a.targeted;
                    targeted.push(a.target);
                    push(g, CombatFrame::Phase { side: a.side, targeted });
                }
                (s, act) => unreachable!("assault stage {s:?} cannot take {act:?}"),
            },
        }
    }

    fn why(&self, g: &Fotm, act: &Action) -> Option<Illegal> {
        match (self, act) {
            (CombatFrame::Phase { side, targeted }, Action::Done) => {
                let m = mandatory_hexes(g, *side, targeted);
                (!m.is_empty()).then(|| Illegal {
                    rule: "FotM 15.4".into(),
                    reason: format!(
                        "close combat is mandatory against the enemy at the same elevation in {}",
                        m.iter().map(|h| h.label()).collect::<Vec<_>>().join(", ")
                    ),
                })
            }
            (CombatFrame::Phase { .. }, Action::ToTop(_)) if !self.legal(g).contains(act) => {
                Some(stacking::reorder_refused())
            }
            (CombatFrame::Phase { side, .. }, Action::Assault(_))
                if *side == Side::Union && sequence::union_paused(g) =>
            {
                Some(Illegal { rule: "FotM 11.4".into(), reason: "Burnside's pause: the Union may not assault".into() })
            }
            (CombatFrame::Phase { side, targeted }, Action::Assault(h)) if !self.legal(g).contains(act) => {
                // 15.2: one Assault on a hex a phase; the rest is who may assault (15.4).
                let (rule, reason) = if g.occupant(*h) != Some(side.enemy()) {
                    ("FotM 15.4", format!("no enemy brigade stands in {h}"))
                } else if targeted.contains(h) {
                    ("FotM 15.2", format!("{h} has already been assaulted this Combat Phase"))
                } else {
                    ("FotM 15.4", assault_refusal(g, *side, *h))
                };
                Some(Illegal { rule: rule.into(), reason })
            }
            (CombatFrame::Phase { side, targeted }, Action::Join(b)) if g.side_of(*b) == *side => {
                // A brigade asked about between Assaults (the page's probe of a unit).
                let reason = brigade_refusal(g, *b, targeted)
                    .unwrap_or_else(|| format!("{} may join an Assault: announce one on the hex first", g.name(*b)));
                Some(Illegal { rule: "FotM 15.4".into(), reason })
            }
            (CombatFrame::Assault(a), Action::Join(b))
                if a.stage == Stage::Announce && !self.legal(g).contains(act) =>
            {
                let (rule, reason) = join_refusal(g, *b, a.target).map_or_else(
                    || ("FotM 15.4", format!("{} cannot join the Assault on {}", g.name(*b), a.target)),
                    |(rule, why)| (rule, format!("{why}: it cannot join")),
                );
                Some(Illegal { rule: rule.into(), reason })
            }
            // After the Assault too (none could advance, so the stage passed): why not this one.
            (CombatFrame::Assault(a), Action::Advance(b))
                if matches!(a.stage, Stage::Advance | Stage::Reorder) && !self.legal(g).contains(act) =>
            {
                Some(a.advance_refusal(g, *b))
            }
            (CombatFrame::Assault(a), Action::Lead(b))
                if matches!(a.stage, Stage::AttackLead | Stage::DefendLead | Stage::NewLead { .. })
                    && !self.legal(g).contains(act) =>
            {
                Some(stacking::lead_refused(g, *b))
            }
            (CombatFrame::Assault(a), Action::Launch) if a.stage == Stage::Announce && !a.can_launch(g) => {
                Some(Illegal {
                    rule: "FotM 15.4".into(),
                    reason: "an Assault needs a brigade, and close combat by infantry or cavalry where it is mandatory"
                        .into(),
                })
            }
            _ => None,
        }
    }
}
