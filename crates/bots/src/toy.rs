//! Toy games with known answers, for the bots' tests.
use engine::{Actor, Game, Outcome, Prompt, Side};
use serde::{Deserialize, Serialize};

/// One Union decision: `Safe` scores `safe` VP for sure; `Risky` rolls two dice, one at
/// a time, and scores `prize` (20) VP on a sum of 10 or more (probability 1/6, so 3 1/3 VP
/// expected); `Nothing` scores nothing. Then the Confederacy ends the game (so bots
/// score the position before it with the evaluation, which is linear in the VP).
#[derive(Clone, Hash, Debug)]
pub struct Choice {
    pub safe: u8,
    pub prize: u8,
    pub vp: u8,
    pub dice: Vec<u8>,
    pub risky: bool,
    pub done: bool,
    pub over: bool,
}

impl Choice {
    pub fn new(safe: u8) -> Choice {
        Choice { safe, prize: 20, vp: 0, dice: vec![], risky: false, done: false, over: false }
    }
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum ChoiceAction {
    Safe,
    Risky,
    Nothing,
    Die(u8),
    End,
}

impl Game for Choice {
    type Action = ChoiceAction;
    fn scenario(&self) -> (&str, &[String]) {
        ("choice", &[])
    }
    fn actor(&self) -> Actor {
        if self.over {
            Actor::Over
        } else if self.done {
            Actor::Side(Side::Confederate)
        } else if self.risky {
            Actor::Chance
        } else {
            Actor::Side(Side::Union)
        }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Choice 1".into(), text: "safe or risky".into() }
    }
    fn legal_actions(&self) -> Vec<ChoiceAction> {
        match self.actor() {
            Actor::Side(Side::Union) => vec![ChoiceAction::Nothing, ChoiceAction::Safe, ChoiceAction::Risky],
            Actor::Side(Side::Confederate) => vec![ChoiceAction::End],
            _ => vec![],
        }
    }
    fn chance_outcomes(&self) -> Vec<(ChoiceAction, f64)> {
        if self.actor() == Actor::Chance {
            (1..=6).map(|d| (ChoiceAction::Die(d), 1.0 / 6.0)).collect()
        } else {
            vec![]
        }
    }
    fn apply_unchecked(&mut self, a: &ChoiceAction) {
        match *a {
            ChoiceAction::Safe => {
                self.vp = self.safe;
                self.done = true;
            }
            ChoiceAction::Nothing => self.done = true,
            ChoiceAction::End => self.over = true,
            ChoiceAction::Risky => self.risky = true,
            ChoiceAction::Die(d) => {
                self.dice.push(d);
                if self.dice.len() == 2 {
                    if self.dice[0] + self.dice[1] >= 10 {
                        self.vp = self.prize;
                    }
                    self.done = true;
                }
            }
        }
    }
    fn vp(&self) -> [f64; 2] {
        [f64::from(self.vp), 0.0]
    }
    fn outcome(&self) -> Option<Outcome> {
        // Scored by evaluation, not by a winner: a draw whatever happens.
        (self.actor() == Actor::Over).then(|| Outcome { winner: None, vp: self.vp(), level: None })
    }
    fn evaluate(&self, side: Side) -> f64 {
        let m = f64::from(self.vp) / 100.0;
        if side == Side::Union { 0.5 + m } else { 0.5 - m }
    }
}

/// A race to 15: the sides alternate; the side to act steps (+1), gambles (a die: 1-2
/// back one, 3-6 forward three), waits, or steps back. Gambling is best (+5/3 a turn
/// on average); a random player averages +5/12.
#[derive(Clone, Hash, Debug)]
pub struct Dash {
    pub pos: [u8; 2],
    pub turn: Side,
    pub gambling: bool,
    pub turns: u32,
}

impl Dash {
    pub fn new() -> Dash {
        Dash { pos: [0, 0], turn: Side::Union, gambling: false, turns: 0 }
    }
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum DashAction {
    Step,
    Gamble,
    Wait,
    Back,
    Die(u8),
}

impl Game for Dash {
    type Action = DashAction;
    fn scenario(&self) -> (&str, &[String]) {
        ("dash", &[])
    }
    fn actor(&self) -> Actor {
        if self.pos.iter().any(|&p| p >= 15) || self.turns >= 200 {
            Actor::Over
        } else if self.gambling {
            Actor::Chance
        } else {
            Actor::Side(self.turn)
        }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Dash 1".into(), text: "move".into() }
    }
    fn legal_actions(&self) -> Vec<DashAction> {
        match self.actor() {
            Actor::Side(_) => vec![DashAction::Step, DashAction::Gamble, DashAction::Wait, DashAction::Back],
            _ => vec![],
        }
    }
    fn chance_outcomes(&self) -> Vec<(DashAction, f64)> {
        if self.actor() == Actor::Chance { (1..=6).map(|d| (DashAction::Die(d), 1.0 / 6.0)).collect() } else { vec![] }
    }
    fn apply_unchecked(&mut self, a: &DashAction) {
        let p = &mut self.pos[self.turn.index()];
        match *a {
            DashAction::Gamble => {
                self.gambling = true;
                return;
            }
            DashAction::Step => *p += 1,
            DashAction::Wait => {}
            DashAction::Back => *p = p.saturating_sub(1),
            DashAction::Die(d) => {
                self.gambling = false;
                *p = if d <= 2 { p.saturating_sub(1) } else { *p + 3 };
            }
        }
        self.turn = self.turn.enemy();
        self.turns += 1;
    }
    fn vp(&self) -> [f64; 2] {
        [f64::from(self.pos[0]), f64::from(self.pos[1])]
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Over).then(|| Outcome {
            winner: match self.pos[0].cmp(&self.pos[1]) {
                std::cmp::Ordering::Greater => Some(Side::Union),
                std::cmp::Ordering::Less => Some(Side::Confederate),
                std::cmp::Ordering::Equal => None,
            },
            vp: self.vp(),
            level: None,
        })
    }
}

/// A loop the rules allow: the Union may flip a switch (which changes nothing the
/// evaluation reads, 0.9 either way) or finish (a draw, 0.5). Flipping looks better at
/// every turn, so a bot that weighs each position afresh flips for ever; flipping twice
/// comes back to the same position, which is what [`crate::Recent`] catches. With
/// `counter` on, the Union may also tick a counter: a new position every time, as good
/// as the last, so only the length of the run gives the dithering away.
#[derive(Clone, Hash, Debug, Default)]
pub struct Switch {
    pub on: bool,
    pub over: bool,
    pub counter: bool,
    pub ticks: u32,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum SwitchAction {
    Flip,
    Finish,
    Tick,
}

impl Game for Switch {
    type Action = SwitchAction;
    fn scenario(&self) -> (&str, &[String]) {
        ("switch", &[])
    }
    fn actor(&self) -> Actor {
        if self.over { Actor::Over } else { Actor::Side(Side::Union) }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Switch 1".into(), text: "flip or finish".into() }
    }
    fn legal_actions(&self) -> Vec<SwitchAction> {
        match (self.over, self.counter) {
            (true, _) => vec![],
            (false, false) => vec![SwitchAction::Flip, SwitchAction::Finish],
            (false, true) => vec![SwitchAction::Tick, SwitchAction::Finish],
        }
    }
    fn chance_outcomes(&self) -> Vec<(SwitchAction, f64)> {
        vec![]
    }
    fn apply_unchecked(&mut self, a: &SwitchAction) {
        match a {
            SwitchAction::Flip => self.on = !self.on,
            SwitchAction::Finish => self.over = true,
            SwitchAction::Tick => self.ticks += 1,
        }
    }
    fn vp(&self) -> [f64; 2] {
        [0.0, 0.0]
    }
    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome { winner: None, vp: self.vp(), level: None })
    }
    fn evaluate(&self, _: Side) -> f64 {
        0.9
    }
}

