//! The authored order of battle and set-up and reinforcement card,
//! `data/south-mountain-oob.ron`: it parses against the shipped map, holds every brigade and
//! commander of the history file on the authored SP scale, brings each on when the history says,
//! sets up where the rules' distances need, and the loader reports every problem with its line.

use engine::Side;
use fotm::data::{DataError, report};
use fotm::map::{self, Map};
use fotm::oob::{self, Arm, Corps, OOB_FILE, OrderOfBattle, Start, Strength, sp_for_men};
use hexmap::Hex;
use std::collections::{HashMap, HashSet};

const TEXT: &str = include_str!("../data/south-mountain-oob.ron");

/// Road column: 8 road hexes a turn (13.1 4 MP, 13.2 1/2 MP a road hex).
const ROAD_HEXES_PER_TURN: usize = 8;
/// 9.1: ranged fire reaches 3 hexes, 4 when firing down.
const LONGEST_RANGE: u16 = 4;
/// 11.1: Confederates set up within two hexes of their listed hex.
const SETUP_LATITUDE: u16 = 2;

fn o() -> &'static OrderOfBattle {
    oob::south_mountain()
}

fn m() -> &'static Map {
    map::south_mountain()
}

fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("label")
}

#[test]
fn shipped_oob_parses_and_says_it_is_authored() {
    let parsed = oob::parse(TEXT, OOB_FILE, m()).unwrap_or_else(|e| panic!("{}", report(&e)));
    assert_eq!(&parsed, o());
    assert!(TEXT.contains("EVERY VALUE IN THIS FILE IS AUTHORED"));
    assert!(TEXT.contains("belmont-and-south-mountain.md"));
}

#[test]
fn the_turn_track_runs_7_am_to_9_pm() {
    let labels: Vec<&str> = o().turns.iter().map(String::as_str).collect();
    assert_eq!(labels.len(), 15, "one-hour turns (1.1), 7 AM (11.1) to 9 PM (11.6)");
    assert_eq!(labels.first(), Some(&"7 AM"));
    assert_eq!(labels.last(), Some(&"9 PM"));
    assert_eq!(o().turn("12 PM"), Some(6));
    assert_eq!(o().turn("3 PM"), Some(9));
    assert_eq!(o().turn_label(14), Some("8 PM"));
}

/// Every brigade of the history file (and the five cavalry brigades 8.5 needs): id, side, arm.
const BRIGADES: &[(&str, Side, Arm)] = &[
    ("Scammon", Side::Union, Arm::Infantry),
    ("Crook", Side::Union, Arm::Infantry),
    ("Christ", Side::Union, Arm::Infantry),
    ("Welsh", Side::Union, Arm::Infantry),
    ("Nagle", Side::Union, Arm::Infantry),
    ("Ferrero", Side::Union, Arm::Infantry),
    ("Fairchild", Side::Union, Arm::Infantry),
    ("Harland", Side::Union, Arm::Infantry),
    ("Benjamin", Side::Union, Arm::Artillery),
    ("Phelps", Side::Union, Arm::Infantry),
    ("Doubleday", Side::Union, Arm::Infantry),
    ("Patrick", Side::Union, Arm::Infantry),
    ("Gibbon", Side::Union, Arm::Infantry),
    ("B4US", Side::Union, Arm::Artillery),
    ("Duryee", Side::Union, Arm::Infantry),
    ("Christian", Side::Union, Arm::Infantry),
    ("Hartsuff", Side::Union, Arm::Infantry),
    ("Seymour", Side::Union, Arm::Infantry),
    ("Magilton", Side::Union, Arm::Infantry),
    ("Gallagher", Side::Union, Arm::Infantry),
    ("ICorpsGuns", Side::Union, Arm::Artillery),
    ("Whiting", Side::Union, Arm::Cavalry),
    ("Farnsworth", Side::Union, Arm::Cavalry),
    ("Rush", Side::Union, Arm::Cavalry),
    ("McReynolds", Side::Union, Arm::Cavalry),
    ("Davis", Side::Union, Arm::Cavalry),
    ("Robertson", Side::Union, Arm::HorseArtillery),
    ("Garland", Side::Confederate, Arm::Infantry),
    ("Colquitt", Side::Confederate, Arm::Infantry),
    ("GBAnderson", Side::Confederate, Arm::Infantry),
    ("Ripley", Side::Confederate, Arm::Infantry),
    ("Rodes", Side::Confederate, Arm::Infantry),
    ("Lane", Side::Confederate, Arm::Artillery),
    ("Bondurant", Side::Confederate, Arm::Artillery),
    ("Cutts", Side::Confederate, Arm::Artillery),
    ("Rosser", Side::Confederate, Arm::Cavalry),
    ("Pelham", Side::Confederate, Arm::HorseArtillery),
    ("Drayton", Side::Confederate, Arm::Infantry),
    ("GTAnderson", Side::Confederate, Arm::Infantry),
    ("Kemper", Side::Confederate, Arm::Infantry),
    ("Garnett", Side::Confederate, Arm::Infantry),
    ("Jenkins", Side::Confederate, Arm::Infantry),
    ("Wofford", Side::Confederate, Arm::Infantry),
    ("Law", Side::Confederate, Arm::Infantry),
    ("Evans", Side::Confederate, Arm::Infantry),
];

