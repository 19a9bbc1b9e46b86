//! The Belmont counter mix: the shipped file parses, holds what 2.1-2.4 set up, and a
//! broken copy is reported in full, with lines.

use belmont::counters::{self, ChitStart, FormationKind, Kind, OrderOfBattle, Rank, Start, Zone, belmont};
use engine::Side;

const FILE: &str = include_str!("../data/counters.ron");

fn oob() -> &'static OrderOfBattle {
    belmont()
}

fn formation(side: Side, code: &str) -> usize {
    oob().formation(side, code).unwrap_or_else(|| panic!("no {side:?} formation {code}"))
}

fn ids(units: &[u16]) -> Vec<&'static str> {
    units.iter().map(|&u| oob().counter(u).id.as_str()).collect()
}

/// The codes of a side's regiments, in file order.
fn regiment_codes(side: Side) -> Vec<&'static str> {
    oob()
        .formations
        .iter()
        .filter(|f| f.side == side && f.kind == FormationKind::Regiment)
        .map(|f| f.code.as_str())
        .collect()
}

/// The 1-based line of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap_or_else(|| panic!("no line with {needle}")) + 1
}

/// Asserts that parsing `broken` (as file `name`) fails (`why`) with an error whose
/// message contains `needle`, on `line` if given.
fn assert_reported(broken: &str, name: &str, why: &str, line: Option<usize>, needle: &str) {
    let errors = counters::parse(broken, name).expect_err(why);
    assert!(
        errors.iter().any(|e| line.is_none_or(|l| e.line == l) && e.message.contains(needle)),
        "{}",
        belmont::data::report(&errors)
    );
}

#[test]
fn shipped_file_parses() {
    if let Err(errors) = counters::parse(FILE, "counters.rs") {
        panic!("{}", belmont::data::report(&errors));
    }
    let o = oob();
    assert_eq!(o.zones.len(), o.counters.len());
    assert_eq!(o.counters.len(), 175);
}

#[test]
fn regiments_have_ten_companies_a_to_k_without_j() {
    let o = oob();
    let regiments: Vec<_> =
        (0..o.formations.len()).filter(|&f| o.formations[f].kind == FormationKind::Regiment).collect();
    for f in regiments {
        let companies = o.companies_of(f);
        let letters: String = companies.iter().map(|&u| o.counter(u).company.unwrap()).collect();
        assert_eq!(letters, "ABCDEFGHIK", "{}", o.formations[f].code);
        for &u in &companies {
            let c = o.counter(u);
            assert_eq!(c.kind, Kind::Infantry);
            assert_eq!(c.id, format!("{}-{}", o.formations[f].code, c.company.unwrap()));
        }
    }
}

#[test]
fn union_set_up_2_1() {
    let o = oob();
    let regiments = regiment_codes(Side::Union);
    assert_eq!(regiments, ["27IL", "30IL", "31IL", "22IL", "7IA"]);
    assert_eq!(o.of_kind(Side::Union, Kind::Infantry).len(), 50);
    assert_eq!(ids(&o.of_kind(Side::Union, Kind::Gunboat)), ["Tyler", "Lexington"]);
    for u in o.of_kind(Side::Union, Kind::Gunboat) {
        assert_eq!(o.zone(u), Zone::RiverSection(1));
        assert_eq!(o.counter(u).formation, Some(formation(Side::Union, "HQ")));
    }
    assert_eq!(ids(&o.of_kind(Side::Union, Kind::Cavalry)), ["CAV-Dollins", "CAV-Delano"]);
    assert_eq!(ids(&o.of_kind(Side::Union, Kind::FieldArtillery)), ["Taylor-1", "Taylor-2"]);
    assert!(o.of_kind(Side::Union, Kind::Transport).is_empty(), "11.9");
    assert!(o.leaders_of(formation(Side::Union, "CAV")).is_empty(), "no Union cavalry leader");
    for (u, c) in o.counters.iter().enumerate() {
        if c.side == Side::Union && c.kind != Kind::Gunboat {
            assert_eq!(o.zones[u], Zone::UnionSetup, "{}", c.id);
            assert!(matches!(c.start, Start::Hex(_)), "{}", c.id);
        }
    }
    assert_eq!(o.army_leader(Side::Union), o.find("Grant"));
    let hq = formation(Side::Union, "HQ");
    assert_eq!(ids(&o.leaders_of(hq)), ["Grant", "McClernand", "Dougherty"]);
    assert_eq!(o.counter(o.find("McClernand").unwrap()).rank, Some(Rank::Brigade));
}

