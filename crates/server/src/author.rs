//! Whose doing a log event is (issue 15 F15, the eighth playtest's finding 23): the log
//! folds a side's play by unit, so each event must go with the decision that led to it.
//! A die's events go with the decision before the die. A reply made inside the other side's
//! action (who takes the hit, fight on or retreat, where a beaten unit retreats) goes with
//! that attack: a Union Assault's results are the Union's doing, even when the Confederates
//! chose which brigade lost the step and where it fell back.

use engine::Actor;

/// The kinds of action that are a reply inside something the other side began, not an act
/// of the side's own: a yes-or-no or who-takes-it `choice`, and a `retreat` (where to, who).
fn is_reply(kind: &str) -> bool {
    matches!(kind, "choice" | "retreat")
}

/// The kinds of action that start something the other side answers inside it: an attack.
fn is_attack(kind: &str) -> bool {
    matches!(kind, "melee" | "fire")
}

/// Of the plies `0..=k` (each its actor and its action's kind), the one whose doing ply `k`'s
/// events are: the last side's decision, or, when that is a reply, the attack the replies
/// before it (of either side: fight on, then who takes the hit) answer. A reply that follows
/// anything else (a move that drew opportunity fire, a phase ended) is the replier's own.
/// `None` when no side has decided yet (the set-up's own rolls).
pub(crate) fn author_ply(plies: &[(Actor, &str)], k: usize) -> Option<usize> {
    let mut decisions = (0..=k).rev().filter(|&i| matches!(plies[i].0, Actor::Side(_)));
    let last = decisions.next()?;
    if !is_reply(plies[last].1) {
        return Some(last);
    }
    match decisions.find(|&i| !is_reply(plies[i].1)) {
        Some(i) if is_attack(plies[i].1) => Some(i),
        _ => Some(last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Side;

    const U: Actor = Actor::Side(Side::Union);
    const C: Actor = Actor::Side(Side::Confederate);

    #[test]
    fn a_die_goes_with_the_decision_before_it() {
        let plies = [(U, "move"), (Actor::Chance, "chance")];
        assert_eq!(author_ply(&plies, 1), Some(0));
        assert_eq!(author_ply(&[(Actor::Chance, "chance")], 0), None, "the set-up's own roll");
    }

    /// A Union Assault, the Confederate choice of who loses the step, the dice, the
    /// Confederate retreat: all the Union's doing.
    #[test]
    fn replies_inside_the_other_sides_action_go_with_it() {
        let plies = [(U, "melee"), (Actor::Chance, "chance"), (C, "choice"), (Actor::Chance, "chance"), (C, "retreat")];
        for k in 0..plies.len() {
            assert_eq!(author_ply(&plies, k), Some(0), "ply {k}");
        }
    }

    /// Replies of both sides inside one melee (the attacker fights on, the defender picks who
    /// takes the hit, the attacker falls back) all go with the melee.
    #[test]
    fn replies_to_replies_go_with_the_attack() {
        let plies = [(U, "melee"), (Actor::Chance, "chance"), (U, "choice"), (C, "choice"), (U, "retreat")];
        for k in 0..plies.len() {
            assert_eq!(author_ply(&plies, k), Some(0), "ply {k}");
        }
    }

    /// The neighbouring cases: a side's own act after the other side's replies is its own; a
    /// choice after the other side's move (opportunity fire) or its Done (a new turn's
    /// reserve call, Belmont 14.3) is the chooser's own.
    #[test]
    fn a_reply_to_anything_but_an_attack_is_the_repliers_own() {
        let plies = [(U, "melee"), (C, "choice"), (C, "move")];
        assert_eq!(author_ply(&plies, 2), Some(2));
        let plies = [(C, "move"), (U, "choice"), (Actor::Chance, "chance")];
        assert_eq!(author_ply(&plies, 2), Some(1));
        let plies = [(C, "done"), (Actor::Chance, "chance"), (U, "choice")];
        assert_eq!(author_ply(&plies, 2), Some(2));
    }
}
