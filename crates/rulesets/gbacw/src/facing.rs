//! 7.0 Facing: a counter points at one hexside of its hex. What that means depends on the
//! formation: Line infantry, dismounted cavalry and unlimbered artillery present three
//! frontal hexsides (the one faced and its two neighbours) and three enfilade hexsides;
//! mounted cavalry fire through the one faced hexside; Column infantry, limbered artillery,
//! supply wagons and mounted cavalry are enfiladed whenever fired on; units with no facing
//! (leaders) always present a frontal hexside.
//!
//! Hexsides are numbered 0-5 in die order (N, NE, SE, S, SW, NW), as hexmap's directions
//! and `engine::CounterView::faces_side`.
//!
//! Readings (plan, section 3):
//! - R14: crews off their guns and wagon crews are Line units with a facing; a supply wagon
//!   itself is always enfiladed (7.0 is explicit), so its facing never matters to fire.
//! - R21 (the 9.33 diagram is missing): a shot leaves its hex by the hexside its centre line
//!   crosses; through a vertex, by either of the two hexsides meeting there that is frontal
//!   (the firer's choice when both are).
//! - 7.23: a line of fire entering the target through a vertex between a frontal and an
//!   enfilade hexside is frontal.

use hexmap::{Crossing, Direction, Hex, exit};

/// How a formation's facing works (7.0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Facing {
    /// Line infantry, dismounted cavalry, unlimbered artillery, crews (R14): three frontal
    /// hexsides, three enfilade.
    Line,
    /// Mounted cavalry: fires through the one hexside faced (6.14, 9.62); enfiladed
    /// whenever fired on.
    Mounted,
    /// Column infantry, limbered artillery, supply wagons: fire through no hexside (9.62);
    /// enfiladed whenever fired on.
    Enfiladed,
    /// No facing (leaders): frontal to every hexside.
    None,
}

/// The direction of hexside `i` (taken modulo 6), die order from north.
#[must_use]
pub fn dir(i: u8) -> Direction {
    Direction::ALL[usize::from(i % 6)]
}

/// The hexside number (0-5) of a direction.
#[must_use]
pub fn index(d: Direction) -> u8 {
    d.die() - 1
}

/// Whether hexside `side` of a unit facing `faced` is one of its frontal hexsides (7.0): the
/// one faced and its two neighbours for Line; the one faced for mounted cavalry; none for
/// Column, limbered and wagons; every one for a unit with no facing.
#[must_use]
pub fn frontal(kind: Facing, faced: u8, side: u8) -> bool {
    let turn = (side % 6 + 6 - faced % 6) % 6;
    match kind {
        Facing::Line => matches!(turn, 0 | 1 | 5),
        Facing::Mounted => turn == 0,
        Facing::Enfiladed => false,
        Facing::None => true,
    }
}

/// 7.11: the hexside a unit faces to step from `from` into the adjacent `to`; `None` if the
/// hexes are not adjacent.
#[must_use]
pub fn toward(from: Hex, to: Hex) -> Option<u8> {
    from.direction_to(to).map(index)
}

/// 7.22, R21: the frontal hexsides a shot from `from` at `target` may leave by: the one its
/// centre line crosses, or at a vertex those of the two that are frontal. Empty when the
/// unit cannot fire that way (the line leaves by an enfilade hexside, or the formation
/// fires through none); empty too for its own hex.
#[must_use]
pub fn leaves_by(kind: Facing, faced: u8, from: Hex, target: Hex) -> Vec<u8> {
    let sides: Vec<u8> = match exit(from, target) {
        None => return Vec::new(),
        Some(Crossing::Side(d)) => vec![index(d)],
        Some(Crossing::Vertex(a, b)) => vec![index(a), index(b)],
    };
    // A unit with no facing does not fire (leaders); Enfiladed formations never do.
    if matches!(kind, Facing::None | Facing::Enfiladed) {
        return Vec::new();
    }
    sides.into_iter().filter(|&s| frontal(kind, faced, s)).collect()
}

