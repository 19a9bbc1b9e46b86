//! The authored order of battle, `data/belmont-oob.ron`: it parses against the shipped map and
//! charts and says it is authored, every unit of the history is there on the 100-men scale (issue
//! 16), no regiment is independent, green morale keeps a known value per unit, leaders, promotion
//! and BCE follow the header's conventions, reinforcements land when the history says, the set-up
//! is in command and within 8.18, and the loader reports every problem in a broken copy with its
//! line.

use datafile::DataError;
use datafile::testing::{edit, line_starting};
use engine::Side;
use gbacw::authored::{self, Source};
use gbacw::map;
use gbacw::oob::{self, Kind, Level, Morale, OOB_FILE, OrderOfBattle, Start, clock_label, clock_minutes, sp_for_men};
use hexmap::Hex;
use std::collections::BTreeMap;

const TEXT: &str = include_str!("../data/belmont-oob.ron");

fn o() -> &'static OrderOfBattle {
    oob::belmont()
}

fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("label")
}

#[test]
fn shipped_oob_parses_and_says_it_is_authored() {
    let parsed = oob::parse(TEXT, OOB_FILE, map::belmont(), authored::standard())
        .unwrap_or_else(|e| panic!("{}", datafile::report(&e)));
    assert_eq!(&parsed, o());
    assert!(TEXT.contains("EVERY VALUE IN THIS FILE IS AUTHORED unless its record cites the history"));
    assert!(TEXT.contains("belmont-and-south-mountain.md"));
}

#[test]
fn oob_sp_scale() {
    // 100 men a Strength Point, halves up, at least 1 (issue 16).
    assert_eq!(oob::MEN_PER_SP, 100);
    for (men, sp) in [(0, 1), (49, 1), (70, 1), (149, 1), (150, 2), (425, 4), (500, 5), (550, 6), (562, 6), (720, 7)] {
        assert_eq!(sp_for_men(men), sp, "{men} men");
    }
    // Every regiment and cavalry unit is on that scale, from the history's strengths.
    let mut checked = 0;
    for u in &o().units {
        if matches!(u.kind, Kind::Infantry | Kind::Cavalry) {
            let men = u.men.unwrap_or_else(|| panic!("{} has no men", u.id));
            assert_eq!(u.sp, Some(sp_for_men(men)), "{}: {men} men", u.id);
            checked += 1;
        }
    }
    assert_eq!(checked, 19);
    // The history's figures: 720 [Buford], 400-450 [Lauman] is 425, about 550 [OR321], about 150.
    let sp = |id: &str| o().unit(id).and_then(|u| u.sp).unwrap_or_else(|| panic!("{id}"));
    assert_eq!((sp("27IL"), sp("7IA"), sp("11LA"), sp("LogwoodCav"), sp("Dollins")), (7, 4, 6, 2, 1));
    // Batteries are their guns (9.13): Taylor's four 6-pdrs and two 12-pdr howitzers [Taylor].
    let taylor = o().unit("Taylor").expect("Taylor");
    assert_eq!((taylor.strength(), taylor.stacking_points(), taylor.sp), (6, 1, None));
    assert_eq!(o().unit("UWagon").expect("wagon").stacking_points(), 4, "8.12");
    // Union about 3,000 men forward, Confederates about 5,000 committed [WikiB] [Force].
    let men = |side| o().units_of(side).filter_map(|u| u.men).sum::<u32>();
    assert!((2800..=3300).contains(&men(Side::Union)), "{}", men(Side::Union));
    assert!((4500..=5500).contains(&men(Side::Confederate)), "{}", men(Side::Confederate));
}

