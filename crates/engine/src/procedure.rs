//! The stack of procedures under way, shared by the rulesets built on it (Fire on the
//! Mountain first; GBACW's fire, withdrawal fire, retreats and melees nest the same way).
//!
//! A ruleset keeps its procedures on a stack: the top frame is the pending decision, and
//! frames that need no decision run at once. Each rule module owns its frames as a type of
//! its own implementing [`Procedure`]; the ruleset's frame enum, made by [`frames!`], only
//! routes; [`Stacked`] and the functions of this module drive the stack. A frame, once popped
//! and handed an action, pushes whatever comes next (itself again, a sub-procedure, nothing).
//!
//! ```
//! use engine::procedure::{Procedure, Stacked};
//! use engine::{Actor, frames};
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct Toss;
//! impl Procedure<Game, u8> for Toss {
//!     fn actor(&self, _: &Game) -> Actor { Actor::Chance }
//!     fn prompt(&self, _: &Game) -> (&'static str, String) { ("Toy 1", "toss".into()) }
//!     fn legal(&self, _: &Game) -> Vec<u8> { vec![] }
//!     fn chance(&self, _: &Game) -> Vec<(u8, f64)> { vec![(0, 0.5), (1, 0.5)] }
//!     fn apply(self, g: &mut Game, a: &u8) { g.heads = *a == 1; }
//! }
//!
//! frames! {
//!     #[derive(Clone, Debug, PartialEq)]
//!     enum Frame for Game, u8 { Toss(Toss) } over Over => ("Toy 2", "The game is over.")
//! }
//!
//! struct Game { stack: Vec<Frame>, heads: bool }
//! impl Stacked for Game {
//!     type Action = u8;
//!     type Frame = Frame;
//!     fn frames(&self) -> &[Frame] { &self.stack }
//!     fn frames_mut(&mut self) -> &mut Vec<Frame> { &mut self.stack }
//! }
//!
//! let mut g = Game { stack: vec![Frame::Over, Frame::Toss(Toss)], heads: false };
//! assert_eq!(engine::procedure::actor(&g), Actor::Chance);
//! engine::procedure::apply(&mut g, &1);
//! assert!(g.heads);
//! assert_eq!(engine::procedure::actor(&g), Actor::Over);
//! ```

use crate::{Actor, Illegal};