#[test]
fn every_brigade_of_the_history_is_there() {
    let oob = o();
    assert_eq!(oob.brigades.len(), BRIGADES.len());
    for &(id, side, arm) in BRIGADES {
        let b = oob.brigade(id).unwrap_or_else(|| panic!("no brigade {id}"));
        assert_eq!((b.side, b.arm), (side, arm), "{id}");
        assert!(!b.officer.is_empty() && !b.division.is_empty() && !b.name.is_empty(), "{id}");
    }
    // 7.2 and 2.3 name these.
    let sharpshooters: Vec<&str> = oob.brigades.iter().filter(|b| b.sharpshooters).map(|b| b.id.as_str()).collect();
    assert_eq!(sharpshooters, ["Phelps", "Jenkins"]);
    let horse: Vec<&str> =
        oob.brigades.iter().filter(|b| b.arm == Arm::HorseArtillery).map(|b| b.id.as_str()).collect();
    assert_eq!(horse, ["Robertson", "Pelham"]);
    // 8.5: up to five Union cavalry brigades break out.
    assert_eq!(oob.brigades_of(Side::Union).filter(|b| b.arm == Arm::Cavalry).count(), 5);
    // 2.1 colours and 15.2's cross-corps penalty: every Union brigade has a corps.
    let corps: HashMap<Corps, usize> = oob.brigades_of(Side::Union).fold(HashMap::new(), |mut m, b| {
        *m.entry(b.corps.expect("corps")).or_default() += 1;
        m
    });
    assert_eq!((corps[&Corps::First], corps[&Corps::Ninth], corps[&Corps::Cavalry]), (12, 9, 6));
    assert!(oob.brigades_of(Side::Confederate).all(|b| b.corps.is_none()));
}

#[test]
fn infantry_and_cavalry_follow_the_sp_scale() {
    // 1 SP for 250 men, nearest, halves down, at least 2; a step is one SP (2.3).
    assert_eq!(
        [sp_for_men(375), sp_for_men(550), sp_for_men(1125), sp_for_men(1625), sp_for_men(1500)],
        [2, 2, 4, 6, 6]
    );
    for b in o().brigades.iter().filter(|b| !b.arm.is_artillery()) {
        let Strength::Sp(sp) = b.full() else { panic!("{} has fire values", b.id) };
        let men = b.men.unwrap_or_else(|| panic!("{} gives no men", b.id));
        assert_eq!(sp, sp_for_men(men), "{}: {men} men", b.id);
        let track: Vec<Strength> = (1..=sp).rev().map(Strength::Sp).collect();
        assert_eq!(b.track, track, "{}: the track runs down one SP a step", b.id);
        assert_eq!(b.after_losses(b.steps()), None, "{}: eliminated after its last step", b.id);
    }
    // Totals: the Union's infantry about twice the Confederates'.
    let total = |side: Side| -> u32 {
        o().brigades_of(side)
            .filter(|b| b.arm == Arm::Infantry)
            .map(|b| match b.full() {
                Strength::Sp(n) => u32::from(n),
                Strength::Fire { .. } => 0,
            })
            .sum()
    };
    assert_eq!((total(Side::Union), total(Side::Confederate)), (88, 46));
}