/// Every unit of the history's orders of battle: id, side, kind.
const UNITS: &[(&str, Side, &str)] = &[
    ("27IL", Side::Union, "Infantry"),
    ("30IL", Side::Union, "Infantry"),
    ("31IL", Side::Union, "Infantry"),
    ("Dollins", Side::Union, "Cavalry"),
    ("Delano", Side::Union, "Cavalry"),
    ("Taylor", Side::Union, "Battery"),
    ("22IL", Side::Union, "Infantry"),
    ("7IA", Side::Union, "Infantry"),
    ("UWagon", Side::Union, "Wagon"),
    ("Tyler", Side::Union, "Gunboat"),
    ("Lexington", Side::Union, "Gunboat"),
    ("12TN", Side::Confederate, "Infantry"),
    ("13TN", Side::Confederate, "Infantry"),
    ("21TN", Side::Confederate, "Infantry"),
    ("22TN", Side::Confederate, "Infantry"),
    ("13AR", Side::Confederate, "Infantry"),
    ("Watson", Side::Confederate, "Battery"),
    ("Miller", Side::Confederate, "Cavalry"),
    ("2TN", Side::Confederate, "Infantry"),
    ("15TN", Side::Confederate, "Infantry"),
    ("11LA", Side::Confederate, "Infantry"),
    ("154TN", Side::Confederate, "Infantry"),
    ("1MS", Side::Confederate, "Infantry"),
    ("LogwoodCav", Side::Confederate, "Cavalry"),
    ("CWagon", Side::Confederate, "Wagon"),
    ("Columbus", Side::Confederate, "HeavyGuns"),
];

#[test]
fn every_unit_of_the_history_is_there() {
    assert_eq!(o().units.len(), UNITS.len());
    for &(id, side, kind) in UNITS {
        let u = o().unit(id).unwrap_or_else(|| panic!("no {id}"));
        assert_eq!(u.side, side, "{id}");
        assert!(format!("{:?}", u.kind).starts_with(kind), "{id}: {:?}", u.kind);
        assert!(!u.name.is_empty() && !u.source.is_empty(), "{id}");
    }
    // Facts cite their source keys; the header names the conventions for the rest.
    for u in &o().units {
        for s in &u.source {
            if let Source::History(n) = s {
                assert!(n.contains('[') && n.contains(']'), "{}: {n}", u.id);
            }
        }
    }
    assert!(o().unit("27IL").expect("27IL").source.iter().any(|s| s.note().contains("[Buford]")));
}

#[test]
fn no_independent_regiments_but_provisional_brigades() {
    for u in &o().units {
        let needs = matches!(u.kind, Kind::Infantry | Kind::Cavalry | Kind::Battery { .. });
        assert_eq!(u.brigade.is_some(), needs, "{}", u.id);
        if let Some(b) = &u.brigade {
            assert_eq!(o().brigade(b).expect("brigade").side, u.side, "{}", u.id);
        }
    }
    let provisional: Vec<&str> = o().brigades.iter().filter(|b| b.provisional).map(|b| b.id.as_str()).collect();
    assert_eq!(provisional, ["Tappan", "Walker", "Logwood"]);
    for b in o().brigades.iter().filter(|b| b.provisional) {
        assert!(b.name.contains("(provisional)"), "{}", b.name);
        assert!(b.source.iter().any(Source::is_authored), "{}", b.id);
    }
    // The history's garrison and reinforcements are grouped as it groups them.
    let members = |b: &str| o().units_in(b).map(|u| u.id.as_str()).collect::<Vec<_>>();
    assert_eq!(members("Tappan"), ["13AR", "Watson", "Miller"]);
    assert_eq!(members("Walker"), ["2TN", "15TN", "11LA"]);
    assert_eq!(members("Russell"), ["12TN", "13TN", "21TN", "22TN"]);
    assert_eq!(members("Smith"), ["154TN", "1MS"]);
    assert_eq!(members("Dougherty"), ["22IL", "7IA"]);
    // Independent brigades (17.66) start in no division; the rest in their side's division.
    for b in &o().brigades {
        assert_eq!(b.division.is_none(), b.independent, "{}", b.id);
    }
}

#[test]
fn green_morale_with_a_known_value_for_the_option() {
    let green: Vec<_> = o().units.iter().filter(|u| u.morale == Morale::Green).collect();
    let rated: Vec<_> = o().units.iter().filter(|u| u.morale != Morale::Green).collect();
    assert!(!green.is_empty() && !rated.is_empty(), "some green (13.12), some rated");
    assert!(green.iter().all(|u| u.kind == Kind::Infantry), "the regiments are green");
    for u in &o().units {
        assert!((1..=5).contains(&u.known), "{}", u.id);
        assert_eq!(u.morale_with(true), Morale::Rated(u.known));
        if let Morale::Rated(m) = u.morale {
            assert_eq!(m, u.known, "{}", u.id);
        }
    }
    // 13.15's two dice average a little under 3; the green regiments' known values do too.
    let mean = green.iter().map(|u| f64::from(u.known)).sum::<f64>() / green.len() as f64;
    assert!((2.6..=3.3).contains(&mean), "{mean}");
}