/// A walk in a circle that never repeats a position: the Union's one unit paces along three
/// places, each step spending a movement point (so the state hash is new every time), until
/// it finishes or has spent `mp`. Pacing looks as good as anything (0.9) and finishing worse
/// (a draw, 0.5). Its [`Game::layout_hash`] is the unit's place, unless `plain`, which
/// leaves the default (the state hash) to show what the layout catches. With `rolls`, chance
/// rolls a die after each step (an opportunity fire that misses), kept in the state, so the
/// bot's next decision is never in the position its step led to. With `facing`, the unit
/// faces the way it last stepped (`heading`: 0 none yet, 1 left, 2 right) and its layout says
/// so, while [`Game::places_hash`] is its place alone, unless `placeless`, which leaves the
/// default (the layout): a step out and back then stands in a new layout, facing the other way.
#[derive(Clone, Hash, Debug, Default)]
pub struct Pace {
    pub facing: bool,
    pub heading: u8,
    pub placeless: bool,
    pub at: u8,
    pub spent: u8,
    pub mp: u8,
    pub over: bool,
    pub plain: bool,
    pub rolls: bool,
    pub pending: bool,
    pub roll: u8,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum PaceAction {
    Left,
    Right,
    Finish,
    Roll(u8),
}

impl Game for Pace {
    type Action = PaceAction;
    fn scenario(&self) -> (&str, &[String]) {
        ("pace", &[])
    }
    fn actor(&self) -> Actor {
        match (self.over, self.pending) {
            (true, _) => Actor::Over,
            (false, true) => Actor::Chance,
            (false, false) => Actor::Side(Side::Union),
        }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Pace 1".into(), text: "step or finish".into() }
    }
    fn legal_actions(&self) -> Vec<PaceAction> {
        if self.over || self.pending {
            return vec![];
        }
        let mut v = vec![PaceAction::Finish];
        if self.spent < self.mp {
            if self.at > 0 {
                v.push(PaceAction::Left);
            }
            if self.at < 2 {
                v.push(PaceAction::Right);
            }
        }
        v
    }
    fn chance_outcomes(&self) -> Vec<(PaceAction, f64)> {
        if self.pending { (1..=6).map(|r| (PaceAction::Roll(r), 1.0 / 6.0)).collect() } else { vec![] }
    }
    fn apply_unchecked(&mut self, a: &PaceAction) {
        match a {
            PaceAction::Left => (self.at, self.heading) = (self.at - 1, 1),
            PaceAction::Right => (self.at, self.heading) = (self.at + 1, 2),
            PaceAction::Finish => self.over = true,
            PaceAction::Roll(r) => {
                self.roll = *r;
                self.pending = false;
                return;
            }
        }
        if *a != PaceAction::Finish {
            self.spent += 1;
            self.pending = self.rolls;
        }
    }
    fn vp(&self) -> [f64; 2] {
        [0.0, 0.0]
    }
    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome { winner: None, vp: self.vp(), level: None })
    }
    fn evaluate(&self, _: Side) -> f64 {
        0.9
    }
    fn layout_hash(&self) -> u64 {
        match (self.plain, self.facing) {
            (true, _) => self.state_hash(),
            (false, true) => u64::from(self.at) | u64::from(self.heading) << 8,
            (false, false) => u64::from(self.at),
        }
    }
    fn places_hash(&self) -> u64 {
        if self.facing && !self.placeless { u64::from(self.at) } else { self.layout_hash() }
    }
}

