//! Exact odds on a toy dice game whose answers are known in closed form, and on Belmont.
use super::*;
use engine::{Dice, Outcome, Prompt, Side};
use serde::{Deserialize, Serialize};

/// The Union says how many dice to roll; chance rolls them one at a time; the sum is
/// the Union's VP.
#[derive(Clone, Hash, Debug, Default)]
struct Roll {
    dice: u8,
    sum: u8,
    sixes: u8,
    chosen: bool,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
enum A {
    Roll(u8),
    Die(u8),
}

impl Game for Roll {
    type Action = A;
    fn scenario(&self) -> (&str, &[String]) {
        ("roll", &[])
    }
    fn actor(&self) -> Actor {
        match (self.chosen, self.dice) {
            (false, _) => Actor::Side(Side::Union),
            (true, 0) => Actor::Over,
            (true, _) => Actor::Chance,
        }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Roll 1".into(), text: "how many dice".into() }
    }
    fn legal_actions(&self) -> Vec<A> {
        if self.chosen { vec![] } else { (0..=12).map(A::Roll).collect() }
    }
    fn chance_outcomes(&self) -> Vec<(A, f64)> {
        if self.actor() == Actor::Chance { (1..=6).map(|d| (A::Die(d), 1.0 / 6.0)).collect() } else { vec![] }
    }
    fn apply_unchecked(&mut self, a: &A) {
        match *a {
            A::Roll(n) => {
                self.dice = n;
                self.chosen = true;
            }
            A::Die(d) => {
                self.sum += d;
                self.sixes += u8::from(d == 6);
                self.dice -= 1;
            }
        }
    }
    fn vp(&self) -> [f64; 2] {
        [f64::from(self.sum), 0.0]
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Over).then(|| Outcome { winner: Some(Side::Union), vp: self.vp(), level: None })
    }
    fn tally(&self) -> Vec<(String, i64)> {
        vec![("sum".into(), i64::from(self.sum)), ("sixes".into(), i64::from(self.sixes))]
    }
}

#[test]
fn two_dice_sum_exactly() {
    let g = Roll::default();
    let d = outcomes(&g, &A::Roll(2), 1_000).unwrap();
    assert!((d.total() - 1.0).abs() < 1e-12, "{}", d.total());
    // 6 first dice, 36 second: positions after the first die are distinct, so nothing
    // merges there; the 36 final rolls merge into 15 positions (sum and sixes: 2-10
    // without a six, 7-11 with one, 12 with two).
    assert_eq!(d.expanded, 42);
    assert_eq!(d.positions.len(), 15);
    assert_eq!(d.keys, ["sum", "sixes"]);
    let sum = d.marginal("sum").unwrap();
    assert_eq!(sum.values.len(), 11);
    for (s, p) in &sum.values {
        let exact = f64::from(6 - u8::try_from((s - 7).abs()).unwrap()) / 36.0;
        assert!((p - exact).abs() < 1e-12, "P(sum = {s}) = {p}, not {exact}");
    }
    let sixes = d.marginal("sixes").unwrap();
    let expect = [(0, 25.0 / 36.0), (1, 10.0 / 36.0), (2, 1.0 / 36.0)];
    assert_eq!(sixes.values.len(), 3);
    for ((k, p), (ek, ep)) in sixes.values.iter().zip(expect) {
        assert_eq!(*k, ek);
        assert!((p - ep).abs() < 1e-12);
    }
    // Classes: one per (sum, sixes) seen; the most likely first (a sum of 6 without a
    // six, 5 rolls of 36, ahead of a 7 without a six, 4 rolls).
    let classes = d.classes();
    assert_eq!(classes.len(), 15);
    assert!((classes.iter().map(|c| c.probability).sum::<f64>() - 1.0).abs() < 1e-12);
    assert_eq!(classes[0].changes, vec![("sum".to_string(), 6)]);
    assert!((classes[0].probability - 5.0 / 36.0).abs() < 1e-12);
    assert!(classes.iter().any(|c| c.changes == vec![("sum".to_string(), 12), ("sixes".to_string(), 2)]));
    // The mean of the VP is 7.
    assert!((d.mean(|g| g.vp()[0]) - 7.0).abs() < 1e-12);
    // The game given is untouched.
    assert!(!g.chosen);
}

