//! Moves by destination (issue 15): everywhere a unit can get to in this phase by its own
//! consecutive decisions, each with the actions that take it there, so a page can show the
//! reach at once and move a unit by one click. Found by playing the unit's own actions
//! forward on copies (select, move, face: by [`crate::ActionView::kind`]), never by a second
//! model of movement, so the reach is exactly what the rules allow. A path ends where
//! another decides (opportunity fire, the defender) or chance does (a forced-march roll):
//! that hex is a destination that stops the move, with the rule that stops it.
//!
//! A click should decide only where the unit goes: of the paths to a hex, the one chosen
//! leaves the unit the most movement ([`Game::moves_left`]: the road, not the detour through
//! the woods), then keeps its facing and every marker the rules placed where it was (a
//! Belmont melee marker on its hexside, 4.3.2) whenever some path does, and says what it
//! changes when none does.

use crate::{Actor, Game, MarkView};
use serde::Serialize;
use std::collections::{HashMap, HashSet, VecDeque};

/// Action kinds that carry a unit on in its move: choosing it, stepping, turning.
const KINDS: [&str; 3] = ["select", "move", "face"];

/// One hex the unit can reach.
#[derive(Clone, Debug, Serialize)]
pub struct Destination<A> {
    /// The hex's label.
    pub hex: String,
    /// The actions that take the unit there, in order: a path with no warning and no
    /// interruption on its last step first, then the one leaving the most movement, then
    /// one that keeps the unit's facing and the markers as they are, then the fewest actions.
    pub path: Vec<A>,
    /// The hexes the path steps into, in order, this one last (for a page to draw the path).
    pub via: Vec<String>,
    /// The rule of the decision that takes over on arrival when it is not the mover's own
    /// (chance: a forced-march roll, 13.5; the enemy: opportunity fire, 5.2): the move stops
    /// there, or may.
    pub stops: Option<String>,
    /// The prompt on arrival, in the rulebook's words ("Scammon's Brigade in 1712, 3 of 4
    /// MP spent: move on, or end its move").
    pub after: String,
    /// What the step into the hex risks ([`crate::ActionView::warning`]: a forced march), if
    /// anything.
    pub warning: Option<String>,
    /// Whether the unit arrives facing as it does now with every marker where it is: when
    /// not, [`Destination::changes`] says what the path changes (it also names the move the
    /// path [`Destination::ends`], which does not count here).
    pub keeps: bool,
    /// What else the path decides, in the rules' words: the unit's last turn ("face
    /// north-west") when it arrives facing otherwise, a marker moved.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
    /// The unit's statuses the path changes (its formation: "now column", "no longer
    /// column") and the markers it moves, also among [`Destination::changes`]: a page asks
    /// before sending such a path. A path that changes none is preferred where one reaches
    /// the hex.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alters: Vec<String>,
    /// The movement left on arrival ([`Game::moves_left`]), where the ruleset says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<u32>,
    /// The move of another unit that the path ends by choosing this one ([`ends_moves`]:
    /// "ends the move of Robertson's Horse Artillery"), also among [`Destination::changes`],
    /// so a page asks before sending it (issue 15 F7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends: Option<String>,
    /// Why the move may not end here, when it may only pass through ("Duryee's Brigade may
    /// not end its move over-stacked in 2406 (FotM 4.1)"), from the rules' refusal of Done
    /// on arrival (the eighth playtest: a ring led a brigade where it could not stop).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<String>,
}

/// The units other than `unit` that `game` lets step now: the ones moving.
fn moving_others<G: Game>(game: &G, unit: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for a in game.legal_actions() {
        let view = game.action_view(&a);
        if view.kind == "move"
            && let Some(u) = view.unit
            && u != unit
            && !out.contains(&u)
        {
            out.push(u);
        }
    }
    out
}

/// Whether `unit` may be moved now by the seat to act: some legal action carries it on in
/// a move (selecting it, a step, a turn), though its reach may be empty (a battery that must
/// mount first and then may not step: a far hex should hear why its first step is refused).
pub fn moves_now<G: Game>(game: &G, unit: &str) -> bool {
    game.legal_actions().iter().any(|a| {
        let view = game.action_view(a);
        view.unit.as_deref() == Some(unit) && KINDS.contains(&view.kind.as_str())
    })
}