/// A drill: the Union's one unit marches down a road of places 0 to 3 with `mp` movement
/// points. It may step on (1 MP), turn to one of four facings (1 MP), put another unit of its
/// stack on top (`order`, one of six orders, free) or finish; the game ends when it finishes,
/// a Union win if it reached place 3 and, with `facing_pays`, faces 2 (the way an attack
/// comes), else a draw. Its evaluation is the same everywhere (0.6 for the Union), so only a
/// search that reaches the end tells one action from another. Turns and reorders are
/// rearrangements (the same side decides next, the unit stands where it stood, in another
/// layout).
#[derive(Clone, Hash, Debug, Default)]
pub struct Drill {
    pub at: u8,
    pub mp: u8,
    pub facing: u8,
    pub order: u8,
    pub facing_pays: bool,
    pub over: bool,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum DrillAction {
    Step,
    Face(u8),
    Reorder,
    Finish,
}

impl Drill {
    /// Whether the drill ended in a Union win.
    pub fn won(&self) -> bool {
        self.at == 3 && (!self.facing_pays || self.facing == 2)
    }
}

impl Game for Drill {
    type Action = DrillAction;
    fn scenario(&self) -> (&str, &[String]) {
        ("drill", &[])
    }
    fn actor(&self) -> Actor {
        if self.over { Actor::Over } else { Actor::Side(Side::Union) }
    }
    fn prompt(&self) -> Prompt {
        Prompt { actor: self.actor(), rule: "Drill 1".into(), text: "step, turn, reorder or finish".into() }
    }
    fn legal_actions(&self) -> Vec<DrillAction> {
        if self.over {
            return vec![];
        }
        let mut v = vec![DrillAction::Finish, DrillAction::Reorder];
        if self.mp > 0 {
            if self.at < 3 {
                v.push(DrillAction::Step);
            }
            v.extend((0..4).filter(|&f| f != self.facing).map(DrillAction::Face));
        }
        v
    }
    fn chance_outcomes(&self) -> Vec<(DrillAction, f64)> {
        vec![]
    }
    fn apply_unchecked(&mut self, a: &DrillAction) {
        match *a {
            DrillAction::Step => (self.at, self.mp) = (self.at + 1, self.mp - 1),
            DrillAction::Face(f) => (self.facing, self.mp) = (f, self.mp - 1),
            DrillAction::Reorder => self.order = (self.order + 1) % 6,
            DrillAction::Finish => self.over = true,
        }
    }
    fn vp(&self) -> [f64; 2] {
        [0.0, 0.0]
    }
    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome { winner: self.won().then_some(Side::Union), vp: self.vp(), level: None })
    }
    fn evaluate(&self, side: Side) -> f64 {
        if side == Side::Union { 0.6 } else { 0.4 }
    }
    fn layout_hash(&self) -> u64 {
        u64::from(self.at) | u64::from(self.facing) << 8 | u64::from(self.order) << 16
    }
    fn places_hash(&self) -> u64 {
        u64::from(self.at)
    }
}