#[test]
fn leaders_ratings_and_promotion() {
    let c = |id: &str| o().commander(id).unwrap_or_else(|| panic!("{id}"));
    assert_eq!((c("Grant").side, c("Grant").level), (Side::Union, Level::Division));
    assert_eq!(
        (c("Pillow").level, c("Cheatham").level, c("Polk").level),
        (Level::Division, Level::Division, Level::Other)
    );
    assert_eq!(o().promotion("Grant"), ["McClernand", "Dougherty"]);
    assert_eq!(o().promotion("Pillow"), ["Russell", "Tappan"]);
    assert_eq!(o().promotion("Cheatham"), ["Smith"]);
    assert!(o().promotion("Polk").is_empty(), "17.3: no brigades of his own");
    for b in &o().brigades {
        let r = b.ratings;
        assert!((1..=3).contains(&r.er) && r.rally <= 2 && (2..=4).contains(&r.dir), "{}: {r:?}", b.id);
        // 17.81: the replacement is never better than the man.
        assert!(b.replacement.er <= r.er && b.replacement.rally <= r.rally, "{}", b.id);
    }
    for c in &o().commanders {
        assert!(c.dir >= 5 && c.cp <= 2, "{}", c.id);
    }
}

#[test]
fn bce_is_half_the_brigade() {
    for b in &o().brigades {
        let sp = o().brigade_sp(&b.id);
        assert_eq!(u32::from(b.bce.boxes), sp.div_ceil(2), "{}: {sp} SP", b.id);
        assert_eq!(b.bce.vp, b.bce.boxes.div_ceil(2), "{}", b.id);
    }
    assert_eq!(o().brigade("McClernand").expect("McClernand").bce.boxes, 10);
}

#[test]
fn the_turn_track_runs_ten_to_four_forty() {
    let t = &o().turns;
    assert_eq!((t.count, t.minutes), (21, 20));
    assert_eq!(t.label(1).as_deref(), Some("10:00 AM"));
    assert_eq!(t.label(10).as_deref(), Some("1:00 PM"));
    assert_eq!(t.label(21).as_deref(), Some("4:40 PM"));
    assert_eq!(t.label(22), None);
    assert_eq!((t.turn("3:40 PM"), t.turn("10:30 AM"), t.turn("9:40 AM")), (Some(18), None, None));
    assert_eq!(o().first_player, Side::Union);
    assert_eq!((clock_minutes("12:00 PM"), clock_minutes("12:20 AM")), (Some(720), Some(20)));
    assert_eq!((clock_minutes("1:5 PM"), clock_minutes("13:00 PM")), (None, None));
    assert_eq!(clock_label(720), "12:00 PM");
}

#[test]
fn reinforcements_land_when_the_history_says() {
    let card: Vec<(u8, &str, Vec<&str>, Vec<&str>)> =
        o().reinforcements().into_iter().map(|a| (a.turn, a.landing, a.units, a.leaders)).collect();
    assert_eq!(
        card,
        vec![
            (3, "confederate", vec!["2TN", "15TN"], vec!["Walker"]),
            (5, "confederate", vec!["11LA"], vec![]),
            (10, "confederate", vec!["154TN", "1MS"], vec!["Cheatham", "Polk", "Smith"]),
            (18, "confederate", vec!["LogwoodCav"], vec!["Logwood"]),
        ]
    );
    assert!(o().reinforcements().iter().all(|a| a.side == Side::Confederate));
    assert_eq!(o().unit("Columbus").expect("guns").start, Start::OffMap("Columbus".into()));
}