#[test]
fn positions_merge_between_dice_and_many_dice_stay_exact() {
    let g = Roll::default();
    // Ten dice one at a time: 6^10 paths, but only (sum, sixes) matters, so few
    // positions per layer.
    let d = outcomes(&g, &A::Roll(10), 100_000).unwrap();
    assert!((d.total() - 1.0).abs() < 1e-12);
    assert!(d.expanded < 20_000, "{}", d.expanded);
    let sixes = d.marginal("sixes").unwrap();
    // Binomial(10, 1/6).
    let mut coeff = 1.0;
    for (k, p) in &sixes.values {
        let k32 = i32::try_from(*k).unwrap();
        if k32 > 0 {
            coeff = coeff * f64::from(11 - k32) / f64::from(k32);
        }
        let exact = coeff * (1.0f64 / 6.0).powi(k32) * (5.0f64 / 6.0).powi(10 - k32);
        assert!((p - exact).abs() < 1e-12, "P({k} sixes) = {p}, not {exact}");
    }
    let all = partial(&g, &A::Roll(10), 100_000);
    assert!(all.pending.is_empty());
    assert_eq!(all.resolved.len(), d.positions.len());
    assert_eq!(all.expanded, d.expanded);
}

#[test]
fn too_large_is_refused_never_approximated() {
    let g = Roll::default();
    let err = outcomes(&g, &A::Roll(12), 100).unwrap_err();
    assert_eq!(err, TooLarge { limit: 100 });
    assert!(err.to_string().contains("more than 100 chance outcomes"), "{err}");
    // No chance at all: one position, nothing expanded.
    let d = outcomes(&g, &A::Roll(0), 0).unwrap();
    assert_eq!(d.positions.len(), 1);
    assert_eq!(d.expanded, 0);
    assert!(d.classes()[0].changes.is_empty());
    assert!(d.marginals().iter().all(|m| !m.varies()));
}

#[test]
fn partial_stops_before_the_layer_that_does_not_fit() {
    let g = Roll::default();
    // The first die (6 outcomes) fits in 6; the second layer (36) does not.
    let p = partial(&g, &A::Roll(2), 6);
    assert_eq!(p.expanded, 6);
    assert!(p.resolved.is_empty());
    assert_eq!(p.pending.len(), 6);
    assert!(p.pending.iter().all(|(q, g)| (q - 1.0 / 6.0).abs() < 1e-12 && g.actor() == Actor::Chance));
    // Nothing fits in 5: the one chance node is pending, with probability one.
    let p = partial(&g, &A::Roll(2), 5);
    assert_eq!((p.expanded, p.pending.len()), (0, 1));
    // Refusing costs no work beyond what fitted.
    assert_eq!(outcomes(&g, &A::Roll(2), 41).unwrap_err(), TooLarge { limit: 41 });
    assert_eq!(outcomes(&g, &A::Roll(2), 42).unwrap().expanded, 42);
}

#[test]
fn resolve_expands_pending_chance() {
    let mut g = Roll::default();
    g.apply(&A::Roll(1)).unwrap();
    let d = resolve(&g, 10).unwrap();
    assert_eq!(d.positions.len(), 6);
    assert!(d.positions.iter().all(|r| (r.probability - 1.0 / 6.0).abs() < 1e-12 && r.game.actor() == Actor::Over));
}

/// Every action of the first decisions of a random Belmont game: probabilities sum to
/// one, every reached position is a decision or the end, and each key's marginal sums
/// to one.
#[test]
fn belmont_odds_sum_to_one() {
    let mut g = belmont::Belmont::after_setup(&[]);
    g.set_logging(false);
    let mut dice = Dice::seeded(5);
    let (mut checked, mut too_large, mut changed) = (0, 0, 0);
    for _ in 0..250 {
        match g.actor() {
            Actor::Over => break,
            Actor::Chance => {
                let d = resolve(&g, 50_000).unwrap();
                assert!((d.total() - 1.0).abs() < 1e-9);
                let a = dice.sample(&g.chance_outcomes()).clone();
                g.apply(&a).unwrap();
            }
            Actor::Side(_) => {
                let legal = g.legal_actions();
                for a in legal.iter().take(20) {
                    match outcomes(&g, a, 20_000) {
                        Ok(d) => {
                            checked += 1;
                            assert!((d.total() - 1.0).abs() < 1e-9, "{a:?}: {}", d.total());
                            assert!(d.positions.iter().all(|r| r.game.actor() != Actor::Chance));
                            for m in d.marginals() {
                                let s: f64 = m.values.iter().map(|v| v.1).sum();
                                assert!((s - 1.0).abs() < 1e-9, "{}", m.key);
                            }
                            changed += usize::from(d.classes().len() > 1);
                        }
                        Err(TooLarge { .. }) => too_large += 1,
                    }
                }
                let a = dice.choose(&legal).clone();
                g.apply(&a).unwrap();
            }
        }
    }
    assert!(checked > 300, "{checked} actions checked, {too_large} too large");
    assert!(changed > 0, "some action has more than one outcome");
}

