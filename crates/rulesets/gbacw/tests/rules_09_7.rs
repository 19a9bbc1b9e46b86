//! 9.7 Line of sight on the position: the real Belmont map's heights and terrain, the
//! authored chart's sight heights, units standing in the hexes (9.72), crest hexsides.

use gbacw::Formation;
use gbacw::los::{MEN_FT, Sight, clear};
use gbacw::testkit::{empty, hex, place};
use hexmap::Hex;

#[test]
fn rule_9_72_the_position_reports_ground_trees_and_men_in_feet() {
    let mut g = empty();
    assert_eq!(g.ground(hex("1831")), 10, "Pillow's ridge: 2 units of 5 ft");
    assert_eq!(g.ground(hex("0522")), 0);
    assert_eq!(g.terrain(hex("0522")), 20, "woods: trees 20 ft");
    assert_eq!(g.terrain(hex("1831")), 0, "the open field");
    assert_eq!(Sight::units(&g, hex("0522")), 0);
    place(&mut g, "27IL", "0522", Formation::Line, 0);
    assert_eq!(Sight::units(&g, hex("0522")), 5, "men on foot");
    place(&mut g, "Delano", "0522", Formation::Mounted, 0);
    assert_eq!(Sight::units(&g, hex("0522")), 10, "the tallest in the hex: mounted men");
    place(&mut g, "UWagon", "0822", Formation::Wagon, 0);
    assert_eq!(Sight::units(&g, hex("0822")), 10, "wagons");
}

#[test]
fn rule_9_7_adjacent_always_clear() {
    let g = empty();
    assert!(g.sees(hex("0522"), hex("0523")), "woods both ends, adjacent (R38)");
}

#[test]
fn rule_9_71_woods_block() {
    let g = empty();
    assert!(!g.sees(hex("0520"), hex("0522")), "the woods of 0521 between");
    // Neighbouring case: across open ground (the field on the ridge's back, 1632-1832).
    assert!(g.sees(hex("1632"), hex("1832")), "1732 between is open");
}

#[test]
fn ruling_9_71_units_between_on_level_ground_block() {
    let mut g = empty();
    // Hunter's Farm landing, open and level: 2104-2106.
    assert!(g.sees(hex("2104"), hex("2106")));
    place(&mut g, "27IL", "2105", Formation::Line, 0);
    assert!(!g.sees(hex("2104"), hex("2106")), "men between on level ground block (los.rs ruling)");
}

#[test]
fn rule_9_52_crest_hexsides_stand_at_the_ridge() {
    let g = empty();
    assert_eq!(g.hexside(hex("1930"), hex("1929")), Some(10), "a crest at the higher hex's ground");
    assert_eq!(g.hexside(hex("1930"), hex("1931")), None, "the ridge's back has no crest");
    assert_eq!(g.hexside(hex("0417"), hex("0418")), None, "a stream is no obstacle to sight");
}

/// The real map's geometry, its ground `scale` times as high, with no trees or men, and with
/// or without its crest hexsides.
struct Bare<'a> {
    g: &'a gbacw::Gbacw,
    scale: i32,
    crests: bool,
}

impl Sight for Bare<'_> {
    fn ground(&self, h: Hex) -> i32 {
        self.scale * self.g.ground(h)
    }
    fn terrain(&self, _: Hex) -> i32 {
        0
    }
    fn units(&self, _: Hex) -> i32 {
        0
    }
    fn hexside(&self, a: Hex, b: Hex) -> Option<i32> {
        self.g.hexside(a, b).filter(|_| self.crests).map(|ft| self.scale * ft)
    }
}

#[test]
fn rule_9_52_a_crest_blocks_where_the_ridge_hex_alone_does_not() {
    let g = empty();
    // From the ridge at 1931 down its north-west face to 1928: 1930 (ridge) and 1929
    // (bottom) between, the crest on the hexside between them. Raised to a 30-ft ridge:
    let (top, foot) = (hex("1931"), hex("1928"));
    let raised = |crests| Bare { g: &g, scale: 3, crests };
    assert!(!clear(&raised(true), top, MEN_FT, foot, MEN_FT), "the crest, half a hex nearer, blocks");
    assert!(clear(&raised(false), top, MEN_FT, foot, MEN_FT), "without it the ridge hex alone does not");
    // As authored the ridge is 10 ft: within 9.73's five-foot grace for men at both ends, so
    // on Belmont's map only the ridge's woods block sight there, never its crest.
    assert!(clear(&Bare { g: &g, scale: 1, crests: true }, top, MEN_FT, foot, MEN_FT));
}