#[test]
fn artillery_steps_take_one_off_each_number() {
    for b in o().brigades.iter().filter(|b| b.arm.is_artillery()) {
        let Strength::Fire { ranged, canister } = b.full() else { panic!("{} has no fire values", b.id) };
        let steps = usize::from(ranged.max(canister));
        assert_eq!(b.steps(), steps, "{}", b.id);
        for (k, s) in b.track.iter().enumerate() {
            let k = u8::try_from(k).unwrap();
            let expected =
                Strength::Fire { ranged: ranged.saturating_sub(k).max(1), canister: canister.saturating_sub(k).max(1) };
            assert_eq!(*s, expected, "{} step {k}", b.id);
        }
    }
    let fire = |id: &str| o().brigade(id).unwrap().full();
    assert_eq!(fire("Benjamin"), Strength::Fire { ranged: 2, canister: 1 }, "20-pdr Parrotts: poor canister");
    assert_eq!(fire("Cutts"), Strength::Fire { ranged: 3, canister: 4 }, "2.3's example value");
}

#[test]
fn commanders_and_their_modifiers() {
    let oob = o();
    let cm: HashMap<&str, u8> = oob.commanders.iter().map(|c| (c.id.as_str(), c.cm)).collect();
    let expected = [
        ("McClellan", 2),
        ("Burnside", 1),
        ("Cox", 2),
        ("Willcox", 1),
        ("Sturgis", 1),
        ("Rodman", 1),
        ("Hooker", 2),
        ("Meade", 2),
        ("Hatch", 1),
        ("Ricketts", 1),
        ("Pleasonton", 1),
        ("Lee", 3),
        ("Longstreet", 2),
        ("DHHill", 2),
        ("DRJones", 1),
        ("Hood", 2),
    ];
    assert_eq!(cm.len(), expected.len());
    for (id, v) in expected {
        assert_eq!(cm[id], v, "{id}");
    }
    // 16.2: McClellan and Lee are irreplaceable; Reno is inside Cox.
    for c in &oob.commanders {
        assert_eq!(c.replacement.is_none(), ["McClellan", "Lee"].contains(&c.id.as_str()), "{}", c.id);
    }
    assert!(oob.commander("Cox").unwrap().inherent.as_deref().unwrap().contains("Reno"));
    assert_eq!(oob.commander("Hatch").unwrap().replacement.as_ref().unwrap().name, "Brig. Gen. Abner Doubleday");
    // 10.4: Lee only with the optional rule, from 3 PM.
    assert_eq!(oob.commander("Lee").unwrap().start, Start::Optional { rule: "10.4".into(), turn: 9 });
}