/// One rule module's procedure under way, in game `G` with actions `A`.
pub trait Procedure<G, A>: Sized {
    /// Who decides (a side, or chance). Never asked of an automatic frame.
    fn actor(&self, g: &G) -> Actor;
    /// The rule that asks, and the question in the rulebook's words.
    fn prompt(&self, g: &G) -> (&'static str, String);
    /// The legal actions when a side decides.
    fn legal(&self, g: &G) -> Vec<A>;
    /// The outcomes with their probabilities when chance decides.
    fn chance(&self, _g: &G) -> Vec<(A, f64)> {
        Vec::new()
    }
    /// Applies a legal action; the frame has been popped.
    fn apply(self, g: &mut G, a: &A);
    /// Whether the frame runs without a decision.
    fn automatic(&self, _g: &G) -> bool {
        false
    }
    /// Runs an automatic frame; the frame has been popped.
    fn run(self, _g: &mut G) {}
    /// Why an action is refused, when the module can say more than "not legal now".
    fn why(&self, _g: &G, _a: &A) -> Option<Illegal> {
        None
    }
}

/// A boxed frame (a large one kept small in the enum) is the frame.
impl<G, A, T: Procedure<G, A>> Procedure<G, A> for Box<T> {
    fn actor(&self, g: &G) -> Actor {
        (**self).actor(g)
    }
    fn prompt(&self, g: &G) -> (&'static str, String) {
        (**self).prompt(g)
    }
    fn legal(&self, g: &G) -> Vec<A> {
        (**self).legal(g)
    }
    fn chance(&self, g: &G) -> Vec<(A, f64)> {
        (**self).chance(g)
    }
    fn apply(self, g: &mut G, a: &A) {
        (*self).apply(g, a);
    }
    fn automatic(&self, g: &G) -> bool {
        (**self).automatic(g)
    }
    fn run(self, g: &mut G) {
        (*self).run(g);
    }
    fn why(&self, g: &G, a: &A) -> Option<Illegal> {
        (**self).why(g, a)
    }
}

/// A game state that keeps its procedures on a stack, the pending one on top.
pub trait Stacked: Sized {
    /// The game's actions.
    type Action;
    /// The game's frame enum (see [`frames!`]).
    type Frame: Procedure<Self, Self::Action>;
    /// The stack, bottom first.
    fn frames(&self) -> &[Self::Frame];
    /// The stack, to push and pop.
    fn frames_mut(&mut self) -> &mut Vec<Self::Frame>;
    /// Checks that follow any change, before the next frame is looked at (FotM 10.4:
    /// Lee's removal). The default has none.
    fn after_change(&mut self) {}
}

/// Who acts: the top frame's actor, or nobody once the stack is empty.
pub fn actor<G: Stacked>(g: &G) -> Actor {
    g.frames().last().map_or(Actor::Over, |top| top.actor(g))
}

/// The pending decision's rule and text; `over` once the stack is empty.
pub fn prompt<G: Stacked>(g: &G, over: (&'static str, &str)) -> (&'static str, String) {
    g.frames().last().map_or_else(|| (over.0, over.1.to_string()), |top| top.prompt(g))
}

/// The top frame's legal actions (none once the stack is empty).
pub fn legal<G: Stacked>(g: &G) -> Vec<G::Action> {
    g.frames().last().map_or_else(Vec::new, |top| top.legal(g))
}

/// The outcomes of the pending chance decision.
pub fn chance<G: Stacked>(g: &G) -> Vec<(G::Action, f64)> {
    g.frames().last().map_or_else(Vec::new, |top| top.chance(g))
}

/// The top frame's own explanation of a refusal, if it has one.
pub fn why<G: Stacked>(g: &G, a: &G::Action) -> Option<Illegal> {
    g.frames().last().and_then(|top| top.why(g, a))
}

/// Applies a legal action to the top frame, then [`settle`]s.
///
/// # Panics
/// If nothing is pending.
pub fn apply<G: Stacked>(g: &mut G, a: &G::Action) {
    let top = g.frames_mut().pop().expect("a pending decision");
    top.apply(g, a);
    settle(g);
}

/// The most automatic frames run in a row before [`settle`] calls it a loop.
const AUTOMATIC_MAX: u32 = 100_000;

/// Runs [`Stacked::after_change`] and automatic frames until a decision is pending or the
/// stack is empty.
///
/// # Panics
/// If automatic frames run [`AUTOMATIC_MAX`] times in a row: a loop in the ruleset.
pub fn settle<G: Stacked>(g: &mut G) {
    let mut guard = 0u32;
    loop {
        g.after_change();
        let Some(top) = g.frames().last() else { return };
        if !top.automatic(g) {
            return;
        }
        let top = g.frames_mut().pop().expect("checked");
        top.run(g);
        guard += 1;
        assert!(guard < AUTOMATIC_MAX, "automatic frames loop");
    }
}

/// A ruleset's frame enum, one variant per rule module's frame type, routing each
/// [`Procedure`] call to the frame under way; and a last, unit variant for the game's end
/// (nobody acts, `rule` and `text` its prompt).
#[macro_export]
macro_rules! frames {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident for $game:ty, $action:ty {
            $( $(#[$vmeta:meta])* $variant:ident($frame:ty) ),+ $(,)?
        }
        $(#[$ometa:meta])* over $over:ident => ($rule:expr, $text:expr)
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant($frame), )+
            $(#[$ometa])*
            $over,
        }

        impl $crate::procedure::Procedure<$game, $action> for $name {
            fn actor(&self, g: &$game) -> $crate::Actor {
                match self {
                    $( $name::$variant(f) => f.actor(g), )+
                    $name::$over => $crate::Actor::Over,
                }
            }
            fn prompt(&self, g: &$game) -> (&'static str, String) {
                match self {
                    $( $name::$variant(f) => f.prompt(g), )+
                    $name::$over => ($rule, $text.into()),
                }
            }
            fn legal(&self, g: &$game) -> Vec<$action> {
                match self {
                    $( $name::$variant(f) => f.legal(g), )+
                    $name::$over => Vec::new(),
                }
            }
            fn chance(&self, g: &$game) -> Vec<($action, f64)> {
                match self {
                    $( $name::$variant(f) => f.chance(g), )+
                    $name::$over => Vec::new(),
                }
            }
            fn apply(self, g: &mut $game, a: &$action) {
                match self {
                    $( $name::$variant(f) => f.apply(g, a), )+
                    // Nothing is legal once the game is over; the end stays.
                    $name::$over => <$game as $crate::procedure::Stacked>::frames_mut(g).push($name::$over),
                }
            }
            fn automatic(&self, g: &$game) -> bool {
                match self {
                    $( $name::$variant(f) => f.automatic(g), )+
                    $name::$over => false,
                }
            }
            fn run(self, g: &mut $game) {
                match self {
                    $( $name::$variant(f) => f.run(g), )+
                    $name::$over => unreachable!("the game's end is not automatic"),
                }
            }
            fn why(&self, g: &$game, a: &$action) -> Option<$crate::Illegal> {
                match self {
                    $( $name::$variant(f) => f.why(g, a), )+
                    $name::$over => None,
                }
            }
        }
    };
}
