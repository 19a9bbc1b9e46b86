//! The terrain vocabulary the authored charts ([`crate::authored`]) and the map
//! ([`crate::map`]) share: what a hex is (5.15, 5.19, 8.18, 9.56) and what lies on a hexside
//! (9.52, 12.31, 14.1, 16.22). Roads (5.19, 6.11-6.12, 9.54) lie on hexsides too, but a road
//! changes only movement, so the map keeps them apart ([`crate::map::Map::road`]).
//!
//! The names are those of `data/standard-charts.ron` and of a map file's `[legend]` and
//! `[hexsides]`; the standard rules name woods, crests, roads, pikes, bridges and streams, the
//! rest are authored for Belmont's ground (section 2 of `docs/plans/gbacw.md`).

use serde::{Deserialize, Serialize};

/// What fills a hex. One terrain a hex, so 5.15's "most expensive of two" never arises on the
/// shipped map; a map that wants two draws the dearer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Terrain {
    /// Open ground: fields, the camp clearing, a landing on the bank.
    Clear,
    /// A cornfield, stalks standing in November.
    Cornfield,
    /// A camp of tents and huts (Camp Johnston).
    Camp,
    /// Houses and farm buildings (Belmont's three houses, Hunter's farmhouse).
    Buildings,
    /// Timber (9.53): the heavily timbered bottomland.
    Woods,
    /// Felled timber laid as an abatis.
    Abatis,
    /// A slough or dry bayou bed: wet ground men can wade and guns cannot cross.
    Marsh,
    /// Standing water: a pond or a wet stretch of bayou. No unit enters it.
    Pond,
    /// The Mississippi. No land unit enters it (gunboats are the exclusive rules').
    River,
}

impl Terrain {
    /// Every terrain, in chart order.
    pub const ALL: [Terrain; 9] = [
        Terrain::Clear,
        Terrain::Cornfield,
        Terrain::Camp,
        Terrain::Buildings,
        Terrain::Woods,
        Terrain::Abatis,
        Terrain::Marsh,
        Terrain::Pond,
        Terrain::River,
    ];

    /// The name in the chart file and in a map's `[legend]` (`"cornfield"`).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Cornfield => "cornfield",
            Terrain::Camp => "camp",
            Terrain::Buildings => "buildings",
            Terrain::Woods => "woods",
            Terrain::Abatis => "abatis",
            Terrain::Marsh => "marsh",
            Terrain::Pond => "pond",
            Terrain::River => "river",
        }
    }

    /// The terrain a name stands for.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.key() == key)
    }

    /// Open water (pond or river): the map's water, never a landing.
    #[must_use]
    pub const fn is_water(self) -> bool {
        matches!(self, Terrain::Pond | Terrain::River)
    }

    /// This terrain's place in [`Terrain::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// What lies on a hexside, apart from roads.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum HexsideKind {
    /// The edge of higher ground (9.52): its effects apply going up, from the lower hex.
    Crest,
    /// A creek or a dry stretch of bayou: passable at a cost; a road over it is a bridge or
    /// ford (6.11-6.12).
    Stream,
    /// A wet stretch of bayou: impassable (14.1), and zones of control stop at it (10.5).
    Bayou,
}

impl HexsideKind {
    /// Every hexside kind, in chart order.
    pub const ALL: [HexsideKind; 3] = [HexsideKind::Crest, HexsideKind::Stream, HexsideKind::Bayou];

    /// The name in the chart file and in a map's `[hexsides]` (`"crest"`).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            HexsideKind::Crest => "crest",
            HexsideKind::Stream => "stream",
            HexsideKind::Bayou => "bayou",
        }
    }

    /// The kind a name stands for.
    #[must_use]
    pub fn from_key(key: &str) -> Option<HexsideKind> {
        HexsideKind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// This kind's place in [`HexsideKind::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_index_the_lists() {
        for (i, t) in Terrain::ALL.into_iter().enumerate() {
            assert_eq!(Terrain::from_key(t.key()), Some(t));
            assert_eq!(t.index(), i);
        }
        for (i, k) in HexsideKind::ALL.into_iter().enumerate() {
            assert_eq!(HexsideKind::from_key(k.key()), Some(k));
            assert_eq!(k.index(), i);
        }
        assert_eq!(Terrain::from_key("brush"), None);
        assert!(Terrain::Pond.is_water() && Terrain::River.is_water() && !Terrain::Marsh.is_water());
    }
}
