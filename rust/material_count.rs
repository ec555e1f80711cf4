//! Material counting: a game ended by a rule that scores it (Janggi's two passes in a row, or a
//! pass while the Kings face each other) is won by the side with more material, after Black's
//! komi, as Fairy-Stockfish counts it. The rule is data of the variant ([`MaterialCount`]); the
//! position's side of it is [`crate::ends`].

use crate::piece::Color;
use std::collections::BTreeMap;

/// Points for each piece symbol (kinds not listed count nothing) and Black's komi, in half
/// points: White wins when its points exceed Black's by more than the komi, Black when by less,
/// and a game exactly at the komi is drawn (a komi with a half point is never drawn).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "MaterialCountEntries")]
pub struct MaterialCount {
    /// The points of each piece symbol.
    pub values: BTreeMap<String, i32>,
    /// Black's komi, in half points.
    pub komi_halves: i32,
}

/// The `[rules.material-count]` table as written: `values = { R = 13, ... }`, `komi = 1.5`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MaterialCountEntries {
    values: BTreeMap<String, i32>,
    #[serde(default)]
    komi: f64,
}

impl TryFrom<MaterialCountEntries> for MaterialCount {
    type Error = String;

    fn try_from(entries: MaterialCountEntries) -> Result<MaterialCount, String> {
        let halves = entries.komi * 2.0;
        if halves.fract() != 0.0 || halves.abs() > 1e6 {
            return Err(format!(
                "komi = {} is not a whole or half number of points",
                entries.komi
            ));
        }
        Ok(MaterialCount {
            values: entries.values,
            komi_halves: halves as i32,
        })
    }
}

impl MaterialCount {
    /// The winner, given White's points minus Black's; `None` for a draw.
    pub fn winner(&self, lead: i32) -> Option<Color> {
        match (2 * lead).cmp(&self.komi_halves) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_wins_ties_with_a_half_point_komi() {
        let count = MaterialCount {
            values: BTreeMap::new(),
            komi_halves: 3,
        };
        assert_eq!(count.winner(0), Some(Color::Black));
        assert_eq!(count.winner(1), Some(Color::Black));
        assert_eq!(count.winner(2), Some(Color::White));
        assert_eq!(count.winner(-5), Some(Color::Black));
        let even = MaterialCount {
            values: BTreeMap::new(),
            komi_halves: 0,
        };
        assert_eq!(even.winner(0), None);
    }
}