/// 7.23: whether a unit at `target` facing `faced` is enfiladed by fire from `firer`: the
/// line of fire enters its hex through an enfilade hexside (at a vertex, only if both
/// hexsides meeting there are enfilade); and always for the formations 7.0 names.
#[must_use]
pub fn enfiladed(kind: Facing, faced: u8, target: Hex, firer: Hex) -> bool {
    match kind {
        Facing::Mounted | Facing::Enfiladed => true,
        Facing::None => false,
        Facing::Line => match exit(target, firer) {
            None => false,
            Some(Crossing::Side(d)) => !frontal(kind, faced, index(d)),
            Some(Crossing::Vertex(a, b)) => !frontal(kind, faced, index(a)) && !frontal(kind, faced, index(b)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(label: &str) -> Hex {
        Hex::from_label(label).unwrap()
    }

    #[test]
    fn rule_7_0_line_has_three_frontal_and_three_enfilade_hexsides() {
        for faced in 0..6 {
            let front: Vec<u8> = (0..6).filter(|&s| frontal(Facing::Line, faced, s)).collect();
            assert_eq!(front.len(), 3, "facing {faced}");
            assert!(front.contains(&faced) && front.contains(&((faced + 1) % 6)) && front.contains(&((faced + 5) % 6)));
        }
    }

    #[test]
    fn rule_7_0_mounted_fire_through_one_hexside_column_through_none_leaders_all() {
        for faced in 0..6 {
            assert_eq!((0..6).filter(|&s| frontal(Facing::Mounted, faced, s)).collect::<Vec<_>>(), vec![faced]);
            assert!((0..6).all(|s| !frontal(Facing::Enfiladed, faced, s)));
            assert!((0..6).all(|s| frontal(Facing::None, faced, s)));
        }
    }

    #[test]
    fn rule_7_11_a_unit_faces_the_hex_it_enters() {
        let a = h("0505");
        for (i, n) in a.neighbours().into_iter().enumerate() {
            assert_eq!(toward(a, n), Some(u8::try_from(i).unwrap()));
        }
        assert_eq!(toward(a, h("0508")), None);
    }

    #[test]
    fn rule_7_22_fire_leaves_only_by_a_frontal_hexside() {
        let a = h("0505");
        // Adjacent targets: the hexside faced and its neighbours, not the three behind.
        for (i, n) in a.neighbours().into_iter().enumerate() {
            let side = u8::try_from(i).unwrap();
            let by = leaves_by(Facing::Line, 0, a, n);
            assert_eq!(by.is_empty(), !frontal(Facing::Line, 0, side), "side {side}");
            let mounted = leaves_by(Facing::Mounted, 0, a, n);
            assert_eq!(mounted, if side == 0 { vec![0] } else { vec![] });
            assert!(leaves_by(Facing::Enfiladed, 0, a, n).is_empty(), "column and limbered never fire (9.62)");
        }
    }

    #[test]
    fn r21_a_shot_through_a_vertex_may_leave_by_either_frontal_hexside() {
        // Two hexes straight out from a vertex: the line leaves through that vertex.
        let a = h("0505");
        let spine = a.ring(2).into_iter().find(|&t| matches!(exit(a, t), Some(Crossing::Vertex(..)))).unwrap();
        let Some(Crossing::Vertex(x, y)) = exit(a, spine) else { unreachable!() };
        let (x, y) = (index(x), index(y));
        // Facing x: both x and y (= x + 1) are frontal; the firer may choose either.
        let mut both = leaves_by(Facing::Line, x, a, spine);
        both.sort_unstable();
        let mut want = vec![x, y];
        want.sort_unstable();
        assert_eq!(both, want);
        // Facing so that only one of the two is frontal: that one.
        let only = (y + 1) % 6;
        assert_eq!(leaves_by(Facing::Line, only, a, spine), vec![y]);
    }

    #[test]
    fn rule_7_23_enfiladed_through_a_rear_hexside_frontal_at_a_mixed_vertex() {
        let t = h("0505");
        // Facing north (0): fire from the south neighbour enters through side 3, a rear side.
        let south = t.neighbours()[3];
        let north = t.neighbours()[0];
        assert!(enfiladed(Facing::Line, 0, t, south));
        assert!(!enfiladed(Facing::Line, 0, t, north));
        // Through a vertex between a frontal (1) and an enfilade (2) hexside: frontal.
        let far = t.ring(2).into_iter().find(|&f| exit(t, f) == Some(Crossing::Vertex(dir(1), dir(2)))).unwrap();
        assert!(!enfiladed(Facing::Line, 0, t, far), "mixed vertex counts frontal (7.23)");
        // Between two enfilade hexsides (2 and 3): enfiladed.
        let rear = t.ring(2).into_iter().find(|&f| exit(t, f) == Some(Crossing::Vertex(dir(2), dir(3)))).unwrap();
        assert!(enfiladed(Facing::Line, 0, t, rear));
        // 7.0: column, limbered, wagons and mounted always; leaders never.
        assert!(enfiladed(Facing::Enfiladed, 0, t, north) && enfiladed(Facing::Mounted, 0, t, north));
        assert!(!enfiladed(Facing::None, 0, t, south));
    }
}
