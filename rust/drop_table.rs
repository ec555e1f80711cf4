//! Where each kind of a variant may be dropped, and what a drop takes from the hand, worked out
//! once when the variant is built: a kind's region and drop zone, less the squares where it could
//! never move (unless the variant allows such pieces), its limit per file, and the promoted forms
//! a variant lets pieces be dropped as. Move generation then tests one precomputed set per kind.

use crate::piece::{Color, Kind, KindSet, KIND_SLOTS};
use crate::piece_rule::PieceRule;
use crate::square_set::SquareSet;
use crate::tables::Tables;

/// Where each kind may be dropped and from which kind in hand.
#[derive(Clone, Debug)]
pub struct DropTable {
    /// Per colour and kind dropped (`colour * KIND_SLOTS + kind`), the squares of an empty board
    /// it may be dropped on.
    squares: Vec<SquareSet>,
    /// Per kind a hand may hold (a kind some piece goes to hand as), the kinds it may be dropped
    /// as: itself, and its `+` form in a variant with promoted drops.
    dropped_as: [KindSet; KIND_SLOTS],
    /// Per kind dropped, the number of the kind it leaves the hand as.
    from_hand: [u8; KIND_SLOTS],
    /// Per kind in hand, how many of it a file may hold before it may not be dropped there;
    /// 0: no limit.
    per_file: [u8; KIND_SLOTS],
}

/// What the variant says about drops as a whole.
#[derive(Clone, Copy, Debug)]
pub struct DropRules {
    /// Whether a piece may be dropped where it could never move.
    pub stuck_allowed: bool,
    /// Whether a kind in hand with a `+` form may be dropped as that form too.
    pub promoted: bool,
    /// Whether pieces in hand may be dropped at all (false: no square takes a drop).
    pub enabled: bool,
}

impl DropTable {
    /// The table for the pieces `rules` (numbered from 1, in order), whose paths `tables` holds,
    /// under `drops`: the kinds some piece goes to hand as, and the kinds `named_in_hand` (which
    /// a hand may hold from the start), may be dropped. `promoted_form(kind)` is the `+` form of
    /// a kind, if it has one.
    pub fn build(
        rules: &[PieceRule],
        tables: &Tables,
        drops: DropRules,
        named_in_hand: KindSet,
        promoted_form: impl Fn(Kind) -> Option<Kind>,
    ) -> DropTable {
        let mut table = DropTable {
            squares: vec![SquareSet::EMPTY; 2 * KIND_SLOTS],
            dropped_as: [0; KIND_SLOTS],
            from_hand: [0; KIND_SLOTS],
            per_file: [0; KIND_SLOTS],
        };
        let held: KindSet = rules
            .iter()
            .filter_map(|rule| rule.to_hand)
            .fold(named_in_hand, |set, kind| set | kind.bit());
        for rule in rules.iter().filter(|rule| held & rule.kind.bit() != 0) {
            let kind = rule.kind;
            table.per_file[kind.index()] = rule.spec.per_file;
            let mut forms = vec![kind];
            if drops.promoted {
                forms.extend(promoted_form(kind));
            }
            for form in forms {
                table.dropped_as[kind.index()] |= form.bit();
                table.from_hand[form.index()] = kind.number();
                let form_rule = &rules[form.index() - 1];
                for color in Color::ALL {
                    let stuck = match drops.stuck_allowed {
                        true => SquareSet::EMPTY,
                        false => *tables.stuck(color, form.number()),
                    };
                    let zone = match drops.enabled {
                        true => rule.drop_zone[color.index()] & form_rule.allowed[color.index()],
                        false => SquareSet::EMPTY,
                    };
                    table.squares[color.index() * KIND_SLOTS + form.index()] = zone
                        .iter()
                        .filter(|&square| !stuck.contains(square))
                        .collect();
                }
            }
        }
        table
    }

    /// The squares of an empty board `color` may drop a `kind` on.
    #[inline]
    pub fn squares(&self, color: Color, kind: Kind) -> &SquareSet {
        &self.squares[color.index() * KIND_SLOTS + kind.index()]
    }

    /// Whether a hand may hold a `kind`.
    #[inline]
    pub fn holds(&self, kind: Kind) -> bool {
        self.dropped_as[kind.index()] != 0
    }

    /// The kinds a `kind` in hand may be dropped as.
    #[inline]
    pub fn dropped_as(&self, kind: Kind) -> KindSet {
        self.dropped_as[kind.index()]
    }

    /// The kind in hand a drop of `kind` takes (`kind` itself, or the kind whose `+` form it is).
    #[inline]
    pub fn from_hand(&self, kind: Kind) -> Kind {
        Kind::new(self.from_hand[kind.index()]).unwrap_or(kind)
    }

    /// How many of `kind` a file may hold before a `kind` in hand may not be dropped there; 0: no
    /// limit.
    #[inline]
    pub fn per_file(&self, kind: Kind) -> u8 {
        self.per_file[kind.index()]
    }
}
