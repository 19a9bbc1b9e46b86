//! Refusals (`engine::Illegal`) and the quiet of a listing. The checks that decide whether
//! an action is legal also say why not, with the rule; `legal_actions` asks them only
//! whether, thousands of times a game, so inside it ([`quietly`]) a refusal is made without
//! its words (plan step 12: formatting the reasons no one read was a sixth of random play).
//! One source of legality still: the same check answers both.

use engine::Illegal;
use std::cell::Cell;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Whether refusals are being made without words (inside a listing).
#[must_use]
pub(crate) fn quiet() -> bool {
    QUIET.with(Cell::get)
}

/// Runs `f` with refusals made without words, restoring the state before after (even when
/// `f` panics).
pub(crate) fn quietly<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(self.0));
        }
    }
    let _restore = Restore(QUIET.with(|q| q.replace(true)));
    f()
}

/// A refusal under GBACW rule `rule` (say "8.11"), for `reason`; empty when quiet.
pub(crate) fn no<S: Into<String>>(rule: &str, reason: S) -> Illegal {
    if quiet() {
        return Illegal { rule: String::new(), reason: String::new() };
    }
    Illegal { rule: format!("GBACW {rule}"), reason: reason.into() }
}

/// `format!` for a refusal's reason, not run when quiet.
macro_rules! why {
    ($($t:tt)*) => {
        if $crate::refusal::quiet() { String::new() } else { format!($($t)*) }
    };
}
pub(crate) use why;
