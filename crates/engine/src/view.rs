//! What a renderer needs to draw a position, in terms any ruleset can fill: hexes with
//! a terrain class, lines along or across hexes (roads, set-up lines), counters with
//! their strength and status, and the scenario's tracks. Hexes are printed labels, so
//! this module needs no geometry; renderers place labels with `hexmap`.

use serde::{Deserialize, Serialize};

/// A drawable position.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    /// Scenario title.
    pub title: String,
    /// Every hex on the map.
    pub hexes: Vec<HexView>,
    /// Roads, set-up lines, hexside features.
    pub lines: Vec<LineView>,
    /// Counters on the map, bottom of each stack first.
    pub counters: Vec<CounterView>,
    /// Tracks and boxes: turn, VP, chit cup, reserve box, influence.
    pub tracks: Vec<(String, String)>,
    /// Terrain classes used, with the fill colour to draw them in and a legend name.
    pub legend: Vec<LegendEntry>,
    /// Where geographic north lies on the drawn map, in degrees clockwise from straight up
    /// (0 north up; 90 north to the right, so west is up), for a page's compass rose.
    /// `None` for a board with no geography (test toys).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub north: Option<u16>,
    /// Markers the rules place that are not units (a melee marker on its hexside, an
    /// Assault under way), for a page to draw on the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<MarkView>,
    /// The status words this ruleset's counters carry, each with the badge a renderer draws
    /// for it and its legend text, so a renderer needs no list of any ruleset's words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statuses: Vec<StatusView>,
    /// The table, for a ruleset measured in inches (issue 17): its terrain, stands and units
    /// instead of hexes and counters (`hexes` and `counters` then stay empty). Left out of a
    /// hex ruleset's JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<crate::TableView>,
}

/// A status word a ruleset's counters carry ([`CounterView::status`]), with its badge.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusView {
    /// The word as counters carry it, `#` standing for a number ("steps lost #", "# aboard",
    /// "column") and `*` for any words ("prisoner *"); matched without regard to case.
    pub word: String,
    /// The badge drawn on the counter, `#` standing for the same number ("-#", "+#",
    /// "COL"); empty when the word is drawn otherwise (a broken company's stripe) or not at
    /// all.
    pub badge: String,
    /// What the badge means, for the legend ("-2 steps lost").
    pub legend: String,
}

impl StatusView {
    /// A status word with its badge and legend text.
    #[must_use]
    pub fn new(word: &str, badge: &str, legend: &str) -> StatusView {
        StatusView { word: word.into(), badge: badge.into(), legend: legend.into() }
    }

    /// The badge for `status` if it is this word (its number put in), `None` if not.
    #[must_use]
    pub fn badge_for(&self, status: &str) -> Option<String> {
        let (status, word) = (status.to_ascii_lowercase(), self.word.to_ascii_lowercase());
        let number = if let Some((before, after)) = word.split_once('#') {
            let n = status.strip_prefix(before)?.strip_suffix(after)?;
            (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit())).then(|| n.to_string())?
        } else if let Some((before, after)) = word.split_once('*') {
            let rest = status.strip_prefix(before)?.strip_suffix(after)?;
            (!rest.is_empty()).then(String::new)?
        } else {
            (status == word).then(String::new)?
        };
        Some(self.badge.replace('#', &number))
    }
}

/// A marker of the rules on the map: drawn at `hex`, as an arrow from `from` when given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkView {
    /// What it is, for its look: "melee", "assault".
    pub kind: String,
    /// Where it comes from (a melee's entry hex), if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The hex it marks.
    pub hex: String,
    /// Its name with its rule ("Melee marker (Belmont 4.3.1)").
    pub label: String,
}

/// One hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexView {
    /// The printed label ("1607").
    pub hex: String,
    /// Terrain class, a key into the legend.
    pub terrain: String,
    /// Elevation level (0 where the map has none).
    pub elevation: i8,
    /// A place name printed in the hex, if any.
    pub name: Option<String>,
}

/// A line drawn through hex centres (a road) or along hexsides (`hexside` lines are
/// given as pairs of adjacent hexes, one pair per hexside).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineView {
    /// "road", "setup-line", "slope", "river-section"...
    pub kind: String,
    /// Whether `hexes` are hexside pairs rather than a centre path.
    pub hexside: bool,
    /// Labels of the hexes.
    pub hexes: Vec<String>,
}