/// What choosing `action` for `unit` (a `select` by [`crate::ActionView::kind`]) ends: the
/// move of another unit that could still step before it and cannot after it, in words
/// ("ends the move of Robertson's Horse Artillery"), or `None`. Found by playing it, so a
/// ruleset where another unit joins the move under way (GBACW's stack) warns of nothing.
pub fn ends_moves<G: Game>(game: &G, action: &G::Action, unit: &str) -> Option<String> {
    let before = moving_others(game, unit);
    if before.is_empty() {
        return None;
    }
    let mut after = game.clone();
    after.set_logging(false);
    after.apply_unchecked(action);
    let still = if after.actor() == game.actor() { moving_others(&after, unit) } else { Vec::new() };
    let board = game.board();
    let name = |id: &str| board.counters.iter().find(|c| c.id == id).map_or_else(|| id.to_string(), |c| c.name.clone());
    let ended: Vec<String> = before.iter().filter(|u| !still.contains(u)).map(|u| name(u)).collect();
    (!ended.is_empty()).then(|| format!("ends the move of {}", ended.join(" and ")))
}

/// A position in the search: the game, the actions so far, the hexes stepped into, where the
/// unit is, the last step's warning, its last turn's words and the other move its choosing
/// ended.
struct Node<G: Game> {
    game: G,
    path: Vec<G::Action>,
    via: Vec<String>,
    at: Option<String>,
    warning: Option<String>,
    turn: Option<String>,
    ends: Option<String>,
}

/// What the start looked like, to tell a path that keeps it.
struct Start {
    hex: Option<String>,
    facing: (Option<u8>, Option<u8>),
    status: Vec<String>,
    marks: Vec<MarkView>,
}

/// Every hex `unit` can reach from `game` by the seat to act's own consecutive decisions,
/// nearest (fewest actions) first, without its starting hex; at most `max_positions`
/// positions are looked at.
pub fn destinations<G: Game>(game: &G, unit: &str, max_positions: usize) -> Vec<Destination<G::Action>> {
    let Actor::Side(side) = game.actor() else { return Vec::new() };
    let mut first = game.clone();
    first.set_logging(false);
    let start = {
        let board = first.board();
        let me = board.counters.iter().find(|c| c.id == unit);
        Start {
            hex: me.map(|c| c.hex.clone()),
            facing: me.map_or((None, None), |c| (c.facing, c.faces_side)),
            status: me.map(|c| c.status.clone()).unwrap_or_default(),
            marks: board.marks,
        }
    };
    let mut seen = HashSet::from([first.state_hash()]);
    let root = Node {
        game: first,
        path: Vec::new(),
        via: Vec::new(),
        at: start.hex.clone(),
        warning: None,
        turn: None,
        ends: None,
    };
    let mut queue = VecDeque::from([root]);
    let mut found: HashMap<String, Destination<G::Action>> = HashMap::new();
    let mut order: Vec<String> = Vec::new();
    while let Some(node) = queue.pop_front() {
        for a in node.game.legal_actions() {
            let view = node.game.action_view(&a);
            if view.unit.as_deref() != Some(unit) || !KINDS.contains(&view.kind.as_str()) {
                continue;
            }
            // Choosing the unit first may end another's move (13.1: one at a time).
            let mut ends = node.ends.clone();
            if node.path.is_empty() {
                // What the ruleset says the first action ends (Belmont 4.0), else by playing it.
                ends = view.ends.clone();
                if ends.is_none() && view.kind == "select" {
                    ends = ends_moves(&node.game, &a, unit);
                }
            }
            let mut child = node.game.clone();
            child.apply_unchecked(&a);
            let mut path = node.path.clone();
            path.push(a);
            let (mut via, mut at, mut warning, mut turn) =
                (node.via.clone(), node.at.clone(), node.warning.clone(), node.turn.clone());
            match view.kind.as_str() {
                "move" => {
                    via.extend(view.hex.clone());
                    at = view.hex.clone();
                    warning = view.warning.clone();
                }
                "face" => turn = Some(view.label.clone()),
                _ => {}
            }
            let mine = child.actor() == Actor::Side(side);
            if view.kind != "select"
                && let Some(hex) = at.clone().filter(|h| start.hex.as_ref() != Some(h))
            {
                let stops = (!mine).then(|| child.prompt().rule);
                let clean = stops.is_none() && warning.is_none();
                let left = child.moves_left(unit);
                let old = found.get(&hex);
                // A path that keeps the unit's formation and markers beats one that changes
                // them, whatever it saves (the fifth playtest: a brigade formed in line was
                // re-formed in column for the road, unasked), then the most movement left.
                let rank = |o: &Destination<G::Action>| {
                    (o.stops.is_none() && o.warning.is_none(), o.alters.is_empty(), o.left, o.keeps)
                };
                // The fewest actions among the best kind; looking at the board only when
                // this path could beat the one found.
                if old.is_none_or(|o| (clean, true, left, true) > rank(o)) {
                    let board = child.board();
                    let alters = status_changes(&board, unit, &start);
                    let mut changes = changes(&board, unit, &start, turn.as_deref());
                    let keeps = changes.is_empty() && alters.is_empty();
                    changes.extend(alters.iter().cloned());
                    changes.extend(ends.clone());
                    if old.is_none_or(|o| (clean, alters.is_empty(), left, keeps) > rank(o)) {
                        if old.is_none() {
                            order.push(hex.clone());
                        }
                        let after = child.prompt().text;
                        let passes = if mine { passes_only(&child, unit) } else { None };
                        let d = Destination {
                            hex: hex.clone(),
                            path: path.clone(),
                            via: via.clone(),
                            stops,
                            after,
                            warning: warning.clone(),
                            keeps,
                            changes,
                            alters,
                            left,
                            ends: ends.clone(),
                            passes,
                        };
                        found.insert(hex, d);
                    }
                }
            }
            if mine && seen.len() < max_positions && seen.insert(child.state_hash()) {
                queue.push_back(Node { game: child, path, via, at, warning, turn, ends });
            }
        }
    }
    order.into_iter().filter_map(|h| found.remove(&h)).collect()
}