/// The Union attacks; the Confederacy answers by standing (a die over 3 wins the Union a
/// VP) or digging in (over 4); then the Union decides again (or stops).
#[derive(Clone, Hash, Debug, Default)]
struct Duel {
    attacked: bool,
    dug_in: Option<bool>,
    rolled: bool,
    vp: u8,
    /// Digging in is an act of the defender's own (a move), not a reply inside the attack.
    acts: bool,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
enum D {
    Attack,
    Stop,
    DigIn(bool),
    Die(u8),
}

impl Game for Duel {
    type Action = D;
    fn scenario(&self) -> (&str, &[String]) {
        ("duel", &[])
    }
    fn actor(&self) -> Actor {
        match (self.attacked, self.dug_in, self.rolled) {
            (false, _, _) => Actor::Side(Side::Union),
            (true, None, _) => Actor::Side(Side::Confederate),
            (true, Some(_), false) => Actor::Chance,
            (true, Some(_), true) if self.vp < 9 => Actor::Side(Side::Union),
            _ => Actor::Over,
        }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Duel 1".into(), text: "duel".into() }
    }
    fn legal_actions(&self) -> Vec<D> {
        match self.actor() {
            Actor::Side(Side::Union) => vec![D::Attack, D::Stop],
            Actor::Side(Side::Confederate) => vec![D::DigIn(false), D::DigIn(true)],
            _ => vec![],
        }
    }
    fn chance_outcomes(&self) -> Vec<(D, f64)> {
        if self.actor() == Actor::Chance { (1..=6).map(|d| (D::Die(d), 1.0 / 6.0)).collect() } else { vec![] }
    }
    fn apply_unchecked(&mut self, a: &D) {
        match *a {
            D::Attack => self.attacked = true,
            D::Stop => self.vp = 9,
            D::DigIn(b) => self.dug_in = Some(b),
            D::Die(d) => {
                self.rolled = true;
                let need = if self.dug_in == Some(true) { 4 } else { 3 };
                self.vp += u8::from(d > need);
            }
        }
    }
    fn vp(&self) -> [f64; 2] {
        [f64::from(self.vp % 9), 0.0]
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Over).then(|| Outcome { winner: None, vp: self.vp(), level: None })
    }
    fn action_view(&self, a: &D) -> engine::ActionView {
        let kind = if self.acts && matches!(a, D::DigIn(_)) { "move" } else { "choice" };
        engine::ActionView { label: self.describe(a), kind: kind.into(), ..engine::ActionView::default() }
    }
}

#[test]
fn plain_odds_stop_at_the_defenders_choice() {
    let d = outcomes(&Duel::default(), &D::Attack, 100).unwrap();
    assert_eq!(d.classes().len(), 1, "nothing has happened yet: the Confederacy is to choose");
    assert!(d.classes()[0].changes.is_empty());
}

#[test]
fn odds_through_the_reply_reach_the_dice() {
    let p_vp = |t: &Through<Duel>| t.distribution.mean(|g| f64::from(g.vp % 9));
    let dug_in = outcomes_through(&Duel::default(), &D::Attack, 100, 8, &mut |_| D::DigIn(true)).unwrap();
    assert_eq!((dug_in.replies, dug_in.cut), (1, false));
    assert!((p_vp(&dug_in) - 2.0 / 6.0).abs() < 1e-12);
    assert!((dug_in.distribution.total() - 1.0).abs() < 1e-12);
    assert!(
        dug_in.distribution.positions.iter().all(|r| r.game.actor() == Actor::Side(Side::Union)),
        "until the Union decides again"
    );
    let stood = outcomes_through(&Duel::default(), &D::Attack, 100, 8, &mut |_| D::DigIn(false)).unwrap();
    assert!((p_vp(&stood) - 3.0 / 6.0).abs() < 1e-12);
    // No reply allowed: stopped at the choice, and says so.
    let none = outcomes_through(&Duel::default(), &D::Attack, 100, 0, &mut |_| D::DigIn(true)).unwrap();
    assert_eq!((none.replies, none.cut), (0, true));
    assert!((none.unfinished - 1.0).abs() < 1e-12, "all of it unfinished, and said so");
    assert!(dug_in.unfinished.abs() < 1e-12);
    // The limit covers the chance after replies too.
    assert!(outcomes_through(&Duel::default(), &D::Attack, 3, 8, &mut |_| D::DigIn(true)).is_err());
}