#[test]
fn arrival_turns_follow_the_history() {
    let oob = o();
    let expected: &[(&str, &str, &str)] = &[
        ("Cox", "7 AM", "old-sharpsburg"),
        ("Scammon", "7 AM", "old-sharpsburg"),
        ("Crook", "8 AM", "old-sharpsburg"),
        ("GBAnderson", "10 AM", "boonsboro"),
        ("Burnside", "11 AM", "national"),
        ("Willcox", "12 PM", "old-sharpsburg"),
        ("Ripley", "12 PM", "boonsboro"),
        ("Rodes", "12 PM", "boonsboro"),
        ("McClellan", "2 PM", "national"),
        ("Hooker", "2 PM", "national"),
        ("Seymour", "2 PM", "national"),
        ("Rodman", "3 PM", "old-sharpsburg"),
        ("Phelps", "3 PM", "national"),
        ("Longstreet", "3 PM", "boonsboro"),
        ("Drayton", "3 PM", "boonsboro"),
        ("GTAnderson", "3 PM", "boonsboro"),
        ("Sturgis", "4 PM", "old-sharpsburg"),
        ("Gibbon", "4 PM", "national"),
        ("Hood", "4 PM", "boonsboro"),
        ("Kemper", "4 PM", "boonsboro"),
        ("Evans", "4 PM", "boonsboro"),
        ("Ricketts", "5 PM", "national"),
        ("Duryee", "5 PM", "national"),
        ("Garnett", "5 PM", "boonsboro"),
        ("Jenkins", "5 PM", "boonsboro"),
    ];
    for &(id, turn, entry) in expected {
        let start = oob.brigade(id).map(|b| &b.start).or_else(|| oob.commander(id).map(|c| &c.start)).unwrap();
        assert_eq!(*start, Start::Arrive { turn: oob.turn(turn).unwrap(), entry: entry.into() }, "{id}");
    }
    // The card: every arrival enters at one of its side's entry hexes.
    let card = oob.reinforcements();
    assert!(card.windows(2).all(|w| (w[0].turn, w[0].side) <= (w[1].turn, w[1].side)), "in turn order");
    for a in &card {
        assert_eq!(m().entry(a.entry).unwrap().side, a.side);
    }
    let units: usize = card.iter().map(|a| a.brigades.len() + a.commanders.len()).sum();
    let on_map = oob.setup(Side::Union).len() + oob.setup(Side::Confederate).len();
    assert_eq!(units + on_map + 1, oob.brigades.len() + oob.commanders.len(), "all but Lee, once each");
}

/// An infantry brigade's cheapest march in half-MPs (13.2): 1 along a road (road column), else
/// 2 into clear and 4 into woods, 2 more for a two-level change or a steep hillside, and no
/// three-level change.
fn march_cost(from: Hex, to: Hex) -> u32 {
    let map = m();
    let cost = |a: Hex, b: Hex| -> Option<u32> {
        let change = map.elevation_change(a, b)?;
        if map.road(a, b) {
            return (change <= 1).then_some(1);
        }
        if change >= 3 {
            return None;
        }
        let terrain = if map.terrain(b)? == fotm::map::Terrain::Woods { 4 } else { 2 };
        Some(terrain + if change == 2 { 2 } else { 0 } + if map.steep_hillside(b) { 2 } else { 0 })
    };
    hexmap::path(from, to, 1000, cost, |_| true).unwrap_or_else(|| panic!("no way from {from} to {to}")).0
}

#[test]
fn arrivals_can_march_to_where_the_history_fought() {
    // A reinforcement moves on its arrival turn (14.2), 4 MP a turn: 8 road hexes in road column.
    let oob = o();
    let cases: &[(&str, &str, &str, &str)] = &[
        // Scammon engaged at 9 AM at Fox's Gap [TP4] [Cox].
        ("Scammon", "1607", "9 AM", "[TP4]"),
        // Willcox on Cox's right (Wise's north field) at 2 PM [TP4].
        ("Christ", "1707", "2 PM", "[TP4]"),
        // Meade's division by Mount Tabor Church, in action from 4 PM [JMH] [Greeley].
        ("Seymour", "3414", "4 PM", "[JMH]"),
        // Gibbon up the National Road to Turner's Gap by dusk [Gibbon].
        ("Gibbon", "2405", "7 PM", "[Gibbon]"),
        // Drayton attacked at Fox's Gap at 4 PM [NPSDr]; Hood there at dusk [TP4].
        ("Drayton", "1607", "4 PM", "[NPSDr]"),
        ("Wofford", "1607", "7 PM", "[TP4]"),
        // Rodes took the northern peaks from midday [Hill].
        ("Rodes", "2804", "1 PM", "[Hill]"),
    ];
    for &(id, to, by, key) in cases {
        let b = oob.brigade(id).unwrap();
        let Start::Arrive { turn, entry } = &b.start else { panic!("{id} arrives") };
        let from = m().entry(entry).unwrap().hex;
        let half_mps = march_cost(from, hex(to));
        let turns = u32::from(oob.turn(by).unwrap() - turn + 1);
        assert!(half_mps <= turns * 8, "{id} {key}: {half_mps} half-MPs from {entry} to {to} in {turns} turns");
    }
    // The Old Sharpsburg Road is 15 road hexes to Fox's Gap: two turns of road column.
    assert_eq!(march_cost(m().entry("old-sharpsburg").unwrap().hex, m().fox_gap()), 15);
    assert_eq!(usize::div_ceil(15, ROAD_HEXES_PER_TURN), 2);
}

