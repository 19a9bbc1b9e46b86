use super::*;

fn h(label: &str) -> Hex {
    Hex::from_label(label).unwrap()
}

#[test]
fn labels_round_trip_over_a_map() {
    for c in 1..=40 {
        for r in 1..=40 {
            let hex = Hex::from_col_row(c, r);
            assert_eq!(hex.col_row(), (c, r));
            assert_eq!(Hex::from_label(&hex.label()).unwrap(), hex);
        }
    }
}

#[test]
fn bad_labels_are_refused() {
    for bad in ["", "160", "16077", "16a7", "-107", "+107", "16 7"] {
        assert!(Hex::from_label(bad).is_err(), "{bad}");
    }
}

/// The hexes just off a map's first edges print with a 00 and parse back: an action that steps
/// off the map (FotM 8.5) round-trips through its JSON.
#[test]
fn edge_labels_round_trip() {
    for label in ["1600", "0007", "0000", "0100"] {
        let h = Hex::from_label(label).unwrap();
        assert_eq!(h.label(), label);
    }
    assert_eq!(h("1601").neighbours().iter().filter(|n| n.label().ends_with("00")).count(), 1);
}

#[test]
fn neighbours_in_printed_labels() {
    // Column 16 is even, so it sits half a hex lower than columns 15 and 17.
    let n: Vec<String> = h("1607").neighbours().iter().map(|x| x.label()).collect();
    assert_eq!(n, ["1606", "1707", "1708", "1608", "1508", "1507"]);
    let n: Vec<String> = h("1507").neighbours().iter().map(|x| x.label()).collect();
    assert_eq!(n, ["1506", "1606", "1607", "1508", "1407", "1406"]);
}

#[test]
fn directions_follow_die_faces() {
    for (i, d) in Direction::ALL.iter().enumerate() {
        assert_eq!(usize::from(d.die()), i + 1);
        assert_eq!(Direction::from_die(d.die()), Some(*d));
        assert_eq!(d.opposite().opposite(), *d);
        let a = h("1010");
        assert_eq!(a.neighbour(*d).neighbour(d.opposite()), a);
        assert_eq!(a.direction_to(a.neighbour(*d)), Some(*d));
    }
    assert_eq!(Direction::from_die(0), None);
    assert_eq!(Direction::from_die(7), None);
}

#[test]
fn distance_is_a_metric() {
    let hexes: Vec<Hex> = h("1010").within(4);
    assert_eq!(hexes.len(), 61);
    for &a in &hexes {
        assert_eq!(a.distance(a), 0);
        for &b in &hexes {
            assert_eq!(a.distance(b), b.distance(a));
            for &c in hexes.iter().step_by(7) {
                assert!(a.distance(c) <= a.distance(b) + b.distance(c));
            }
        }
    }
    assert_eq!(h("1607").distance(h("2405")), 8);
    assert_eq!(h("0101").ring(2).len(), 12);
}

#[test]
fn hexsides_are_keys_for_both_faces() {
    let a = h("1607");
    let b = h("1707");
    assert_eq!(Hexside::new(a, b), Hexside::new(b, a));
    assert_eq!(Hexside::new(a, b).unwrap().other(a), Some(b));
    assert_eq!(Hexside::new(a, h("1809")), None);
}

#[test]
fn lines_cover_distance_plus_one() {
    for &b in &h("1010").within(6) {
        let l = line(h("1010"), b);
        assert_eq!(l.len(), usize::from(h("1010").distance(b)) + 1);
        assert_eq!(l.first(), Some(&LineStep::One(h("1010"))));
        assert_eq!(l.last(), Some(&LineStep::One(b)));
        // Each step touches the previous one.
        for w in l.windows(2) {
            assert!(w[0].hexes().any(|x| w[1].hexes().any(|y| x.distance(y) <= 1)));
        }
    }
}

