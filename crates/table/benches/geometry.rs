//! How fast the table's geometry answers the questions a turn asks most (the ROTR plan's
//! performance target, docs/plans/rotr.md section 7.2): a 6-stand line's first contact along a
//! bearing among 60 stands (under 20 microseconds), and the range of a wheel of up to 180
//! poses among the same 60 (under 200 microseconds, with the bounding-box prefilter).
//!
//! ```text
//! cargo bench -p table --bench geometry              # full criterion run
//! cargo bench -p table --bench geometry -- --quick   # a quick estimate
//! ```

use criterion::Criterion;
use std::hint::black_box;
use table::contact::first_contact_all;
use table::formation::{Body, Formation, layout};
use table::shape::{Polygon, Stand};
use table::wheel::{Clearance, Sense, wheel_range};
use table::{Facing, Pos, SIXTEENTHS};

/// A 6-stand line of 15 mm stands (1 inch by 1/2 inch) in the middle of a 6 by 4 foot table.
fn line() -> Body {
    layout(Formation::Line, 6, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(36, 24), Facing::new(0))
}

/// 60 stands spread over the table in ten regiments of six, at fixed places and facings (a
/// small linear congruential walk, so the position is the same on every run), none touching
/// the line.
fn crowd() -> Vec<Polygon> {
    let mut seed: u32 = 17;
    let mut next = |m: u32| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) % m
    };
    let mut out = Vec::new();
    while out.len() < 60 {
        let at = Pos::inches(4 + next(64) as i32, 4 + next(40) as i32);
        let facing = Facing::new(next(360) as i32);
        let unit = layout(Formation::Line, 6, SIXTEENTHS, SIXTEENTHS / 2, at, facing);
        let polys: Vec<Polygon> = unit.stands.iter().map(Stand::polygon).collect();
        let mover = line().outline();
        let clear = polys.iter().all(|p| !table::within(p, &mover, 8) && out.iter().all(|q| !table::overlap(p, q)));
        if clear {
            out.extend(polys);
        }
    }
    out.truncate(60);
    out
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let body = line();
    let stands: Vec<Polygon> = body.stands.iter().map(Stand::polygon).collect();
    let obstacles = crowd();
    c.bench_function("table/first_contact 6 stands among 60", |b| {
        b.iter(|| {
            for bearing in [0, 30, 330] {
                black_box(first_contact_all(black_box(&stands), Facing::new(bearing), black_box(&obstacles)));
            }
        });
    });
    let (_, right) = body.front();
    let reach = wheel_range(&body, right, Sense::Clockwise, &obstacles, Clearance::Apart(0), 6 * SIXTEENTHS, 1_000_000);
    eprintln!("report: the crowded wheel reaches {reach} degrees");
    // The worst case: nothing in the way, every one of 180 poses tested, the crowd kept out
    // of the swept circle only just (a ring of stands around it, all past the box prefilter's
    // first cut).
    let ring: Vec<Polygon> = (0..60)
        .map(|k| {
            let at = table::angle::rotate(right.offset(0, 6 * SIXTEENTHS + 12), right, k * 6);
            Stand { centre: at, facing: Facing::new(k * 6), width: SIXTEENTHS, depth: SIXTEENTHS / 2 }.polygon()
        })
        .collect();
    let full = wheel_range(&body, right, Sense::Clockwise, &ring, Clearance::Apart(0), 6 * SIXTEENTHS, 1_000_000);
    eprintln!("report: the ringed wheel reaches {full} degrees");
    c.bench_function("table/wheel_range 180 poses inside a ring of 60", |b| {
        b.iter(|| {
            black_box(wheel_range(
                black_box(&body),
                right,
                Sense::Clockwise,
                black_box(&ring),
                Clearance::Apart(0),
                6 * SIXTEENTHS,
                1_000_000,
            ))
        });
    });
    c.bench_function("table/wheel_range among 60", |b| {
        b.iter(|| {
            black_box(wheel_range(
                black_box(&body),
                right,
                Sense::Clockwise,
                black_box(&obstacles),
                Clearance::Apart(0),
                6 * SIXTEENTHS,
                1_000_000,
            ))
        });
    });
    c.final_summary();
}