#[test]
fn set_up_fits_the_rules_distances() {
    let oob = o();
    let union = oob.setup(Side::Union);
    let confederate = oob.setup(Side::Confederate);
    assert_eq!(union.len(), 8, "Pleasonton, five cavalry, Robertson, Benjamin: {union:?}");
    let rebel_guns: Vec<Hex> = confederate
        .iter()
        .filter(|(id, _)| oob.brigade(id).is_some_and(|b| b.arm.is_artillery()))
        .map(|&(_, h)| h)
        .collect();
    assert_eq!(rebel_guns.len(), 4);
    // 11.3: Pleasonton's cavalry halts once in range of Confederate guns (9.1: 3 hexes, 4 from
    // higher ground). At set-up no Union unit is in range, wherever within two hexes (11.1) the
    // Confederates put their guns.
    for &(id, h) in &union {
        for g in &rebel_guns {
            assert!(h.distance(*g) > LONGEST_RANGE + SETUP_LATITUDE, "{id} at {h} is within reach of the guns at {g}");
        }
    }
    // 11.3: "further West" is meaningful: every Union unit starts east of every Confederate one.
    let west_most_union = union.iter().map(|&(_, h)| m().eastward(h)).fold(f64::INFINITY, f64::min);
    let east_most_rebel = confederate.iter().map(|&(_, h)| m().eastward(h)).fold(f64::NEG_INFINITY, f64::max);
    assert!(east_most_rebel < west_most_union);
    // The morning's defenders are at the gaps: Garland at Fox's Gap, Hill and Lane at Turner's,
    // Colquitt across the pike below it.
    let at = |id: &str| confederate.iter().find(|(x, _)| *x == id).map(|&(_, h)| h);
    assert_eq!(at("Garland"), Some(m().fox_gap()));
    assert_eq!(at("DHHill"), Some(m().turners_gap()));
    assert_eq!(at("Colquitt"), m().place("Colquitt's line"));
    // 4.1 at every listed hex.
    let mut stacks: HashMap<Hex, Vec<&str>> = HashMap::new();
    for &(id, h) in union.iter().chain(&confederate) {
        if oob.brigade(id).is_some() {
            stacks.entry(h).or_default().push(id);
        }
    }
    for (h, ids) in stacks {
        assert!(ids.len() <= 3, "{h}: {ids:?}");
        assert!(ids.iter().filter(|id| oob.brigade(id).unwrap().arm == Arm::Infantry).count() < 3);
    }
}

// ------------------------------------------------------------------------------------------
// Broken copies.