#[test]
fn a_line_along_a_hexside_reports_a_tie() {
    // Two hexes apart "between" two directions: the line runs along the hexside
    // shared by the two middle hexes.
    let a = h("1010");
    let b = a.neighbour(Direction::N).neighbour(Direction::NE);
    let b2 = a.neighbour(Direction::NE).neighbour(Direction::N);
    assert_eq!(b, b2);
    let l = line(a, b);
    assert_eq!(l.len(), 3);
    match l[1] {
        LineStep::Tie(x, y) => {
            let mut got = [x, y];
            got.sort();
            let mut want = [a.neighbour(Direction::N), a.neighbour(Direction::NE)];
            want.sort();
            assert_eq!(got, want);
        }
        LineStep::One(_) => panic!("expected a tie, got {:?}", l[1]),
    }
    // A straight line down a column has no ties.
    let l = line(a, h("1015"));
    assert!(l.iter().all(|s| matches!(s, LineStep::One(_))));
}

#[test]
fn reach_prices_hexside_crossings() {
    let start = h("1010");
    // Crossing into column 11 costs 3; everything else 1.
    let cost = |from: Hex, to: Hex| Some(if to.col_row().0 == 11 && from.col_row().0 != 11 { 3 } else { 1 });
    let r = reach(start, 2, cost, |_| true);
    assert!(!r.cost.contains_key(&h("1110")));
    assert_eq!(r.cost[&h("1008")].0, 2);
    let r = reach(start, 3, cost, |_| true);
    assert_eq!(r.cost[&h("1110")].0, 3);
    let (spent, route) = path(start, h("1012"), 6, cost, |_| true).unwrap();
    assert_eq!(spent, 2);
    assert_eq!(route, vec![start, h("1011"), h("1012")]);
    // A hex where movement must stop is reached but not passed through.
    let r = reach(start, 6, |_, _| Some(1), |x| x != h("1011"));
    assert_eq!(r.cost[&h("1011")].0, 1);
    assert_eq!(r.cost[&h("1012")].0, 3);
}

#[test]
fn forbidden_crossings_block() {
    let start = h("1010");
    let r = reach(start, 5, |_, to| (to.col_row().0 < 11).then_some(1), |_| true);
    assert!(r.cost.keys().all(|x| x.col_row().0 < 11));
}

/// A line leaves its hex across the hexside it heads for, also from far off, and
/// through a vertex exactly where it runs between two hexsides (the six "spines").
#[test]
fn lines_leave_across_a_hexside_or_through_a_vertex() {
    let o = Hex::new(5, 5);
    assert_eq!(exit(o, o), None);
    for d in Direction::ALL {
        let (dq, dr) = d.offset();
        for k in 1..=4 {
            let far = Hex::new(o.q + k * dq, o.r + k * dr);
            assert_eq!(exit(o, far), Some(Crossing::Side(d)), "{d:?} at {k}");
            assert_eq!(exit(far, o), Some(Crossing::Side(d.opposite())), "entered from {d:?}");
        }
        // The spine between d and the next direction clockwise.
        let next = Direction::ALL[(d as usize + 1) % 6];
        let (nq, nr) = next.offset();
        for k in 1..=3 {
            let spine = Hex::new(o.q + k * (dq + nq), o.r + k * (dr + nr));
            assert_eq!(exit(o, spine), Some(Crossing::Vertex(d, next)), "{d:?}-{next:?} at {k}");
            assert_eq!(exit(spine, o), Some(Crossing::Vertex(d.opposite(), next.opposite())));
        }
    }
    // Off both: 19 degrees east of north leaves across the north hexside (it spans 30
    // degrees either side of north).
    assert_eq!(exit(o, Hex::new(o.q + 1, o.r - 3)), Some(Crossing::Side(Direction::N)));
    // Everywhere, the crossing is the line's second step.
    for b in o.within(6).into_iter().filter(|&b| b != o) {
        let second: Vec<Hex> = line(o, b)[1].hexes().collect();
        let crossed: Vec<Hex> = match exit(o, b).unwrap() {
            Crossing::Side(d) => vec![o.neighbour(d)],
            Crossing::Vertex(d, e) => vec![o.neighbour(d), o.neighbour(e)],
        };
        assert!(second.len() == crossed.len() && second.iter().all(|h| crossed.contains(h)), "{b:?}");
    }
}