/// Why the move of `unit` under way may not end where it is in `game`: it may still go on,
/// no action that ends it (a `done` by [`crate::ActionView::kind`]) is legal, and the rules'
/// refusal of one, with its rule; `None` when it may end, or has.
fn passes_only<G: Game>(game: &G, unit: &str) -> Option<String> {
    let legal = game.legal_actions();
    let views: Vec<crate::ActionView> = legal.iter().map(|a| game.action_view(a)).collect();
    if views.iter().any(|v| v.kind == "done") {
        return None;
    }
    // Its move is over (nothing left carries it on): it ends here, whatever else the
    // decision waits for (the ninth playtest: Belmont's demoralized companies were tagged
    // "passing through only" for the others' obligations).
    if !views.iter().any(|v| v.unit.as_deref() == Some(unit) && KINDS.contains(&v.kind.as_str())) {
        return None;
    }
    let why = crate::explain(game, &crate::Probe::Finish);
    Some(
        why.refusals
            .first()
            .map_or_else(|| "its move may not end here".to_string(), |r| format!("{} ({})", r.reason, r.rule)),
    )
}

/// The statuses of `unit` that `game` has gained ("now column") or lost ("no longer
/// column") since `start`, and the markers it has moved.
fn status_changes(board: &crate::BoardView, unit: &str, start: &Start) -> Vec<String> {
    let Some(now) = board.counters.iter().find(|c| c.id == unit) else { return Vec::new() };
    let gained = now.status.iter().filter(|s| !start.status.contains(s)).map(|s| format!("now {s}"));
    let lost = start.status.iter().filter(|s| !now.status.contains(s)).map(|s| format!("no longer {s}"));
    gained.chain(lost).chain(marker_moves(board, start)).collect()
}

/// What `game` has changed from `start` beyond where `unit` stands: its facing (named by its
/// last turn's words); the rest is [`status_changes`].
fn changes(board: &crate::BoardView, unit: &str, start: &Start, turn: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    let facing = board.counters.iter().find(|c| c.id == unit).map_or((None, None), |c| (c.facing, c.faces_side));
    if facing != start.facing {
        out.push(turn.map_or_else(
            || format!("arrives facing {}", compass_words(facing, board.north)),
            |t| format!("arrives turned ({t})"),
        ));
    }
    out
}

/// The markers `game` has moved since `start` ("moves the Melee marker on 1730 from the 1630
/// hexside to the 1731 hexside"): as a formation change, something the player declared that a
/// path should not change unasked (the fifth playtest: a company's way in moved the marker,
/// and the companies planned by the old hexside could no longer reach the melee).
fn marker_moves(board: &crate::BoardView, start: &Start) -> Vec<String> {
    let mut out = Vec::new();
    for m in &board.marks {
        if !start.marks.contains(m)
            && let Some(old) = start.marks.iter().find(|o| o.kind == m.kind && o.hex == m.hex)
        {
            let (was, now) = (old.from.as_deref().unwrap_or("?"), m.from.as_deref().unwrap_or("?"));
            out.push(format!("moves the {} on {} from the {was} hexside to the {now} hexside", m.label, m.hex));
        }
    }
    out
}