/// Issue 15: the odds against a defender free to choose show each of its options beside
/// its best reply, so the outcome it may choose is never missing; a choice of more options
/// than allowed (a whole move) stands at the best reply alone.
#[test]
fn the_range_covers_each_option_of_the_defenders_first_choice() {
    let p_vp = |t: &Through<Duel>| t.distribution.mean(|g| f64::from(g.vp % 9));
    let (best, alternatives) =
        outcomes_range(&Duel::default(), &D::Attack, 100, 8, &mut |_| D::DigIn(true), 4).unwrap();
    assert!((p_vp(&best) - 2.0 / 6.0).abs() < 1e-12, "the best reply as before");
    let found: Vec<(&str, f64)> = alternatives.iter().map(|a| (a.choice.as_str(), p_vp(&a.through))).collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().any(|(_, p)| (p - 3.0 / 6.0).abs() < 1e-12), "standing is shown: {found:?}");
    assert!(found.iter().any(|(_, p)| (p - 2.0 / 6.0).abs() < 1e-12), "digging in is shown: {found:?}");
    assert_ne!(found[0].0, found[1].0, "each option named by its description");
    let (_, none) = outcomes_range(&Duel::default(), &D::Attack, 100, 8, &mut |_| D::DigIn(true), 1).unwrap();
    assert!(none.is_empty(), "two options are more than one allowed");
    // The tenth playtest: where the other side's next decision is an act of its own, not a
    // reply inside the action, no range (a rally showed "0%-100% VP" over the enemy's moves).
    let acts = Duel { acts: true, ..Duel::default() };
    let (best, none) = outcomes_range(&acts, &D::Attack, 100, 8, &mut |_| D::DigIn(true), 4).unwrap();
    assert!(none.is_empty(), "no range over the defender's own acts");
    assert!((p_vp(&best) - 2.0 / 6.0).abs() < 1e-12, "the best reply still followed");
}

/// Issue 15 (the fourth playtest): where the exact walk stops short, sampled playouts finish
/// the unfinished share the walk's way; the exact part stays as it was, and the result says
/// how many playouts estimate the rest. Exact odds are left alone.
#[test]
fn sampled_playouts_finish_what_the_exact_walk_left() {
    let p_vp = |t: &Through<Duel>| t.distribution.mean(|g| f64::from(g.vp % 9));
    let none = outcomes_through(&Duel::default(), &D::Attack, 100, 0, &mut |_| D::DigIn(true)).unwrap();
    assert!((none.unfinished - 1.0).abs() < 1e-12 && none.cut_at.len() == 1);
    let mut dice = engine::Dice::seeded(7);
    let done = sample_unfinished(&Duel::default(), &D::Attack, none, 3_000, &mut dice, &mut |_| D::DigIn(true));
    assert_eq!(done.sampled, 3_000);
    assert!((done.distribution.total() - 1.0).abs() < 1e-9);
    assert!((p_vp(&done) - 2.0 / 6.0).abs() < 0.03, "about a third: {}", p_vp(&done));
    assert!(done.distribution.positions.iter().all(|r| r.game.actor() != Actor::Side(Side::Confederate)));
    // Exact odds: nothing sampled, nothing changed.
    let exact = outcomes_through(&Duel::default(), &D::Attack, 100, 8, &mut |_| D::DigIn(true)).unwrap();
    let before = p_vp(&exact);
    let same = sample_unfinished(&Duel::default(), &D::Attack, exact, 100, &mut dice, &mut |_| D::DigIn(true));
    assert_eq!(same.sampled, 0);
    assert!((p_vp(&same) - before).abs() < 1e-12);
}

/// The ninth playtest (FotM Assault odds over a minute): the playouts ask the reply once per
/// distinct position, not once per visit; 3,000 playouts through the Duel's one defender
/// decision ask it once.
#[test]
fn sampled_playouts_ask_each_positions_reply_once() {
    let none = outcomes_through(&Duel::default(), &D::Attack, 100, 0, &mut |_| D::DigIn(true)).unwrap();
    let mut dice = engine::Dice::seeded(7);
    let mut asked = 0;
    let done = sample_unfinished(&Duel::default(), &D::Attack, none, 3_000, &mut dice, &mut |_| {
        asked += 1;
        D::DigIn(true)
    });
    assert_eq!(done.sampled, 3_000);
    assert_eq!(asked, 1, "one position, one answer");
}
