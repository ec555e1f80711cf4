//! Move generation: walking the precomputed paths, drops from the hand and castling, then keeping
//! the moves that leave the King safe (not attacked, not facing the other King).

use crate::atom::Mode;
use crate::geometry::Square;
use crate::move_limits::MoveLimits;
use crate::moves::{Move, MoveKind, UciMove};
use crate::piece::{code_color, code_kind, Color, Kind, KindSet, Piece};
use crate::position::Position;
use crate::square_set::SquareSet;
use crate::tables::{AttackScan, HopExposure};
use crate::variant::DropMate;

impl Position<'_> {
    /// Replaces the contents of `out` with every pseudo-legal move of the side to move: the pass
    /// (where the variant has passing), moves that follow the pieces' patterns, drops and
    /// castling, whether or not they expose the King (castling moves are checked in full
    /// already). The pass comes first: added after the loops, it slows them for every variant.
    pub fn pseudo_legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.variant().spec().pass {
            self.add_pass(out);
        }
        if self.variant().in_place_promoters() != 0 {
            self.add_in_place_promotions(out);
        }
        if !self.gates().is_empty() {
            self.add_gating_moves(out);
        }
        for from in self.occupied_by(self.turn()).iter() {
            self.for_each_move_from(from, |mv| {
                out.push(mv);
                false
            });
        }
        if self.hand_kinds(self.turn()) != 0 {
            self.for_each_drop(|mv| {
                out.push(mv);
                false
            });
        }
        if !self.castling_rights().is_empty() {
            self.for_each_castle(|mv| {
                out.push(mv);
                false
            });
        }
    }

    /// Adds the pass of the side to move to `out`, if it has a King (out of line: only games
    /// with passing call it).
    #[cold]
    #[inline(never)]
    fn add_pass(&self, out: &mut Vec<Move>) {
        out.extend(self.pass_move());
    }

    /// The pass of the side to move, if the variant lets it pass and it has a King on the board
    /// (whether it may pass now is for [`Position::retain_legal`] to say).
    fn pass_move(&self) -> Option<Move> {
        self.king(self.turn()).map(Move::pass)
    }

    /// Replaces the contents of `out` with the legal moves of the side to move that end on `to`
    /// by a piece on the board of one of `kinds` (castling too, when the King is of `kinds`):
    /// what notation needs to read or disambiguate a move, without generating the others.
    pub fn legal_moves_to(&mut self, to: Square, kinds: KindSet, out: &mut Vec<Move>) {
        out.clear();
        let mut keep = |mv: Move| {
            if mv.to == to {
                out.push(mv);
            }
            false
        };
        for from in self.occupied_by(self.turn()).iter() {
            if kinds >> code_kind(self.code_at(from)) & 1 != 0 {
                self.for_each_move_from(from, &mut keep);
            }
        }
        if kinds & self.variant().in_place_promoters() != 0 {
            self.for_each_in_place_promotion(&mut keep);
        }
        if kinds & self.variant().royal().bit() != 0 {
            if !self.castling_rights().is_empty() {
                self.for_each_castle(&mut keep);
            }
            if self.variant().spec().pass {
                self.pass_move().map(&mut keep);
            }
        }
        self.retain_legal(out);
    }

    /// Replaces the contents of `out` with the legal drops of the side to move on `to`.
    pub fn legal_drops_to(&mut self, to: Square, out: &mut Vec<Move>) {
        out.clear();
        if self.hand_kinds(self.turn()) != 0 {
            self.for_each_drop(|mv| {
                if mv.to == to {
                    out.push(mv);
                }
                false
            });
        }
        self.retain_legal(out);
    }

    /// Replaces the contents of `out` with the legal castling moves of the side to move.
    pub fn legal_castles(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if !self.castling_rights().is_empty() {
            self.for_each_castle(|mv| {
                out.push(mv);
                false
            });
        }
        self.retain_legal(out);
    }

    /// The kinds `piece` may become in its promotion zone now (for a piece that promotes only
    /// to captured kinds, those its owner has fewer of than at the start; under a limit, those
    /// its owner has fewer of on the board than the limit).
    pub(crate) fn promotion_targets(&self, piece: Piece) -> KindSet {
        let variant = self.variant();
        let Some(promotion) = &variant.rule_of(piece.kind).promotion else {
            return 0;
        };
        if !promotion.captured_only && promotion.limit == 0 {
            return promotion.targets;
        }
        let on_board = |kind| {
            self.count(Piece {
                kind,
                color: piece.color,
            })
        };
        variant
            .rules()
            .filter(|rule| promotion.targets & rule.kind.bit() != 0)
            .filter(|rule| {
                !promotion.captured_only
                    || on_board(rule.kind) < variant.start_count(piece.color, rule.kind)
            })
            .filter(|rule| promotion.limit == 0 || on_board(rule.kind) < promotion.limit)
            .fold(0, |set, rule| set | rule.kind.bit())
    }

    /// Offers `visit` each pseudo-legal move of the side to move's piece on `from` along its
    /// paths, stopping early when `visit` returns `true`; returns whether it did.
    #[inline]
    pub(crate) fn for_each_move_from(&self, from: Square, visit: impl FnMut(Move) -> bool) -> bool {
        self.walk_from(from, false, visit)
    }

    /// [`Position::for_each_move_from`], offering only captures (and some other moves, which
    /// [`Position::is_capture`] tells apart) where `captures_only`: quiet moves are not offered.
    #[inline]
    fn walk_from(
        &self,
        from: Square,
        captures_only: bool,
        mut visit: impl FnMut(Move) -> bool,
    ) -> bool {
        let us = self.turn();
        let Some(piece) = Piece::from_code(self.code_at(from)).filter(|piece| piece.color == us)
        else {
            return false;
        };
        let variant = self.variant();
        let tables = variant.tables();
        let is_pawn = variant.pawns() & piece.kind.bit() != 0;
        let may_swap = piece.kind == variant.royal() && variant.spec().king_swap;
        let en_passant = self.en_passant_candidate().filter(|_| is_pawn);
        for path in tables.paths(us, piece.kind.number(), from) {
            let mode = path.mode();
            let squares = tables.squares(path);
            // Offers the move to `to`, the `index`th square of the path, with its promotions.
            let mut emit = |to: Square, kind: MoveKind, index: usize| {
                if !path.promotes_at(index) {
                    return visit(Move { from, to, kind });
                }
                (!path.forced_at(index) && visit(Move { from, to, kind }))
                    || self.for_each_promotion(piece, |promoted| {
                        visit(Move {
                            from,
                            to,
                            kind: MoveKind::Promotion(promoted),
                        })
                    })
            };
            if mode.hops() {
                let limited = path.hop_limited().then_some(piece.kind);
                if self.for_each_hop(limited, squares, mode, captures_only, |index, to| {
                    emit(to, MoveKind::Normal, index)
                }) {
                    return true;
                }
                continue;
            }
            let pass = path.pass();
            for (index, &to) in squares.iter().enumerate() {
                let target = self.code_at(to);
                if target == 0 {
                    let kind = if mode.moves() {
                        if captures_only {
                            continue;
                        }
                        MoveKind::Normal
                    } else if en_passant == Some(to) && mode.captures() {
                        MoveKind::EnPassant
                    } else {
                        continue;
                    };
                    if index >= pass && emit(to, kind, index) {
                        return true;
                    }
                    continue;
                }
                if index >= pass {
                    if code_color(target) != us {
                        if mode.captures() && emit(to, MoveKind::Normal, index) {
                            return true;
                        }
                    } else if may_swap && mode.moves() && self.is_swappable(target) {
                        let kind = MoveKind::Swap;
                        if visit(Move { from, to, kind }) {
                            return true;
                        }
                    }
                }
                break;
            }
        }
        false
    }

    /// Offers `visit` each kind `piece` may promote to now, until `visit` returns `true`.
    #[cold]
    fn for_each_promotion(&self, piece: Piece, mut visit: impl FnMut(Kind) -> bool) -> bool {
        let targets = self.promotion_targets(piece);
        self.variant()
            .rules()
            .filter(|rule| targets & rule.kind.bit() != 0)
            .any(|rule| visit(rule.kind))
    }

    /// Whether the King may swap places with the friendly piece of code `code`.
    fn is_swappable(&self, code: u8) -> bool {
        Kind::new(code_kind(code)).is_some_and(|kind| self.variant().rule_of(kind).spec.swappable)
    }

    /// Offers `visit` (index in the path, square) each destination of a hopper walking
    /// `squares` in `mode`: beyond the first piece (the screen), every empty square up to the
    /// next piece when it moves quietly (unless `captures_only`), and that piece when it is an
    /// enemy; a Grasshopper's only right behind the screen. `limited` names the hopper's kind
    /// when it may not jump or capture some kinds (its rule says which). Stops early when
    /// `visit` returns `true`; returns whether it did.
    fn for_each_hop(
        &self,
        limited: Option<Kind>,
        squares: &[Square],
        mode: Mode,
        captures_only: bool,
        mut visit: impl FnMut(usize, Square) -> bool,
    ) -> bool {
        let Some(screen) = squares.iter().position(|&s| !self.is_empty(s)) else {
            return false;
        };
        let (screen_not, captures_not) = match limited {
            None => (0, 0),
            Some(kind) => {
                let rule = self.variant().rule_of(kind);
                (rule.screen_not, rule.captures_not)
            }
        };
        if screen_not >> code_kind(self.code_at(squares[screen])) & 1 != 0 {
            return false;
        }
        let landings = match mode.lands_behind() {
            true => 1,
            false => squares.len(),
        };
        for (index, &to) in squares.iter().enumerate().skip(screen + 1).take(landings) {
            let target = self.code_at(to);
            if target == 0 {
                if mode.moves() && !captures_only && visit(index, to) {
                    return true;
                }
                continue;
            }
            return code_color(target) != self.turn()
                && mode.captures()
                && captures_not >> code_kind(target) & 1 == 0
                && visit(index, to);
        }
        false
    }

    /// Offers `visit` every drop of the side to move: each kind in hand, as itself or as each
    /// form it may be dropped as, on each empty square of the variant's drop table (where it may
    /// stand and be dropped) on a file its limit per file leaves open. Out of line: inlined, it
    /// made the move loops of games without hands 2 % slower.
    #[inline(never)]
    pub(crate) fn for_each_drop(&self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let us = self.turn();
        let drops = self.variant().drops();
        let mut in_hand = self.hand_kinds(us);
        while in_hand != 0 {
            let kind = Kind::new(in_hand.trailing_zeros() as u8).expect("a kind's bit");
            in_hand &= in_hand - 1;
            let full_files = match drops.per_file(kind) {
                0 => 0,
                limit => self.full_files(Piece { kind, color: us }, limit),
            };
            let mut forms = drops.dropped_as(kind);
            while forms != 0 {
                let form = Kind::new(forms.trailing_zeros() as u8).expect("a kind's bit");
                forms &= forms - 1;
                for to in drops.squares(us, form).iter() {
                    if self.is_empty(to) && full_files >> to.file() & 1 == 0 {
                        let kind = MoveKind::Drop(form);
                        if visit(Move { from: to, to, kind }) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The files (as bits) where `piece` stands `limit` times or more.
    fn full_files(&self, piece: Piece, limit: u8) -> u16 {
        let code = piece.code();
        let mut counts = [0u8; crate::geometry::MAX_FILES as usize];
        let mut full = 0u16;
        for square in self.occupied_by(piece.color).iter() {
            if self.code_at(square) == code {
                let count = &mut counts[usize::from(square.file())];
                *count += 1;
                if *count >= limit {
                    full |= 1 << square.file();
                }
            }
        }
        full
    }

    /// Offers `visit` every legal castling move of the side to move: the King in its region, a
    /// Rook of the wing in its region with nothing between them on the King's rank, both landing
    /// squares free, and the King neither attacked nor facing on its square, on each square it
    /// crosses and at the end.
    pub(crate) fn for_each_castle(&mut self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let us = self.turn();
        let variant = self.variant();
        let Some(castling) = variant.castling() else {
            return false;
        };
        let Some(king) = self.king(us) else {
            return false;
        };
        if !castling.king_region[us.index()].contains(king) || self.king_exposed(us) {
            return false;
        }
        let rank = king.rank();
        for (index, wing) in castling.wings.iter().enumerate() {
            if !self.castling_rights().has(us, index) {
                continue;
            }
            let step: i16 = if wing.rook_to > king.file() { 1 } else { -1 };
            let rook_from = (1..i16::from(variant.dimensions().files))
                .map(|n| i16::from(king.file()) + step * n)
                .take_while(|file| (0..i16::from(variant.dimensions().files)).contains(file))
                .filter_map(|file| Square::new(file as u8, rank))
                .find(|&s| !self.is_empty(s));
            let rook = Piece {
                kind: wing.rook,
                color: us,
            };
            let Some(rook_from) = rook_from.filter(|&s| {
                self.piece_at(s) == Some(rook) && wing.rook_region[us.index()].contains(s)
            }) else {
                continue;
            };
            let king_to = Square::new(wing.king_to, rank).expect("on the board");
            let free = |s: Square| s == king || s == rook_from || self.is_empty(s);
            let spans_free = variant.rank_span(rank, king.file(), wing.king_to).all(free)
                && variant
                    .rank_span(rank, rook_from.file(), wing.rook_to)
                    .all(free);
            if !spans_free || king_to == king {
                continue;
            }
            let crossed: Vec<Square> = variant
                .rank_span(rank, king.file(), wing.king_to)
                .filter(|&s| s != king && s != king_to)
                .collect();
            if crossed.iter().any(|&s| self.king_exposed_on(us, king, s)) {
                continue;
            }
            let mv = Move {
                from: king,
                to: king_to,
                kind: MoveKind::Castle(rook_from),
            };
            if !self.leaves_king_exposed(mv) && visit(mv) {
                return true;
            }
        }
        false
    }

    /// Replaces the contents of `out` with every legal move of the side to move. The position
    /// is borrowed mutably to try moves, and is left exactly as it was.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.pseudo_legal_moves(out);
        self.retain_legal(out);
    }

    /// Replaces the contents of `out` with every legal capture of the side to move made by a
    /// piece's own move: a capture that also brings a piece in through a gate (Seirawan's
    /// `b1c3h`) is left out, as the search's quiescence leaves it out.
    pub fn legal_captures(&mut self, out: &mut Vec<Move>) {
        self.pseudo_legal_captures(out);
        self.retain_legal(out);
    }

    /// Replaces the contents of `out` with every pseudo-legal capture of the side to move made
    /// by a piece's own move (gating captures left out, as in [`Position::legal_captures`]).
    fn pseudo_legal_captures(&mut self, out: &mut Vec<Move>) {
        out.clear();
        // Drops and castling never capture: only the pieces' own moves are generated.
        for from in self.occupied_by(self.turn()).iter() {
            self.walk_from(from, true, |mv| {
                if self.is_capture(mv) {
                    out.push(mv);
                }
                false
            });
        }
    }

    /// Replaces the contents of `out` with the moves a search tries (the captures only, with
    /// `captures`), and returns the test that tells which of them are legal
    /// ([`Position::is_legal_with`]). Where the variant's rules judge the list as a whole (end
    /// rules, forced drops) or the side has no King on the board, the moves are the legal ones
    /// already; elsewhere they are pseudo-legal, so that a search that is cut off after a
    /// move or two does not test the King's safety after all the others.
    pub fn moves_to_try(&mut self, out: &mut Vec<Move>, captures: bool) -> Legality {
        if captures {
            self.pseudo_legal_captures(out);
        } else {
            self.pseudo_legal_moves(out);
        }
        self.legality().unwrap_or_else(|| {
            self.retain_legal(out);
            Legality {
                king: KingTest::Passed,
                limits: None,
            }
        })
    }

    /// The test that tells which pseudo-legal moves of the side to move are legal, one at a
    /// time ([`Position::is_legal_with`]); `None` where the variant's rules judge the list of
    /// moves as a whole (end rules, forced drops) or the side has no King on the board.
    pub fn legality(&self) -> Option<Legality> {
        let us = self.turn();
        let variant = self.variant();
        let judged_whole =
            variant.has_end_rules() || (self.hand_kinds(us) != 0 && variant.spec().must_drop);
        let king = self.king(us).filter(|_| !judged_whole)?;
        Some(Legality {
            king: self.king_test(king),
            limits: self.move_limits(),
        })
    }

    /// Whether `mv` is a move of a piece of the side to move that
    /// [`Position::pseudo_legal_moves`] generates: only that piece's moves are walked, so a
    /// search can try a remembered move before it generates the others. Drops, castling and
    /// the other moves not of one piece along its paths answer `false`.
    pub fn is_pseudo_legal_piece_move(&self, mv: Move) -> bool {
        self.for_each_move_from(mv.from, |generated| generated == mv)
    }

    /// Whether the move `mv`, one of those [`Position::moves_to_try`] gave with `legality`, is
    /// legal.
    pub fn is_legal_with(&mut self, legality: &Legality, mv: Move) -> bool {
        if matches!(legality.king, KingTest::Passed) {
            return true;
        }
        self.keeps_king_safe(&legality.king, mv)
            && legality
                .limits
                .map_or(true, |limits| self.keeps_within(&limits, mv))
            && (self.hand_kinds(self.turn()) == 0 || !self.is_forbidden_drop_mate(mv))
    }

    /// Whether the pseudo-legal `mv` captures (en passant included; a swap and a promotion in
    /// place do not).
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv.kind {
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::Gate(_) => {
                mv.from != mv.to && !self.is_empty(mv.to)
            }
            _ => false,
        }
    }

    /// Keeps the pseudo-legal `moves` that the variant's end rules allow ([`crate::ends`]: none
    /// where such a rule has ended the game, passing included, as Fairy-Stockfish has no legal
    /// move there; none that gives check where checks are forbidden; in bikjang, the pass and the
    /// moves that break the Kings' line), that leave the King safe, keep within the variant's
    /// limits and break no drop rule. Only moves that could expose the King are tried: all of
    /// them when it is attacked or facing already, else King moves, moves of pinned pieces, of
    /// the one piece between the Kings on a line they may not share, and moves that could give
    /// an enemy hopper a screen or take one of two screens away.
    pub(crate) fn retain_legal(&mut self, moves: &mut Vec<Move>) {
        if self.variant().has_end_rules() && self.retain_by_end_rules(moves) {
            return;
        }
        let us = self.turn();
        if self.hand_kinds(us) != 0 && self.variant().spec().must_drop {
            self.retain_forced_drops(moves);
        }
        let Some(king) = self.king(us) else {
            // No King on the board: no check rules, but a King in hand is not dropped into check.
            if self.hand_kinds(us) & self.variant().royal().bit() != 0 {
                self.retain_safe_king_drops(moves);
            }
            return;
        };
        let king_test = self.king_test(king);
        moves.retain(|&mv| self.keeps_king_safe(&king_test, mv));
        if let Some(limits) = self.move_limits() {
            moves.retain(|&mv| self.keeps_within(&limits, mv));
        }
        if self.hand_kinds(us) != 0 {
            moves.retain(|&mv| !self.is_forbidden_drop_mate(mv));
        }
    }

    /// The test of the side to move's `king`: which moves could expose it, from one scan of
    /// the lines to it. When it is attacked or facing already, every move could; else King
    /// moves, moves of pinned pieces, of the one piece between the Kings on a line they may not
    /// share, and moves that could give an enemy hopper a screen or take one of two screens away.
    fn king_test(&self, king: Square) -> KingTest {
        let us = self.turn();
        let enemy = us.opponent();
        let tables = self.variant().tables();
        let scan = self.scan_king(us, king);
        let hoppers = self.kinds_present(enemy) & tables.hopper_kinds();
        let is_empty = |square| self.is_empty(square);
        let hits = |square, kinds| self.check_hits(enemy, square, kinds);
        let is_of = |square, kinds| self.holds_kind(square, kinds);
        let hop_check = hoppers != 0
            && tables.find_hop_attack(enemy, king, hoppers, is_empty, is_of, |check| {
                hits(check.square, check.kinds)
            });
        if scan.attacked || hop_check || self.kings_facing() {
            return KingTest::Exposed;
        }
        let hop = if hoppers != 0 {
            tables.hop_exposure(enemy, king, hoppers, is_empty, is_of, hits)
        } else {
            HopExposure::default()
        };
        // Leaving one of these squares may expose the King: pinned pieces, the one piece
        // between the Kings on a line they may not share, a hopper's screens.
        let mut watched = scan.sole_blockers | hop.leave;
        if let Some(blocker) = self.facing_blocker() {
            watched.insert(blocker);
        }
        KingTest::Watched {
            king,
            watched,
            arrive: hop.arrive,
        }
    }

    /// Whether the pseudo-legal `mv` leaves the King safe, tried only if `test` says it could
    /// expose it.
    #[inline]
    fn keeps_king_safe(&mut self, test: &KingTest, mv: Move) -> bool {
        match test {
            KingTest::Passed => true,
            // Swapping is no way out of check; castling was checked when generated.
            KingTest::Exposed => {
                mv.kind != MoveKind::Swap
                    && (matches!(mv.kind, MoveKind::Castle(_)) || !self.leaves_king_exposed(mv))
            }
            KingTest::Watched {
                king,
                watched,
                arrive,
            } => {
                let may_expose = if matches!(mv.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
                    mv.from == *king || watched.contains(mv.from) || arrive.contains(mv.to)
                } else {
                    special_may_expose(mv, *arrive)
                };
                !(may_expose && self.leaves_king_exposed(mv))
            }
        }
    }

    /// Whether `mv` leaves the side to move's King attacked, or the Kings still facing each
    /// other: the test of every move but a pass in bikjang.
    pub(crate) fn leaves_kings_facing_or_attacked(&mut self, mv: Move) -> bool {
        let us = self.turn();
        let undo = self.make(mv);
        let bad = self.king_attacked(us) || self.in_bikjang();
        self.unmake(mv, undo);
        bad
    }

    /// Whether `mv` drops a piece that may not give checkmate, and does.
    fn is_forbidden_drop_mate(&mut self, mv: Move) -> bool {
        let MoveKind::Drop(kind) = mv.kind else {
            return false;
        };
        if self.variant().rule_of(kind).spec.drop_mate != DropMate::Illegal {
            return false;
        }
        let undo = self.make(mv);
        let mate = self.is_check() && !self.has_legal_move();
        self.unmake(mv, undo);
        mate
    }

    /// Whether `color`'s King on `king` is attacked, and else which of its pieces are pinned.
    fn scan_king(&self, color: Color, king: Square) -> AttackScan {
        let enemy = color.opponent();
        let own = self.occupied_by(color);
        self.variant().tables().scan(
            enemy,
            king,
            self.kinds_present(enemy),
            |square| self.is_empty(square),
            |square| own.contains(square),
            |check| self.check_hits(enemy, check.square, check.kinds),
        )
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&mut self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }

    /// Whether `mv` is legal: one of the moves [`Position::legal_moves`] generates. Only the
    /// moves of the same origin (or drops on the same square) are generated.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        let mut candidates = self.candidates_like(mv.uci());
        self.retain_legal(&mut candidates);
        candidates.contains(&mv)
    }

    /// The pseudo-legal moves that coordinate notation could confuse with `uci`: those of the
    /// piece on its origin, or the drops on its square, and castling.
    pub(crate) fn candidates_like(&mut self, uci: UciMove) -> Vec<Move> {
        let dims = self.variant().dimensions();
        let mut candidates = Vec::new();
        if !dims.contains(uci.from) || !dims.contains(uci.to) {
            return candidates;
        }
        let mut keep = |mv: Move| {
            if mv.from == uci.from && mv.to == uci.to {
                candidates.push(mv);
            }
            false
        };
        if uci.drop.is_some() {
            self.for_each_drop(&mut keep);
        } else {
            self.for_each_move_from(uci.from, &mut keep);
            if !self.castling_rights().is_empty() {
                self.for_each_castle(&mut keep);
            }
            if self.variant().in_place_promoters() != 0 {
                self.for_each_in_place_promotion(&mut keep);
            }
            if self.variant().spec().pass {
                self.pass_move().map(&mut keep);
            }
        }
        if uci.promotion.is_some() && !self.gates().is_empty() {
            candidates.extend(self.gating_moves_like(uci.from, uci.to));
        }
        candidates
    }
}

/// Which of the side to move's pseudo-legal moves must be tried before they can be called
/// legal: what one scan of the lines to its King found, and the variant's limits on where a
/// move may leave the board ([`Position::moves_to_try`] gives it, [`Position::is_legal_with`]
/// applies it to one move).
#[derive(Clone, Copy, Debug)]
pub struct Legality {
    king: KingTest,
    limits: Option<MoveLimits>,
}

#[derive(Clone, Copy, Debug)]
enum KingTest {
    /// The moves passed every test when they were generated.
    Passed,
    /// The King is attacked or facing the other King: every move is tried.
    Exposed,
    /// The King is safe: King moves, moves from the `watched` squares, moves that `arrive` as
    /// a hopper's screen and some special moves are tried.
    Watched {
        king: Square,
        watched: SquareSet,
        arrive: SquareSet,
    },
}

/// Whether `mv`, not a plain move or promotion, may expose its King when the King is not in
/// check (`arrive`: where arriving pieces could give a hopper a screen): a drop only as a
/// screen; castling (checked when generated) and a pass never; en passant, swaps and gating are
/// tried in full. Out of line, so that the common case stays one test.
#[cold]
#[inline(never)]
fn special_may_expose(mv: Move, arrive: SquareSet) -> bool {
    match mv.kind {
        MoveKind::Castle(_) | MoveKind::Pass => false,
        MoveKind::Drop(_) => arrive.contains(mv.to),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use crate::fen;
    use crate::moves::{Move, MoveKind};
    use crate::piece::Color;
    use crate::position::Position;
    use crate::tables::tests::attacked_by_walking;
    use crate::variant::{DropMate, Variant};

    /// Whether `color`'s King is attacked (found by walking every enemy path) or facing the
    /// other King.
    fn exposed_by_walking(position: &Position, color: Color) -> bool {
        let attacked = position
            .king(color)
            .is_some_and(|king| attacked_by_walking(position, color.opponent(), king));
        attacked || position.kings_facing()
    }

    /// Legal moves by trying every pseudo-legal move, attacks found by walking every path: the
    /// slow, obvious way (none once a rule of the variant, passing included, has ended the game;
    /// none that gives check where checks are forbidden; in bikjang, a pass or a move that leaves
    /// the Kings apart; only drops where a side must drop and can).
    fn legal_by_trying(position: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        if position.variant_end().is_some() {
            return moves;
        }
        let checks_forbidden =
            position.variant().spec().end_rules.checks == crate::end_rules::Checks::Forbidden;
        position.pseudo_legal_moves(&mut moves);
        let in_check = exposed_by_walking(position, position.turn());
        let bikjang = position.in_bikjang();
        moves.retain(|&mv| {
            if bikjang && mv.is_pass() {
                return true;
            }
            if in_check && mv.kind == MoveKind::Swap {
                return false;
            }
            // As Fairy-Stockfish judges it, a piece brought in through a gate shields nothing.
            let shielded = match mv.kind {
                MoveKind::Gate(_) => {
                    let plain = Move::new(mv.from, mv.to);
                    let undo = position.make(plain);
                    let exposed = exposed_by_walking(position, position.turn().opponent());
                    position.unmake(plain, undo);
                    exposed
                }
                _ => false,
            };
            let undo = position.make(mv);
            let mover = position.turn().opponent();
            let exposed = shielded
                || exposed_by_walking(position, mover)
                || position.over_limit(mover)
                || (checks_forbidden && exposed_by_walking(position, position.turn()));
            let drop_mate = matches!(mv.kind, MoveKind::Drop(kind) if position.variant().rule_of(kind).spec.drop_mate == DropMate::Illegal)
                && position.is_check()
                && !position.has_legal_move();
            let still_facing = bikjang && position.in_bikjang();
            position.unmake(mv, undo);
            !exposed && !drop_mate && !still_facing
        });
        // A side that must drop while it can plays only its drops, if it has any.
        let must_drop = position.variant().spec().must_drop;
        if must_drop && moves.iter().any(|mv| mv.drop().is_some()) {
            moves.retain(|mv| mv.drop().is_some());
        }
        moves
    }

    /// The moves a search tries ([`Position::moves_to_try`]) that pass their legality test.
    fn tried_and_legal(position: &mut Position, captures: bool) -> Vec<Move> {
        let mut moves = Vec::new();
        let legality = position.moves_to_try(&mut moves, captures);
        moves.retain(|&mv| position.is_legal_with(&legality, mv));
        moves
    }

    #[test]
    fn a_remembered_move_is_told_pseudo_legal_by_its_piece_alone() {
        for variant in Variant::all() {
            let name = &variant.spec().name;
            let mut position = fen::parse(variant, &variant.spec().start_fen).unwrap();
            let (mut moves, mut earlier) = (Vec::new(), Vec::new());
            for ply in 0..40 {
                position.pseudo_legal_moves(&mut moves);
                // Every move told pseudo-legal is one of the position's, and so is every plain
                // move of it; the moves of the position before (the other side's) are its moves
                // only by chance.
                for &mv in moves.iter().chain(&earlier) {
                    let told = position.is_pseudo_legal_piece_move(mv);
                    let generated = moves.contains(&mv);
                    assert!(!told || generated, "{name} ply {ply}: {mv:?} is not a move");
                    assert!(
                        told || !generated || mv.kind != MoveKind::Normal,
                        "{name} ply {ply}: {mv:?} is a move"
                    );
                }
                let mut legal = Vec::new();
                position.legal_moves(&mut legal);
                let Some(&mv) = legal.get(ply * 5 % legal.len().max(1)) else {
                    break;
                };
                std::mem::swap(&mut moves, &mut earlier);
                let _undo = position.make(mv);
            }
        }
    }

    #[test]
    fn shortcut_legality_agrees_with_trying_every_move() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for variant in crate::variants::testing::every_variant() {
            legality_agrees_in(variant, &mut state);
        }
    }

    fn legality_agrees_in(variant: &'static Variant, state: &mut u64) {
        for _ in 0..40 {
            let mut position = fen::parse(variant, &variant.spec().start_fen).unwrap();
            for _ in 0..120 {
                let mut fast = Vec::new();
                position.legal_moves(&mut fast);
                let text = fen::write(&position);
                let slow = legal_by_trying(&mut position);
                let only_fast: Vec<String> = fast
                    .iter()
                    .filter(|m| !slow.contains(m))
                    .map(|m| m.uci().to_text(variant))
                    .collect();
                let only_slow: Vec<String> = slow
                    .iter()
                    .filter(|m| !fast.contains(m))
                    .map(|m| m.uci().to_text(variant))
                    .collect();
                assert_eq!(
                    fast,
                    slow,
                    "{text} {} fast {only_fast:?} slow {only_slow:?}",
                    variant.spec().name
                );
                let reread =
                    fen::parse(variant, &text).expect("positions reached in play are valid");
                assert_eq!(reread.hash(), position.hash(), "incremental hash of {text}");
                for &mv in &fast {
                    assert!(position.is_legal(mv), "{text}: {mv:?}");
                }
                let searched = tried_and_legal(&mut position, false);
                assert_eq!(searched, fast, "{text}: the moves a search tries");
                let mut captures = Vec::new();
                position.legal_captures(&mut captures);
                let searched = tried_and_legal(&mut position, true);
                assert_eq!(searched, captures, "{text}: the captures a search tries");
                // The captures are the legal moves that capture, but gating ones.
                let capturing: Vec<Move> = fast
                    .iter()
                    .copied()
                    .filter(|&mv| position.is_capture(mv) && !matches!(mv.kind, MoveKind::Gate(_)))
                    .collect();
                assert!(
                    capturing.len() == captures.len()
                        && capturing.iter().all(|mv| captures.contains(mv)),
                    "{text}: captures {captures:?}, capturing moves {capturing:?}"
                );
                if fast.is_empty() {
                    break;
                }
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                // Prefer captures, promotions and drops so that the board opens up.
                let lively: Vec<Move> = fast
                    .iter()
                    .copied()
                    .filter(|mv| mv.kind != MoveKind::Normal || !position.is_empty(mv.to))
                    .collect();
                let pool = if !lively.is_empty() && *state % 3 != 0 {
                    &lively
                } else {
                    &fast
                };
                let mv = pool[(*state % pool.len() as u64) as usize];
                let before = fen::write(&position);
                let hash = position.hash();
                let undo = position.make(mv);
                position.unmake(mv, undo);
                assert_eq!((fen::write(&position), position.hash()), (before, hash));
                position.make(mv);
            }
        }
    }
}