/// A counter on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CounterView {
    /// Stable identifier of the unit.
    pub id: String,
    /// Hex label.
    pub hex: String,
    /// "union" or "confederate".
    pub side: String,
    /// "infantry", "cavalry", "artillery", "leader", "gunboat", "transport", "battery".
    pub kind: String,
    /// Short name printed on the counter, as the log writes it ("27IL-A").
    pub name: String,
    /// Strength as printed ("3", "2 (4-6)").
    pub strength: String,
    /// Status words: "broken", "reduced", "wounded", "damage 2", "captured"...
    pub status: Vec<String>,
    /// For rulesets with facing: the hex vertex the counter points at, 0-5, vertex `f` lying
    /// between hexside directions `f` and `f + 1` in die order (N, NE, SE, S, SW, NW).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<u8>,
    /// For rulesets whose counters face a hexside (GBACW 7.0): the hexside faced, 0-5,
    /// direction `d` in die order (N, NE, SE, S, SW, NW). A counter has this or `facing`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces_side: Option<u8>,
}

/// A legend entry: a terrain class and its colour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegendEntry {
    /// Terrain class key.
    pub terrain: String,
    /// Name shown in the legend.
    pub name: String,
    /// SVG fill colour.
    pub fill: String,
}

/// How a page shows one legal action: its words, and where on the map it belongs, so a
/// player can click a unit, see the hexes it may act on, and click one. Every field but
/// `label` and `kind` is optional: an action with no `hex` is a button.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionView {
    /// The action in the rulebook's words ([`crate::Game::describe`]).
    pub label: String,
    /// What sort of action, for grouping and styling: `move`, `fire`, `melee`, `place`,
    /// `retreat`, `rally`, `select`, `face`, `board`, `done`, `choice`, `chance` (a chance
    /// outcome).
    pub kind: String,
    /// The [`CounterView::id`] of the unit the action is for (the one moving, firing,
    /// retreating, rallying, being placed), if one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The hex the action starts from (a firing hex), if it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The hex the action targets (a destination, a target, a placement), if it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// What taking it risks that a player should be told first, with its rule ("forced
    /// march (FotM 13.5): ..."), if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// The counters that act together in it when the rules let the player choose which of
    /// them do (a volley's firers, Belmont 5.1; opportunity fire, 5.2), or any of which may
    /// take it (an Assault any of them may announce and join, FotM 15.4), by
    /// [`CounterView::id`]. A page lists the action under each of them. Actions alike but
    /// for this set are one choice with a tick per counter on a page, not a button per
    /// subset (the seventh playtest: 33 buttons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub together: Vec<String>,
    /// The move under way that taking it ends, in words ("ends the move of 27IL B with 2
    /// MP left (4.0: ...)"), where the ruleset knows (Belmont: a unit's move ends when
    /// another's begins). A page says so before sending it (issue 15 F7); the server fills
    /// it for a choice of a unit to move by playing it ([`crate::reach::ends_moves`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<String>,
    /// The values the action carries when the rules let the player choose them on a
    /// continuous scale (issue 17: a distance, an angle), each with its exact legal range,
    /// so a page can clamp a drag truthfully. The listed action is one point of the range;
    /// [`crate::Game::with_params`] makes the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
    /// The unit the action is aimed at on a table (a fire's target, a charge's), by
    /// [`crate::TableUnit::id`]: a table has no hex to name (issue 17). `None` on a hex map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// A value a parametrised action carries ([`ActionView::params`]), in whole units of its own
/// (sixteenths of an inch, degrees) so that records replay exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Param {
    /// What it is, in the rules' words ("distance", "wheel").
    pub name: String,
    /// Its unit ("1/16 in", "degree").
    pub unit: String,
    /// The smallest legal value, the other values as listed.
    pub min: i64,
    /// The largest legal value, the other values as listed: every value from `min` to `max`
    /// is legal, and none just outside, `min - 1` and `max + 1` (the run is connected; a
    /// value beyond a gap may be legal again, listed in another action's range). The
    /// conformance suite samples both.
    pub max: i64,
    /// The value the listed action carries.
    pub value: i64,
}

impl ActionView {
    /// The counters the action is for: its `unit`, then those acting with it
    /// (`together`), each once. A page lists the action under each of them.
    pub fn units(&self) -> impl Iterator<Item = &str> {
        let unit = self.unit.as_deref();
        unit.into_iter().chain(self.together.iter().map(String::as_str).filter(move |u| Some(*u) != unit))
    }
}

/// A player aid a page shows beside the map (issue 15): a chart or card of the ruleset, drawn
/// from the same data its rules read, so the aid and the play never disagree.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AidTable {
    /// Its title ("Volley Fire Chart").
    pub title: String,
    /// The rule it belongs to ("Belmont 5.1").
    pub rule: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// Rows, each as many cells as there are columns.
    pub rows: Vec<Vec<String>>,
    /// What the cells' abbreviations mean, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}