#[test]
fn confederate_set_up_2_2_and_2_3() {
    let o = oob();
    let regiments = regiment_codes(Side::Confederate);
    assert_eq!(regiments.len(), 8);
    assert_eq!(o.of_kind(Side::Confederate, Kind::Infantry).len(), 80);

    // 13th Tennessee: 2 companies and the leader on the Belmont dock, 8 at Columbus.
    let tn13 = formation(Side::Confederate, "13TN");
    let zones: Vec<Zone> = o.companies_of(tn13).iter().map(|&u| o.zone(u)).collect();
    assert_eq!(zones.iter().filter(|&&z| z == Zone::BelmontDock).count(), 2);
    assert_eq!(zones.iter().filter(|&&z| z == Zone::Columbus).count(), 8);
    assert_eq!(o.zone(o.formations[tn13].leader.unwrap()), Zone::BelmontDock);

    // Missouri side at the start.
    for code in ["13AR", "12TN"] {
        for u in o.members(formation(Side::Confederate, code)) {
            assert_eq!(o.zone(u), Zone::ConfederateSetup, "{}", o.counter(u).id);
        }
    }
    for id in ["Pillow", "Tappan", "Russel", "Beltzhoover", "Miller", "Watson-A", "Watson-B", "MSCAV-A", "MSCAV-B"] {
        assert_eq!(o.zone(o.find(id).unwrap()), Zone::ConfederateSetup, "{id}");
    }

    // Iron Banks: six, in entrenchments, exactly two long range and catastrophic.
    let banks = o.of_kind(Side::Confederate, Kind::IronBanks);
    assert_eq!(banks.len(), 6);
    let long: Vec<_> = banks.iter().copied().filter(|&u| o.counter(u).long_range).collect();
    assert_eq!(ids(&long), ["Stewart", "PointCoupee"]);
    assert!(long.iter().all(|&u| o.counter(u).catastrophic));
    assert_eq!(o.counter(long[0]).hit_on, Some(4));
    assert_eq!(o.counter(long[1]).hit_on, Some(5));
    assert!(banks.iter().all(|&u| o.zone(u) == Zone::Entrenchment && o.counter(u).hit_on.is_some()));

    // Transports: five, one on the turn track, none in a formation.
    let transports = o.of_kind(Side::Confederate, Kind::Transport);
    assert_eq!(transports.len(), 5);
    let on_track: Vec<_> = transports.iter().filter(|&&u| o.zone(u) == Zone::TurnTrack).collect();
    assert_eq!(on_track.len(), 1);
    assert_eq!(o.counter(*on_track[0]).start, Start::TurnTrack);
    assert!(transports.iter().all(|&u| o.counter(u).formation.is_none() && o.counter(u).sp == 0));

    // Reinforcements in the Reserve Box.
    for code in ["11LA", "1MS", "2TN", "21TN", "22TN"] {
        let members = o.members(formation(Side::Confederate, code));
        assert_eq!(members.len(), 11, "{code}: ten companies and a leader");
        for u in members {
            assert_eq!(o.zone(u), Zone::ReserveBox, "{}", o.counter(u).id);
            assert_eq!(o.counter(u).start, Start::ReserveBox);
        }
    }
    for id in ["Polk", "Cheatham", "Logwood", "TNCAV-A", "TNCAV-B"] {
        assert_eq!(o.zone(o.find(id).unwrap()), Zone::ReserveBox, "{id}");
    }
    assert_eq!(o.army_leader(Side::Confederate), o.find("Polk"));
    let cav = formation(Side::Confederate, "CAV");
    assert_eq!(ids(&o.leaders_of(cav)), ["Miller", "Logwood"], "6.5 needs both cavalry leaders");
    assert_eq!(ids(&o.companies_of(cav)), ["MSCAV-A", "MSCAV-B", "TNCAV-A", "TNCAV-B"]);
}

