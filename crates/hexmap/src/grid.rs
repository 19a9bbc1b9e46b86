//! Dense storage for a rectangular printed map, labels 0101 to CCRR: one optional value a hex,
//! column by column. Maps keep their per-hex information in one, and rules build tables
//! (occupancy, distances) of the same size indexed by [`HexGrid::index`].

use crate::Hex;

/// One optional `T` for every hex of a `cols` x `rows` map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexGrid<T> {
    cols: i16,
    rows: i16,
    cells: Vec<Option<T>>,
}

impl<T> HexGrid<T> {
    /// An empty grid of `cols` columns and `rows` rows.
    #[must_use]
    pub fn new(cols: i16, rows: i16) -> HexGrid<T> {
        let size = usize::try_from(cols).unwrap_or(0) * usize::try_from(rows).unwrap_or(0);
        HexGrid { cols, rows, cells: std::iter::repeat_with(|| None).take(size).collect() }
    }

    /// Printed columns (labels run 01 to `cols`).
    #[must_use]
    pub const fn cols(&self) -> i16 {
        self.cols
    }

    /// Rows.
    #[must_use]
    pub const fn rows(&self) -> i16 {
        self.rows
    }

    /// Hexes in the rectangle, filled or not: the size of a table indexed by [`HexGrid::index`].
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the rectangle has no hexes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The dense index of a hex inside the rectangle.
    #[must_use]
    pub fn index(&self, h: Hex) -> Option<usize> {
        let (c, r) = h.col_row();
        (c >= 1 && r >= 1 && c <= self.cols && r <= self.rows).then(|| {
            usize::try_from(c - 1).unwrap_or(0) * usize::try_from(self.rows).unwrap_or(0)
                + usize::try_from(r - 1).unwrap_or(0)
        })
    }

    /// The hex's value, if it is inside the rectangle and filled.
    #[must_use]
    pub fn get(&self, h: Hex) -> Option<&T> {
        self.cells.get(self.index(h)?)?.as_ref()
    }

    /// The hex's value to change, if it is inside the rectangle and filled.
    pub fn get_mut(&mut self, h: Hex) -> Option<&mut T> {
        let i = self.index(h)?;
        self.cells.get_mut(i)?.as_mut()
    }

    /// Fills the hex; false (and nothing stored) if it is outside the rectangle.
    pub fn set(&mut self, h: Hex, value: T) -> bool {
        match self.index(h) {
            Some(i) => {
                self.cells[i] = Some(value);
                true
            }
            None => false,
        }
    }

    /// Whether every hex of the rectangle is filled.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Every filled hex with its value, column by column.
    pub fn iter(&self) -> impl Iterator<Item = (Hex, &T)> {
        (1..=self.cols).flat_map(move |c| {
            (1..=self.rows).filter_map(move |r| {
                let h = Hex::from_col_row(c, r);
                self.get(h).map(|v| (h, v))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_by_label_and_refuses_hexes_outside() {
        let mut g: HexGrid<u8> = HexGrid::new(3, 2);
        assert_eq!(g.len(), 6);
        assert!(!g.is_full());
        assert!(g.set(Hex::from_col_row(3, 2), 7));
        assert!(!g.set(Hex::from_col_row(4, 1), 1), "column 04 is off a 3-column map");
        assert!(!g.set(Hex::from_col_row(1, 0), 1), "row 00 is off the map");
        assert_eq!(g.get(Hex::from_col_row(3, 2)), Some(&7));
        assert_eq!(g.get(Hex::from_col_row(1, 1)), None);
        assert_eq!(g.index(Hex::from_col_row(3, 2)), Some(5));
        *g.get_mut(Hex::from_col_row(3, 2)).unwrap() += 1;
        assert_eq!(g.iter().map(|(h, v)| (h.label(), *v)).collect::<Vec<_>>(), vec![("0302".to_string(), 8)]);
    }
}