#[test]
fn setup_is_in_command_and_within_stacking() {
    let map = map::belmont();
    let charts = authored::standard();
    // 8.18 in every set-up hex.
    let mut at: BTreeMap<Hex, (u32, u32)> = BTreeMap::new();
    for u in &o().units {
        if let (Start::Setup(h), true) = (&u.start, u.stacking_points() > 0) {
            let e = at.entry(*h).or_default();
            e.0 += 1;
            e.1 += u32::from(u.stacking_points());
        }
    }
    for (h, (units, sp)) in at {
        let s = charts.stacking(map.terrain(h).expect("on the map"));
        assert!(units <= u32::from(s.units) && sp <= u32::from(s.sp), "{h}");
    }
    // Every unit set up can be in command on turn 1: within its brigade commander's ER, plus
    // what his division commander's Command Points add (17.12, 17.22), and every brigade
    // commander within his division commander's DIR (17.21).
    let start = |s: &Start| match s {
        Start::Setup(h) => Some(*h),
        _ => None,
    };
    for u in &o().units {
        let (Some(h), Some(b)) = (start(&u.start), u.brigade.as_deref()) else { continue };
        let b = o().brigade(b).expect("brigade");
        let leader = start(&b.start).expect("the leader sets up too");
        let cp = b.division.as_deref().map_or(0, |d| o().commander(d).expect("division").cp);
        assert!(h.distance(leader) <= u16::from(b.ratings.er + cp), "{} at {h}, {} at {leader}", u.id, b.id);
        if let Some(d) = b.division.as_deref() {
            let div = o().commander(d).expect("division");
            assert!(leader.distance(start(&div.start).expect("sets up")) <= u16::from(div.dir), "{}", b.id);
        }
    }
    // Logan's line, left to right facing south: 31st, 30th, 7th Iowa, 27th [Logan].
    let col = |id: &str| match o().unit(id).expect(id).start {
        Start::Setup(h) => h.col_row().0,
        _ => panic!("{id}"),
    };
    assert!(col("31IL") > col("30IL") && col("30IL") > col("7IA") && col("7IA") > col("27IL"));
    // Pillow's line on the ridge, north to south [Pillow] [WikiB] [Tappan].
    let line = ["12TN", "13AR", "22TN", "21TN", "Watson", "13TN"];
    let rows: Vec<i16> = line
        .iter()
        .map(|id| {
            let h = start(&o().unit(id).expect(id).start).expect("set up");
            assert_eq!(map.height(h), Some(2), "{id} on the ridge");
            h.col_row().1
        })
        .collect();
    assert!(rows.windows(2).all(|w| w[0] <= w[1]), "{rows:?}");
    assert_eq!(o().setup(Side::Union).iter().find(|(id, _)| *id == "Grant").map(|x| x.1), Some(hex("0915")));
}

fn errors(text: &str) -> Vec<DataError> {
    match oob::parse(text, "broken.ron", map::belmont(), authored::standard()) {
        Ok(_) => panic!("the broken copy parsed"),
        Err(e) => e,
    }
}

fn has(errs: &[DataError], line: usize, words: &str) -> bool {
    datafile::testing::has(errs, "broken.ron", line, words)
}