#[test]
fn every_regiment_but_the_13th_arkansas_has_a_leader() {
    let o = oob();
    for f in o.formations.iter().filter(|f| f.kind == FormationKind::Regiment) {
        if f.side == Side::Confederate && f.code == "13AR" {
            assert_eq!(f.leader, None, "2.2 note: no regiment leader for the 13th AR");
            assert_eq!(f.brigade, o.find("Tappan"));
            continue;
        }
        let leader = f.leader.unwrap_or_else(|| panic!("{} has no leader", f.code));
        let c = o.counter(leader);
        assert_eq!((c.kind, c.rank, c.side), (Kind::Leader, Some(Rank::Regiment), f.side), "{}", f.code);
        assert_eq!(c.formation, o.formation(f.side, &f.code));
        assert!(f.brigade.is_some(), "{} has no brigade", f.code);
    }
    for (code, leader) in [("12TN", "Russel"), ("11LA", "Samuel"), ("21TN", "Picket"), ("13TN", "Wright")] {
        let f = &o.formations[formation(Side::Confederate, code)];
        assert_eq!(f.leader, o.find(leader), "{code}");
    }
}

#[test]
fn rally_membership_9_0() {
    let o = oob();
    let u = |id: &str| o.find(id).unwrap();
    assert!(o.leader_belongs(u("Buford"), u("27IL-C")));
    assert!(!o.leader_belongs(u("Buford"), u("30IL-C")));
    assert!(o.leader_belongs(u("McClernand"), u("30IL-C")));
    assert!(!o.leader_belongs(u("McClernand"), u("7IA-A")));
    assert!(o.leader_belongs(u("Dougherty"), u("7IA-A")));
    assert!(o.leader_belongs(u("Tappan"), u("13AR-K")));
    assert!(o.leader_belongs(u("Pillow"), u("21TN-A")));
    assert!(o.leader_belongs(u("Logwood"), u("MSCAV-A")));
    assert!(!o.leader_belongs(u("Grant"), u("27IL-A")), "army leaders rally by their own clause");
    assert_eq!(o.brigade_of(u("1MS-B")), Some(u("Cheatham")));
}

#[test]
fn chits_2_4() {
    let o = oob();
    let names =
        |side, start| -> Vec<String> { o.chits_starting(side, start).into_iter().map(|c| o.chit_name(c)).collect() };
    assert_eq!(
        names(Side::Union, ChitStart::Cup),
        ["Union HQ", "Union CAV", "Union 27IL", "Union 30IL", "Union 31IL", "Union 22IL", "Union 7IA"]
    );
    assert_eq!(names(Side::Union, ChitStart::SetAside), ["Union Confused Orders"]);
    assert!(names(Side::Union, ChitStart::Reserve).is_empty());
    assert_eq!(
        names(Side::Confederate, ChitStart::Cup),
        [
            "Confederate HQ",
            "Confederate CAV",
            "Confederate 13AR",
            "Confederate 12TN",
            "Confederate 13TN",
            "Confederate Confused Orders"
        ]
    );
    assert_eq!(
        names(Side::Confederate, ChitStart::Reserve),
        ["Confederate 11LA", "Confederate 1MS", "Confederate 2TN", "Confederate 21TN", "Confederate 22TN"]
    );
    assert!(names(Side::Confederate, ChitStart::SetAside).is_empty());
    assert_eq!(o.chits.len(), 19);
    for side in Side::BOTH {
        assert!(o.confused_orders_chit(side).is_some());
    }
    for (f, _) in o.formations.iter().enumerate() {
        assert!(o.chit_of(f).is_some(), "{} has no chit", o.formations[f].code);
    }
}