fn errors(text: &str) -> Vec<DataError> {
    match oob::parse(text, "broken.ron", m()) {
        Ok(_) => panic!("the broken copy parsed"),
        Err(e) => e,
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    1 + text.lines().position(|l| l.contains(needle)).unwrap_or_else(|| panic!("no line with {needle}"))
}

fn has(errs: &[DataError], line: usize, words: &str) -> bool {
    errs.iter().any(|e| e.line == line && e.message.contains(words) && e.file == "broken.ron")
}

#[test]
fn broken_copy_reports_both_problems_with_lines() {
    let scammon = line_of(TEXT, "corps: Ninth, division: \"Kanawha\", men: 1500, sp: 6, start: Arrive(\"7 AM\"");
    let crook = line_of(TEXT, "corps: Ninth, division: \"Kanawha\", men: 1500, sp: 6, start: Arrive(\"8 AM\"");
    let text =
        TEXT.replacen("men: 1500, sp: 6, start: Arrive(\"7 AM\"", "men: 1500, sp: 12, start: Arrive(\"7 AM\"", 1);
    let text =
        text.replacen("start: Arrive(\"8 AM\", \"old-sharpsburg\")", "start: Arrive(\"8 AM\", \"boonsboro\")", 1);
    let errs = errors(&text);
    assert_eq!(errs.len(), 2, "{}", report(&errs));
    assert!(has(&errs, scammon, "Scammon: SP 12 is outside 1-10"), "{}", report(&errs));
    assert!(has(&errs, crook, "Crook: entry boonsboro is a confederate entry hex"), "{}", report(&errs));
    assert!(report(&errs).starts_with(&format!("broken.ron:{scammon}: ")));
}

#[test]
fn broken_rules_are_reported() {
    // Two sharpshooter brigades on one side, and Lee made a regular arrival.
    let patrick = line_of(TEXT, "(id: \"Patrick\"");
    let lee = line_of(TEXT, "(id: \"Lee\"");
    let text = TEXT.replacen(
        "(id: \"Patrick\", name: \"Patrick's Brigade\",",
        "(id: \"Patrick\", name: \"Patrick's Brigade\", sharpshooters: true,",
        1,
    );
    let text = text.replacen("start: Optional(\"10.4\", \"3 PM\")", "start: Arrive(\"3 PM\", \"boonsboro\")", 1);
    let errs = errors(&text);
    assert!(
        has(&errs, patrick, "Patrick: the sharpshooter brigades are Phelps and Jenkins (7.2)"),
        "{}",
        report(&errs)
    );
    assert!(has(&errs, lee, "Lee comes only with optional rule 10.4"), "{}", report(&errs));
    // Three infantry brigades set up in one hex (4.1), an unknown turn, an artillery track that rises.
    let text = TEXT.replacen("start: Setup(\"2207\")", "start: Setup(\"1607\")", 1);
    let text = text.replacen("start: Arrive(\"10 AM\", \"boonsboro\")", "start: Setup(\"1607\")", 1);
    let text = text.replacen("start: Arrive(\"12 PM\", \"boonsboro\")", "start: Arrive(\"noon\", \"boonsboro\")", 1);
    let text = text.replacen("fire: [(2, 3), (1, 2), (1, 1)]", "fire: [(2, 3), (2, 4), (1, 1)]", 1);
    let errs = errors(&text);
    assert!(
        errs.iter().any(|e| e.message.contains("3 infantry brigades set up in 1607; 4.1 forbids three")),
        "{}",
        report(&errs)
    );
    assert!(has(&errs, line_of(&text, "\"noon\""), "'noon' is not a turn on the track"), "{}", report(&errs));
    assert!(has(&errs, line_of(&text, "(2, 4)"), "Lane: step 2-4 after 2-3"), "{}", report(&errs));
    // A syntax error is reported alone, with its line.
    let broken = TEXT.replacen("cm: 2,", "cm: 2,,", 1);
    let errs = errors(&broken);
    assert_eq!(errs.len(), 1, "{}", report(&errs));
    assert_eq!(errs[0].line, line_of(&broken, "cm: 2,,"));
}

#[test]
fn ids_are_unique_and_one_word() {
    let mut seen = HashSet::new();
    for id in o().brigades.iter().map(|b| &b.id).chain(o().commanders.iter().map(|c| &c.id)) {
        assert!(seen.insert(id), "{id} twice");
        assert!(!id.contains(' '));
    }
}