#[test]
fn oob_reports_every_problem() {
    // A regiment without a brigade; a weapon not on 9.25; a known morale unlike the printed one;
    // an arrival between turns at a landing the map lacks; a History fact with no key; a
    // promotion list missing a brigade; the 22nd Illinois crowding the 27th's woods hex.
    let r27 = line_starting(TEXT, "(id: \"27IL\"");
    let r30 = line_starting(TEXT, "(id: \"30IL\"");
    let dollins = line_starting(TEXT, "(id: \"Dollins\"") + 1;
    let tn2 = line_starting(TEXT, "(id: \"2TN\"") + 1;
    let tn15 = line_starting(TEXT, "(id: \"15TN\"") + 2;
    let pillow = line_starting(TEXT, "(id: \"Pillow\"");
    let il22 = line_starting(TEXT, "(id: \"22IL\"") + 1;
    let text = edit(TEXT, r27, |l| l.replacen("brigade: \"McClernand\", ", "", 1));
    let text = edit(&text, r30, |l| l.replacen("weapon: \"M\"", "weapon: \"Q\"", 1));
    let text = edit(&text, dollins, |l| l.replacen("known: 3", "known: 4", 1));
    let text =
        edit(&text, tn2, |l| l.replacen("Arrive(\"10:40 AM\", \"confederate\")", "Arrive(\"10:30 AM\", \"upper\")", 1));
    let text = edit(&text, tn15, |l| l.replacen("[OR321]", "OR321", 1));
    let text = edit(&text, pillow, |l| l.replacen("[\"Russell\", \"Tappan\"]", "[\"Russell\"]", 1));
    let text = edit(&text, il22, |l| l.replacen("Setup(\"0915\")", "Setup(\"0716\")", 1));
    let errs = errors(&text);
    let report = datafile::report(&errs);
    assert!(has(&errs, r27, "27IL needs a brigade: no independent regiments (issue 16)"), "{report}");
    assert!(has(&errs, r30, "30IL: 'Q' is not a weapon of 9.25 (M, R, C, P, CR, HB, RF, HV)"), "{report}");
    assert!(has(&errs, dollins, "Dollins: known morale 4 differs from its printed 3"), "{report}");
    assert!(has(&errs, tn2, "2TN: '10:30 AM' is not a turn (every 20 minutes to 4:40 PM)"), "{report}");
    assert!(has(&errs, tn2, "2TN: 'upper' is not a landing (hunters, belmont, confederate)"), "{report}");
    assert!(has(&errs, tn15, "a History fact cites its source key"), "{report}");
    assert!(has(&errs, pillow, "Pillow: the promotion list (17.83) must name each of his brigades once"), "{report}");
    assert!(
        has(&errs, il22, "0716 (woods) holds 2 units, 13 SP, 0 batteries at set-up; 8.18 allows 3, 10, 1"),
        "{report}"
    );
    assert_eq!(errs.len(), 8, "{report}");
}

#[test]
fn oob_reports_bad_brigades_starts_and_syntax() {
    // An independent brigade given a division; a battery given Strength Points; a gunboat
    // ashore; heavy guns set up on the map; an id used twice.
    let walker = line_starting(TEXT, "(id: \"Walker\"");
    let watson = line_starting(TEXT, "(id: \"Watson\"");
    let tyler = line_starting(TEXT, "(id: \"Tyler\"") + 1;
    let columbus = line_starting(TEXT, "(id: \"Columbus\"") + 1;
    let il31 = line_starting(TEXT, "(id: \"31IL\"");
    let text = edit(TEXT, walker, |l| l.replacen("provisional: true", "division: \"Pillow\", provisional: true", 1));
    let text = edit(&text, watson, |l| l.replacen("weapon: \"HB\"", "sp: 6, weapon: \"HB\"", 1));
    let text = edit(&text, tyler, |l| l.replacen("Setup(\"2303\")", "Setup(\"2105\")", 1));
    let text = edit(&text, columbus, |l| l.replacen("OffMap(\"Columbus\")", "Setup(\"2434\")", 1));
    let text = edit(&text, il31, |l| l.replacen("\"31IL\"", "\"30IL\"", 1));
    let errs = errors(&text);
    let report = datafile::report(&errs);
    assert!(has(&errs, walker, "Walker is independent (17.66): it starts in no division"), "{report}");
    assert!(has(&errs, watson, "Watson: guns are its strength (9.13), not `sp`"), "{report}");
    assert!(has(&errs, tyler, "Tyler: a gunboat starts on the river, not 2105"), "{report}");
    assert!(has(&errs, columbus, "Columbus: heavy guns fire from off the map"), "{report}");
    assert!(has(&errs, il31, "id 30IL is used twice"), "{report}");
    // Pillow's promotion list now lacks Walker, who joined his division.
    let pillow = line_starting(&text, "(id: \"Pillow\"");
    assert!(has(&errs, pillow, "must name each of his brigades once: Russell, Tappan, Walker"), "{report}");
    assert_eq!(errs.len(), 6, "{report}");
    // A syntax error is reported alone, with its line.
    let errs = errors(&edit(TEXT, watson, |l| l.replacen("arm: Battery(", "arm: Batery(", 1)));
    assert_eq!((errs.len(), errs[0].line), (1, watson), "{}", datafile::report(&errs));
}
