//! Set-ups for tests: an emptied map, units and leaders put where a test wants them, facing a
//! hexside and in a formation, and a phase begun for a side. Not for play.

use crate::action::Piece;
use crate::movement::{MoveFrame, Mover};
use crate::procedure::Frame;
use crate::sequence::SeqFrame;
use crate::state::{Fate, Formation, Gbacw, LeaderId, Loc, Phase, UnitId};
use crate::terrain::Terrain;
use engine::Side;
use hexmap::Hex;

/// A hex from its label.
///
/// # Panics
/// On a bad label.
#[must_use]
pub fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("a hex label")
}

/// A new game with no options, at its first decision.
///
/// # Panics
/// Never: the scenario needs no options.
#[must_use]
pub fn new_game() -> Gbacw {
    Gbacw::new(&[]).expect("the scenario")
}

/// Takes every unit and leader out of play (eliminated, so never selectable) and empties the
/// pinned hexes: a board for a test to put counters on.
pub fn clear_map(g: &mut Gbacw) {
    for st in &mut g.units {
        st.loc = Loc::Gone(Fate::Eliminated);
    }
    for l in &mut g.leaders {
        l.loc = Loc::Gone(Fate::Eliminated);
    }
    g.pinned.clear();
}

/// A unit by its order-of-battle id.
///
/// # Panics
/// If there is none.
#[must_use]
pub fn unit(g: &Gbacw, id: &str) -> UnitId {
    g.unit_by_id(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// A leader by his id.
///
/// # Panics
/// If there is none.
#[must_use]
pub fn leader(g: &Gbacw, id: &str) -> LeaderId {
    g.leader_by_id(id).unwrap_or_else(|| panic!("no leader {id}"))
}

/// Puts unit `id` in hex `at` facing hexside `facing` (0-5), under any units there.
///
/// # Panics
/// If there is no such unit or hex.
pub fn put(g: &mut Gbacw, id: &str, at: &str, facing: u8) -> UnitId {
    let u = unit(g, id);
    let h = hex(at);
    let order = crate::stacking::bottom(g, h, u);
    let st = g.unit_mut(u);
    st.loc = Loc::Map(h);
    st.facing = facing;
    st.order = order;
    u
}

/// Puts unit `id` in `at` facing `facing`, in formation `f`.
///
/// # Panics
/// If there is no such unit or hex.
pub fn put_in(g: &mut Gbacw, id: &str, at: &str, facing: u8, f: Formation) -> UnitId {
    let u = put(g, id, at, facing);
    g.unit_mut(u).formation = f;
    u
}

/// Puts leader `id` in `at`.
///
/// # Panics
/// If there is no such leader or hex.
pub fn put_leader(g: &mut Gbacw, id: &str, at: &str) -> LeaderId {
    let l = leader(g, id);
    g.leaders[usize::from(l)].loc = Loc::Map(hex(at));
    l
}

/// Sets the Game-Turn, phasing side and phase, with the phase's frame the only one pending
/// (above the game's end). Command is the Initial Command Phase's business (17.0): a phase
/// begun here finds every unit in command and every brigade commander within his radius;
/// command tests set their leaders and begin that phase ([`initial_command`]).
pub fn phase(g: &mut Gbacw, turn: u8, side: Side, phase: Phase) {
    g.turn = turn;
    g.phasing = side;
    g.phase = phase;
    g.command.unit_ok.iter_mut().for_each(|ok| *ok = true);
    g.command.in_dir.iter_mut().for_each(|ok| *ok = true);
    g.stack.clear();
    g.stack.push(Frame::Over);
    if phase == Phase::InitialCommand {
        g.stack.push(Frame::Seq(SeqFrame::Phase));
    } else {
        crate::sequence::push_phase(g);
    }
    g.legal_memo.forget();
}

/// `side`'s Movement Phase of Game-Turn 1 on an emptied map.
#[must_use]
pub fn movement(side: Side) -> Gbacw {
    let mut g = new_game();
    clear_map(&mut g);
    phase(&mut g, 1, side, Phase::Movement);
    g
}

/// Pushes counters already moving, as if selected, with `spent` half MP each: for testing
/// what a move may do late in its allowance.
pub fn moving(g: &mut Gbacw, pieces: &[Piece], spent: u16) {
    let side = crate::movement::side(g, pieces[0]);
    let m = Mover {
        side,
        pieces: pieces.to_vec(),
        spent: vec![spent; pieces.len()],
        landing: None,
        steps: 0,
        pending: None,
    };
    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
    g.legal_memo.forget();
}

/// The first hex of the map (label order) satisfying `pred`.
///
/// # Panics
/// If none does.
#[must_use]
pub fn find(g: &Gbacw, what: &str, pred: impl Fn(Hex) -> bool) -> Hex {
    let mut hexes: Vec<Hex> = g.map().hexes().map(|(h, _)| h).collect();
    hexes.sort();
    hexes.into_iter().find(|&h| pred(h)).unwrap_or_else(|| panic!("no hex on the map is {what}"))
}

/// Whether `h` is on the map and of terrain `t`.
#[must_use]
pub fn is(g: &Gbacw, h: Hex, t: Terrain) -> bool {
    g.map().terrain(h) == Some(t)
}

/// A new game with every unit and leader taken off the board ([`clear_map`]).
///
/// # Panics
/// If the scenario does not set up.
#[must_use]
pub fn empty() -> Gbacw {
    let mut g = new_game();
    clear_map(&mut g);
    g
}

/// Puts unit `id` at `at` in `formation`, facing hexside `facing` ([`put_in`] in the order
/// the command and zone tests read).
///
/// # Panics
/// On an unknown id or hex label.
pub fn place(g: &mut Gbacw, id: &str, at: &str, formation: Formation, facing: u8) -> UnitId {
    put_in(g, id, at, facing, formation)
}

/// Begins `side`'s Initial Command Phase on the position as it stands.
pub fn initial_command(g: &mut Gbacw, side: Side) {
    g.phasing = side;
    g.phase = Phase::InitialCommand;
    g.stack = vec![Frame::Over];
    crate::command::begin(g);
    engine::procedure::settle(g);
}

/// The rule `a` is refused under, checking it is not listed either.
///
/// # Panics
/// When `a` is accepted, or refused though listed.
#[must_use]
pub fn refused(g: &Gbacw, a: crate::Action) -> String {
    use engine::Game;
    let mut c = g.clone();
    let why = c.apply(&a).expect_err("refused");
    assert!(!g.legal_actions().contains(&a), "{a:?} refused but listed");
    why.rule
}

/// Applies `a`, which must be listed and accepted.
///
/// # Panics
/// When `a` is not listed or is refused.
pub fn ok(g: &mut Gbacw, a: crate::Action) {
    use engine::Game;
    assert!(g.legal_actions().contains(&a), "{a:?} not listed: {:?}", g.legal_actions());
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
}

/// Plays out the retreats pending (13.31, 14.4), each into the first hex offered.
///
/// # Panics
/// If a listed action is refused.
pub fn retreat_first(g: &mut Gbacw) {
    use engine::Game;
    while let Some(Frame::Retreat(_)) = g.stack.last() {
        let legal = g.legal_actions();
        let a = legal.iter().find(|a| matches!(a, crate::Action::RetreatTo(_))).copied().unwrap_or(legal[0]);
        g.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    }
}

/// The fire being resolved (a Fire Phase's or a free shot's).
///
/// # Panics
/// If none is.
#[must_use]
pub fn resolution(g: &Gbacw) -> &crate::fire::Resolution {
    match g.stack.last() {
        Some(Frame::Fire(crate::fire::FireFrame::Resolve(r))) => r,
        other => panic!("no fire resolving: {other:?}"),
    }
}

/// The die that gives a result `want` on the column the pending fire die reads.
///
/// # Panics
/// If no fire die is pending or no die gives it.
#[must_use]
pub fn die_for(g: &Gbacw, want: impl Fn(crate::charts::FireResult) -> bool) -> u8 {
    let r = resolution(g);
    let Some(crate::fire::resolve::Step::Die { group, unit }) = r.steps.first().copied() else {
        panic!("no fire die pending")
    };
    let col = crate::fire::resolve::group_column(g, &r.groups[usize::from(group)], unit, r.target, r.density);
    (1..=6).find(|&d| want(crate::charts::fire_result(col, d))).unwrap_or_else(|| panic!("no such die on column {col}"))
}

/// Rolls `die` for every chance decision pending, one after another.
///
/// # Panics
/// If a roll is refused.
pub fn roll_all(g: &mut Gbacw, die: u8) {
    use engine::Game;
    while g.actor() == engine::Actor::Chance {
        g.apply(&crate::Action::Roll(die)).unwrap_or_else(|e| panic!("roll {die}: {e:?}"));
    }
}

/// Routs unit `u` where it stands and begins its retreat (13.31), as a fire would, `cause`
/// the enemy units whose fire routed it.
pub fn rout(g: &mut Gbacw, u: UnitId, cause: &[UnitId]) {
    g.unit_mut(u).routed = true;
    crate::retreat::rout(g, &[u], cause);
    engine::procedure::settle(g);
    g.legal_memo.forget();
}

/// Begins a fall-back of `n` hexes for unit `u` from where it stands (12.94 option 3, 12.95),
/// `cause` the enemy units it fought, as a melee's result would.
pub fn fall_back(g: &mut Gbacw, u: UnitId, n: u8, cause: &[UnitId]) {
    let h = g.hex_of(u).expect("on the map");
    crate::retreat::melee(g, vec![u], h, n, crate::retreat::Why::FallBack, cause, &[]);
    engine::procedure::settle(g);
    g.legal_memo.forget();
}

/// The melee tests' ground (12.0): on an emptied map the Union's 27th Illinois (7 SP) in 2328
/// facing south at the Confederate 12th Tennessee (5 SP) in 2329 facing north, both of morale
/// 3, every unit in command; returns the game and the two units.
///
/// # Panics
/// If the scenario lacks either unit.
#[must_use]
pub fn contact() -> (Gbacw, UnitId, UnitId) {
    let mut g = empty();
    let u = place(&mut g, "27IL", "2328", Formation::Line, 3);
    let c = place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(u).morale = Some(3);
    g.unit_mut(c).morale = Some(3);
    g.command.unit_ok = vec![true; g.units.len()];
    (g, u, c)
}