/// The way a counter faces, as a compass point on the map as drawn (issue 15 F6: a
/// reinforcement's reach said only "facing otherwise"): a vertex `f` points at page bearing
/// 30 + 60f, a hexside `d` at 60d (clockwise from the top), and `north` (the page bearing of
/// geographic north, [`crate::BoardView::north`]; the top when the map says nothing) turns
/// it into a bearing named to the nearest of 16 points.
fn compass_words(facing: (Option<u8>, Option<u8>), north: Option<u16>) -> &'static str {
    const POINTS: [&str; 16] = [
        "north",
        "north-northeast",
        "northeast",
        "east-northeast",
        "east",
        "east-southeast",
        "southeast",
        "south-southeast",
        "south",
        "south-southwest",
        "southwest",
        "west-southwest",
        "west",
        "west-northwest",
        "northwest",
        "north-northwest",
    ];
    let page = match facing {
        (Some(f), _) => 30 + 60 * u32::from(f % 6),
        (None, Some(d)) => 60 * u32::from(d % 6),
        (None, None) => return "no way",
    };
    let bearing = (page + 360 - u32::from(north.unwrap_or(0)) % 360) % 360;
    // To the nearest point, 22.5 degrees apart: round(bearing / 22.5).
    POINTS[((bearing * 2 + 22) / 45 % 16) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ActionView, BoardView, CounterView, Outcome, Prompt, Side};

    /// A unit on 0101 with 4 MP: straight to 0103 for 3 MP in one action, or by 0102 for
    /// 1 + 1 in two; `moves_left` optional, to show what it decides.
    #[derive(Clone, Hash, Debug)]
    struct Road {
        at: u8,
        spent: u8,
        says_left: bool,
    }

    impl Game for Road {
        type Action = u8;
        fn scenario(&self) -> (&str, &[String]) {
            ("road", &[])
        }
        fn actor(&self) -> Actor {
            Actor::Side(Side::Union)
        }
        fn prompt(&self) -> Prompt {
            Prompt { actor: self.actor(), rule: "Road 1".into(), text: "move".into() }
        }
        fn legal_actions(&self) -> Vec<u8> {
            let cost = |to: u8| if to == self.at + 1 { 1 } else { 3 };
            (self.at + 1..=3).filter(|&to| self.spent + cost(to) <= 4).collect()
        }
        fn chance_outcomes(&self) -> Vec<(u8, f64)> {
            vec![]
        }
        fn apply_unchecked(&mut self, to: &u8) {
            self.spent += if *to == self.at + 1 { 1 } else { 3 };
            self.at = *to;
        }
        fn action_view(&self, to: &u8) -> ActionView {
            ActionView {
                label: format!("to {to}"),
                kind: "move".into(),
                unit: Some("u".into()),
                hex: Some(format!("010{to}")),
                ..ActionView::default()
            }
        }
        fn board(&self) -> BoardView {
            let counter = CounterView {
                id: "u".into(),
                hex: format!("010{}", self.at),
                side: "union".into(),
                kind: "infantry".into(),
                name: "u".into(),
                strength: "1".into(),
                status: vec![],
                facing: None,
                faces_side: None,
            };
            BoardView { counters: vec![counter], ..BoardView::default() }
        }
        fn moves_left(&self, _unit: &str) -> Option<u32> {
            self.says_left.then(|| u32::from(4 - self.spent))
        }
        fn vp(&self) -> [f64; 2] {
            [0.0, 0.0]
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    /// The road offers no Done: on 0102 the unit may still go on and nothing ends its move,
    /// so it passes through; on 0103 its move is over and it is no pass-through (the ninth
    /// playtest: a move ended by itself was tagged "passing through only").
    #[test]
    fn a_destination_where_the_move_is_over_is_not_passed_through() {
        let g = Road { at: 1, spent: 0, says_left: false };
        let d = destinations(&g, "u", 100);
        let at = |h: &str| d.iter().find(|x| x.hex == h).expect(h);
        assert!(at("0102").passes.is_some());
        assert_eq!(at("0103").passes, None);
    }

    #[test]
    fn a_facing_is_named_on_the_compass_as_the_map_is_drawn() {
        // West at the top (FotM): north is drawn at the page's right, bearing 90.
        assert_eq!(compass_words((Some(1), None), Some(90)), "north");
        assert_eq!(compass_words((Some(0), None), Some(90)), "west-northwest");
        assert_eq!(compass_words((Some(2), None), Some(90)), "east-northeast");
        assert_eq!(compass_words((None, Some(3)), None), "south", "a hexside, north up");
        assert_eq!(compass_words((None, None), None), "no way");
    }

    #[test]
    fn the_way_that_leaves_the_most_movement_is_taken_over_the_fewest_actions() {
        let far = |says_left: bool| {
            let d = destinations(&Road { at: 1, spent: 0, says_left }, "u", 100);
            d.into_iter().find(|d| d.hex == "0103").expect("reached")
        };
        let road = far(true);
        assert_eq!((road.path.clone(), road.left), (vec![2, 3], Some(2)), "by 0102, 2 MP left");
        let blind = far(false);
        assert_eq!(blind.path, vec![3], "a ruleset that does not say: the fewest actions");
    }
}