#[test]
fn sp_values_stay_on_the_authored_scale() {
    let o = oob();
    let total = |side| o.of_kind(side, Kind::Infantry).iter().map(|&u| u32::from(o.counter(u).sp)).sum::<u32>();
    // 1 SP for about 30 men: about 2,820 Union infantry, about 4,100 Confederate.
    assert_eq!(total(Side::Union), 94);
    assert_eq!(total(Side::Confederate), 137);
    for c in &o.counters {
        assert!(c.sp <= 6 && c.sp_reverse <= c.sp, "{}", c.id);
        if c.kind == Kind::Infantry {
            assert!((1..=3).contains(&c.sp) && c.sp_reverse == 1, "{}", c.id);
        }
    }
}

#[test]
fn a_broken_copy_reports_every_problem_with_its_line() {
    // Two semantic problems on different lines: an SP out of range, and a company whose
    // formation does not exist.
    let sp_line = line_of(FILE, "\"27IL-B\"");
    let formation_line = line_of(FILE, "\"13TN-C\"");
    let broken = FILE
        .replace(
            "(id: \"27IL-B\", name: \"27th Illinois, Company B\", kind: Infantry, formation: \"27IL\", company: 'B', sp: 3,",
            "(id: \"27IL-B\", name: \"27th Illinois, Company B\", kind: Infantry, formation: \"27IL\", company: 'B', sp: 9,",
        )
        .replace("(id: \"13TN-C\", name: \"13th Tennessee, Company C\", kind: Infantry, formation: \"13TN\"", "(id: \"13TN-C\", name: \"13th Tennessee, Company C\", kind: Infantry, formation: \"14TN\"");
    assert_ne!(broken, FILE);
    let errors = counters::parse(&broken, "broken.ron").expect_err("the copy is broken");
    let report = belmont::data::report(&errors);
    assert!(errors.iter().all(|e| e.file == "broken.ron"));
    assert!(
        errors.iter().any(|e| e.line == sp_line && e.message.contains("27IL-B") && e.message.contains("SP 9")),
        "{report}"
    );
    assert!(errors.iter().any(|e| e.line == formation_line && e.message.contains("14TN")), "{report}");
    // The 13th Tennessee is then a company short: reported on its formation's line.
    let tn13_line = line_of(FILE, "(code: \"13TN\"");
    assert!(errors.iter().any(|e| e.line == tn13_line && e.message.contains("9 companies")), "{report}");
}

#[test]
fn duplicates_and_chit_mistakes_are_caught() {
    let second = line_of(FILE, "\"Taylor-2\"");
    let broken = FILE.replace("(id: \"Taylor-2\"", "(id: \"Taylor-1\"");
    assert_reported(&broken, "dup.ron", "duplicate id", Some(second), "used twice");

    let chit_line = line_of(FILE, "(side: confederate, formation: \"21TN\", start: Reserve)");
    let broken = FILE.replace(
        "(side: confederate, formation: \"21TN\", start: Reserve)",
        "(side: confederate, formation: \"21TN\", start: Cup)",
    );
    assert_reported(&broken, "chit.ron", "21TN starts in reserve", Some(chit_line), "2.4");

    // A third long-range battery breaks 12.0.
    let hamilton = line_of(FILE, "(id: \"Hamilton\"");
    let broken = FILE.replace(
        "hit_on: 6, zone: Entrenchment),\n            // AUTHORED: Smith",
        "hit_on: 6, long_range: true, catastrophic: true, zone: Entrenchment),\n            // AUTHORED: Smith",
    );
    assert_ne!(broken, FILE);
    assert_reported(&broken, "banks.ron", "three long-range batteries", None, "12.0 has exactly two");
    let _ = hamilton;
}

#[test]
fn syntax_errors_carry_a_line() {
    let line = line_of(FILE, "\"31IL-E\"");
    let broken = FILE.replace("(id: \"31IL-E\", name:", "(id: \"31IL-E\" name:");
    let errors = counters::parse(&broken, "syntax.ron").expect_err("missing comma");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, line, "{}", errors[0]);

    let line = line_of(FILE, "\"Lexington\"");
    let broken = FILE.replace("kind: Gunboat, formation: \"HQ\", sp: 3", "kind: Steamboat, formation: \"HQ\", sp: 3");
    let errors = counters::parse(&broken, "variant.ron").expect_err("unknown kind");
    assert_eq!(errors[0].line, line, "{}", errors[0]);
}
