"""Cross-checks of the reference games (``chess``, ``xiangqi``, ``shogi``) against outside oracles.

- ``chess`` against python-chess, at every ply: the FEN (python-chess's convention: an en-passant
  square only when the capture is legal), the legal moves in UCI (castling as the King's move),
  check, and the outcome without draw claims (checkmate, stalemate, insufficient material,
  seventy-five moves, fivefold repetition); against pyffish the legal moves and check.
- ``xiangqi`` and ``shogi`` against pyffish (Fairy-Stockfish): the FEN of ``get_fen``, the legal
  moves (drops ``P@e5``, promotion suffix ``+``), check, and the end of the game. With no legal
  move the side to move loses (checkmate or stalemate). pyffish ends no game while there are
  legal moves (repetitions and move counts are only "optional" ends there), so neither may the
  core.
- The games named after Fairy-Stockfish's (``FSF_GAMES``: ``capablanca``, ``grand``, ``manchu``,
  ...) against pyffish in the same way, and besides at every ply the draws a player may claim: the
  core's ``can_claim_draw()`` is pyffish's ``is_optional_game_end`` (fifty moves, threefold
  repetition; in ``manchu`` only fifty moves, as its file says; in ``makruk`` repetitions and the
  counting of an ending; in ``sittuyin`` besides the stalemate of a lone King and Pawn that may
  only promote); at the end of the game the SAN of every move is pyffish's (but in ``manchu``
  and the Shogi games), and the core reads pyffish's SAN of every move (its own letters for
  promoted pieces and Elephants: the files' ``san-synonyms``). Where a rule of the game ends it
  (a bare King, no pieces left, a goal reached, the third check: ``VARIANT_ENDS``) the core's
  termination names that rule.

One known difference, checked as such: Fairy-Stockfish lists a Shogi pawn drop that checkmates
as a legal move and then scores the game as lost by the dropper; the core follows the rule of
Shogi ("no checkmate by a Pawn drop", docs/rules.md) and does not generate it. Such a drop is left
out of pyffish's list (and out of its perft(2)) only after pyffish itself confirms it is one (a
pawn drop after which the opponent is in check with no legal move); every other difference fails.
In ``minishogi`` and ``torishogi`` (its Swallow) the core follows Fairy-Stockfish: the drop is
legal, and the mated side wins (``DROP_MATE``).

Besides, at every ply: ``pop()`` restores the FEN, and the FEN read afresh prints the same FEN;
once per game perft(2) is compared with the oracle. Games are either uniformly random or
"special" (biased towards captures, promotions, castling, en passant and drops, so that those
rules come up); hypothesis draws every choice, so a failure shrinks and replays. A failure names
the position, the start FEN and the moves that led there.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meiriqi

chess = pytest.importorskip("chess")
sf = pytest.importorskip("pyffish")

# Every pyffish call costs milliseconds (it sets its variant up afresh), so the games are few
# in the "ci" profile (5 per chess test, 4 per xiangqi or shogi test, 2 per other game and style);
# "thorough" plays thousands.
CHESS_EXAMPLES = max(5, settings().max_examples // 8)
FAIRY_EXAMPLES = max(4, settings().max_examples // 10)
FSF_EXAMPLES = max(2, settings().max_examples // 20)
STYLES = ("uniform", "special")
SPECIAL_SHARE = 0.7
# The games named after Fairy-Stockfish's, with the optional ends each claims: its move rule,
# and whether repetitions.
FSF_GAMES = {
    "capablanca": (50, True),
    "gothic": (50, True),
    "embassy": (50, True),
    "grand": (50, True),
    "amazon": (50, True),
    "nightrider": (50, True),
    "knightmate": (50, True),
    "hoppelpoppel": (50, True),
    "manchu": (50, False),
    "shatranj": (70, True),
    "courier": (50, True),
    "crazyhouse": (50, True),
    # The Shogi games claim nothing: Fairy-Stockfish's fourfold repetition is not a draw there.
    "minishogi": (0, False),
    "kyotoshogi": (0, False),
    "makruk": (0, True),
    "3check": (50, True),
    "kingofthehill": (50, True),
    "racingkings": (50, True),
    "horde": (50, True),
    "torishogi": (0, False),
    "sittuyin": (50, True),
}
# The games that count an ending's moves: a count run out may be claimed as a draw.
COUNTING = {"makruk", "sittuyin"}
# The termination of a game ended by one of its own rules (pyffish's ``is_immediate_game_end``).
VARIANT_ENDS = {
    "shatranj": "EXTINCTION",
    "courier": "EXTINCTION",
    "horde": "NO_PIECES_LEFT",
    "3check": "CHECK_LIMIT",
    "kingofthehill": "GOAL",
    "racingkings": "GOAL",
}
MAX_PLIES = {"chess": 300, "xiangqi": 250, "shogi": 300} | {name: 150 for name in FSF_GAMES}
# The games whose SAN is Fairy-Stockfish's letter for letter (Manchu, like Xiangqi, keeps the FEN
# letters of the Elephant and the Horse, and no letter for the Soldier: pyffish writes E, H, P).
SAN_AS_PYFFISH = set(FSF_GAMES) - {"manchu", "minishogi", "kyotoshogi", "torishogi"}
# The games where a King moving two files or more along its rank castles, and en passant exists.
CASTLING = {"chess", "capablanca", "gothic", "embassy", "amazon", "nightrider", "knightmate"}
CASTLING |= {"hoppelpoppel", "crazyhouse", "3check", "kingofthehill", "horde"}
EN_PASSANT = CASTLING | {"grand", "racingkings"}

CHESS_STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    # Kiwipete and perft positions 3-5 of the chessprogramming wiki.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    # An en-passant capture available at once; pawns about to promote on both sides.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1n2k3/PPP4p/8/8/8/8/ppp4P/1N2K3 w - - 0 30",
    # Few pieces and a high clock: seventy-five moves and insufficient material come up.
    "8/8/4k3/8/2N5/8/4K3/7B w - - 90 120",
    "8/3p4/4k3/8/8/3B4/4K3/8 b - - 120 90",
]
FAIRY_STARTS = {
    "xiangqi": [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "4k4/4a4/9/9/2p6/9/9/9/4A4/3K1R3 w - - 0 1",
        "rCbakabnr/9/1c7/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABcR w - - 0 2",
    ],
    "shogi": [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        "lnsg2sn1/2r3g1l/p1ppk1pp1/1p2pp2p/9/5K3/P1PPP1PPP/2S3R2/LNBG1GSNL[Bpp] w - - 1 13",
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3",
    ],
    # Each start, and positions where promotions, castling, en passant or claims come up.
    "capablanca": [
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "r4k3r/1P6p1/10/10/10/10/1p6P1/R4K3R w KQkq - 0 1",
        "5k4/10/10/3p6/10/10/10/R4K4 w - - 90 80",
    ],
    "gothic": ["rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1"],
    "embassy": [
        "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
    ],
    "grand": [
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        "1r2k4r/10/P9/10/10/10/10/p9/10/R3K4R w - - 0 1",
    ],
    "amazon": [
        "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
        "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1",
    ],
    "nightrider": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    "knightmate": [
        "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ],
    "hoppelpoppel": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    "manchu": [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1",
        "3k5/4a4/9/9/9/2p6/9/9/4A4/M3K4 w - - 90 100",
    ],
    "shatranj": [
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        "8/2k5/8/3n4/8/3N4/2K5/R7 w - - 0 40",
        "8/8/8/2k5/8/8/3r4/R6K w - - 130 80",
    ],
    "courier": [
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
        "12/2k9/12/3e8/12/3F4W3/2K9/12 b - - 0 40",
    ],
    # Full hands, promotions about to happen, a promoted Queen next to the King.
    "crazyhouse": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r3k2r/1P4pp/8/8/8/8/1p4PP/R3K2R[QRBNPqrbnp] w KQkq - 0 1",
        "3k4/2Q~5/8/8/8/8/8/4K3[] b - - 0 1",
    ],
    # A Pawn to drop next to a King, Pawns about to promote.
    "minishogi": [
        "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
        "k4/2G2/1K3/5/5[P] w - - 0 1",
        "rbsgk/P3p/5/4p/KGSBR[Pp] w - - 0 1",
    ],
    # Pieces in hand to drop either side up.
    "kyotoshogi": [
        "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1",
        "p+nks+l/5/5/5/+LSK+NP[PSNLpsnl] w - - 0 1",
    ],
    # Makruk's counting: Pawns about to promote, a bare King against a Rook, the board's honour.
    "makruk": [
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        "4k3/8/8/P7/p7/8/8/4K3 w - - 0 30",
        "8/8/4k3/8/8/3K4/8/3R4 w - 32 24 20",
        "8/8/4k3/3s4/8/3K4/3R4/8 w - - 0 1",
    ],
    # Sittuyin: the setup phase, promotions in place and a step away, a lone King and Pawn that
    # may only promote (a stalemate to claim), a count against a bare King.
    "sittuyin": [
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
        "rP6/2k5/5P1s/1Sprp3/1p3PpN/2pP1R2/6K1/6FS[] b - - 1 48",
        "k7/2K5/1F6/8/3p4/3P4/8/8[] b - - 0 1",
        "8/8/4k3/8/8/3K4/3R4/8[] w - - 0 1",
        "8/8/8/8/8/4pppp/pppp1k2/8[RNK] w - - 0 20",
    ],
    # Three-check: the start, and a side one check from winning (lichess's form: checks given).
    "3check": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 +2+2",
    ],
    "kingofthehill": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 0 20",
    ],
    # Racing Kings: the start, and both Kings a few steps from the last rank.
    "racingkings": [
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        "8/8/2k5/8/5K2/8/1r6/6R1 w - - 0 30",
    ],
    # Horde: the start, and White's last Pawns (en passant, promotions, extinction).
    "horde": [
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        "4k3/1p6/8/8/1p6/8/P1P5/P7 w - - 0 30",
    ],
    # Two Swallows on a file, promotions to come, every kind in hand; a Swallow drop that mates.
    "torishogi": [
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w - - 0 1",
        "rp1k1pl/S2f3/2s1s2/7/S1S4/3F2s/LPCK1PR[CScs] w - - 0 1",
        "3k3/1s5/7/7/7/5S1/3K3[PRLCFSprlcfs] w - - 0 1",
        "kp5/7/1C5/7/7/7/3K3[S] w - - 0 1",
    ],
}

SQUARE = re.compile(r"[a-z]\d+")
TOKEN = re.compile(r"\+?[A-Za-z]|\d+")


# -- reading positions and moves ------------------------------------------------------------------


def piece_map(fen: str) -> dict[str, str]:
    """The pieces of a FEN's board field by square: ``{"e4": "P", "b2": "+r", ...}``."""
    rows = fen.split()[0].split("[")[0].split("/")
    pieces: dict[str, str] = {}
    for index, row in enumerate(rows):
        rank, file = len(rows) - index, 0
        for token in TOKEN.findall(row):
            if token.isdigit():
                file += int(token)
            else:
                pieces[f"{chr(ord('a') + file)}{rank}"] = token
                file += 1
    return pieces


def move_kinds(variant: str, uci: str, pieces: dict[str, str]) -> set[str]:
    """What is special about a move: ``drop``, ``capture``, ``promotion``, ``castling``,
    ``en passant`` (an ordinary move has none)."""
    if "@" in uci:
        return {"drop"}
    origin, target = SQUARE.findall(uci)[:2]
    kinds = set()
    if target in pieces:
        kinds.add("capture")
    if len(uci) > len(origin) + len(target):
        kinds.add("promotion")
    mover = pieces.get(origin, "").upper()
    same_rank = origin[1:] == target[1:]
    wide = abs(ord(origin[0]) - ord(target[0])) >= 2
    if variant in CASTLING and mover == "K" and same_rank and wide:
        kinds.add("castling")
    diagonal = origin[0] != target[0] and not same_rank
    if variant in EN_PASSANT and mover == "P" and diagonal and target not in pieces:
        kinds.add("en passant")
    return kinds


def choose(
    variant: str, moves: Sequence[str], fen: str, chooser: random.Random, style: str
) -> tuple[str, set[str]]:
    """A move (and its kinds): uniformly, or ("special") mostly one that is not ordinary."""
    pieces = piece_map(fen)
    kinds = {uci: move_kinds(variant, uci, pieces) for uci in moves}
    special = [uci for uci in moves if kinds[uci]]
    if style == "special" and special and chooser.random() < SPECIAL_SHARE:
        uci = chooser.choice(special)
    else:
        uci = chooser.choice(list(moves))
    return uci, kinds[uci]


@dataclass
class Trail:
    """A game so far: the start, the moves, the oracle's FEN and the core's check at every
    position (for failure messages and for the checks compared at the end of the game)."""

    start: str
    moves: list[str] = field(default_factory=list)
    fens: list[str] = field(default_factory=list)
    checks: list[bool] = field(default_factory=list)
    refused_drop_mates: int = 0
    drop_mates: int = 0
    claimable: int = 0

    def where(self, index: int | None = None) -> str:
        """The position ``index`` (the last one by default) and how it was reached."""
        index = len(self.fens) - 1 if index is None else index
        played = " ".join(self.moves[:index]) or "(none)"
        return f"in {self.fens[index]} (from {self.start} after moves: {played})"


def assert_same_moves(core: Sequence[str], oracle: Sequence[str], name: str, where: str) -> None:
    """The core's legal moves are the oracle's, each listed once."""
    assert len(core) == len(set(core)), f"the core lists a move twice {where}"
    only_core = sorted(set(core) - set(oracle))
    only_oracle = sorted(set(oracle) - set(core))
    assert not only_core and not only_oracle, (
        f"legal moves differ {where}: core only {only_core}, {name} only {only_oracle}"
    )


def is_pawn_drop_mate(fen: str, uci: str) -> bool:
    """Whether pyffish says ``uci`` in Shogi ``fen`` is a pawn drop after which the opponent is in
    check and has no legal move: the drop Shogi forbids and Fairy-Stockfish lists."""
    return (
        uci.startswith("P@")
        and sf.gives_check("shogi", fen, [uci])
        and not sf.legal_moves("shogi", fen, [uci])
    )


def core_outcome(core: meiriqi.Board) -> tuple[str, bool | None] | None:
    """The core's outcome as (termination name, winner), consistent with ``is_game_over``."""
    outcome = core.outcome()
    assert core.is_game_over() == (outcome is not None), "is_game_over() disagrees with outcome()"
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def assert_checks_match_pyffish(variant: str, trail: Trail) -> list[str]:
    """The core's check at every position of the game equals pyffish's; returns pyffish's SAN
    of the moves. One call replays the whole game: pyffish's SAN ends with ``+`` or ``#`` exactly
    after a checking move (it writes a Shogi promotion ``=G``, so the ``+`` is unambiguous).
    Every pyffish call costs milliseconds, which is why the games do not ask ``gives_check`` at
    every ply."""
    sans: list[str] = sf.get_san_moves(variant, trail.start, trail.moves, False, sf.NOTATION_SAN)
    flags = [sf.gives_check(variant, trail.start, [])]
    flags += [san.endswith(("+", "#")) for san in sans]
    assert len(flags) == len(trail.checks), "test harness: one check per position"
    for index, (flag, core_check) in enumerate(zip(flags, trail.checks)):
        assert core_check == flag, f"check differs (core {core_check}) {trail.where(index)}"
    return sans


def assert_san_is_pyffish(variant: str, trail: Trail, sans: Sequence[str]) -> None:
    """The core writes every move of the game in SAN as pyffish does."""
    board = meiriqi.Board(trail.start, variant=variant)
    for index, (uci, expected) in enumerate(zip(trail.moves, sans)):
        move = board.parse_uci(uci)
        san = board.san(move)
        assert san == expected, f"SAN of {uci}: core {san}, pyffish {expected} {trail.where(index)}"
        board.push(move)


def assert_reads_pyffish_san(variant: str, trail: Trail, sans: Sequence[str]) -> None:
    """The core reads pyffish's SAN of every move of the game as that move (its letters for
    promoted Shogi pieces, ``=G``, Janggi's ``E`` and ``H``: the variant files' synonyms). Text
    that names two moves is refused as ambiguous only where pyffish writes both so (a Kyoto
    shogi Gold dropped from a Knight or a Lance)."""
    board = meiriqi.Board(trail.start, variant=variant)
    for index, (uci, san) in enumerate(zip(trail.moves, sans)):
        try:
            read = board.parse_san(san).uci()
        except meiriqi.AmbiguousMoveError:
            fen = board.fen()
            others = [m for m in sf.legal_moves(variant, fen, []) if m != uci]
            assert any(
                sf.get_san(variant, fen, other, False, sf.NOTATION_SAN) == san for other in others
            ), f"the core finds {san} ambiguous, pyffish does not {trail.where(index)}"
        else:
            assert read == uci, (
                f"core reads pyffish's {san} as {read}, not {uci} {trail.where(index)}"
            )
        board.push_uci(uci)


# -- the oracles -----------------------------------------------------------------------------------


class Oracle(Protocol):
    """An outside implementation of one game, played alongside the core."""

    def fen(self) -> str: ...
    def push(self, uci: str) -> None: ...
    def compare(self, core: meiriqi.Board, trail: Trail) -> tuple[list[str], bool]:
        """Asserts that the core sees the current position as the oracle does, records it in
        ``trail``; returns the legal moves and whether the game is over."""

    def perft2(self, moves: Sequence[str]) -> int | None:
        """perft(2) of the current position (``None`` where it would take too long)."""

    def finish(self, core: meiriqi.Board, trail: Trail) -> None:
        """Checks at the end of a game what was not checked at every ply."""


class ChessOracle:
    """python-chess (every ply: FEN, moves, check, outcome), with pyffish's ``chess`` (every
    ply: moves; at the end of the game: check at every ply)."""

    def __init__(self, fen: str) -> None:
        self.board = chess.Board(fen)

    def fen(self) -> str:
        return str(self.board.fen())

    def push(self, uci: str) -> None:
        self.board.push_uci(uci)

    def compare(self, core: meiriqi.Board, trail: Trail) -> tuple[list[str], bool]:
        fen = self.board.fen()
        trail.fens.append(fen)
        where = trail.where()
        assert core.fen() == fen, f"FEN differs: core {core.fen()}, python-chess {where}"
        moves = sorted(move.uci() for move in self.board.legal_moves)
        core_moves = core.legal_moves_uci()
        assert_same_moves(core_moves, moves, "python-chess", where)
        assert_same_moves(core_moves, sf.legal_moves("chess", fen, []), "pyffish", where)
        check = self.board.is_check()
        trail.checks.append(core.is_check())
        assert trail.checks[-1] == check, f"check differs (python-chess: {check}) {where}"
        outcome = self.board.outcome(claim_draw=False)
        expected = None if outcome is None else (outcome.termination.name, outcome.winner)
        actual = core_outcome(core)
        assert actual == expected, f"outcome: core {actual}, python-chess {expected} {where}"
        fresh = meiriqi.Board(fen, variant="chess").fen()
        assert fresh == fen, f"FEN does not round-trip: {fresh} {where}"
        return moves, expected is not None

    def perft2(self, moves: Sequence[str]) -> int | None:
        total = 0
        for move in list(self.board.legal_moves):
            self.board.push(move)
            total += self.board.legal_moves.count()
            self.board.pop()
        return total

    def finish(self, core: meiriqi.Board, trail: Trail) -> None:
        assert_checks_match_pyffish("chess", trail)


class FairyOracle:
    """pyffish for ``xiangqi``, ``shogi`` and the ``FSF_GAMES``: every ply the FEN (``get_fen``
    move by move), the legal moves and (``FSF_GAMES``) the draws a player may claim; the result
    where there is no legal move (``game_result``, given the last move: Fairy-Stockfish needs it
    to see a mate by a pawn drop); at the end of the game check at every ply and
    ``is_immediate_game_end``. With ``every_ply`` (for short lines) check and
    ``is_immediate_game_end`` are asked at every position instead."""

    # pyffish perft(2) costs a call per root move: only small positions (Grand's start has 65).
    PERFT_MOVES = 45
    PERFT_MOVES_OF: ClassVar[dict[str, int]] = {"grand": 70}

    def __init__(self, variant: str, fen: str, *, every_ply: bool = False) -> None:
        self.variant = variant
        self.every_ply = every_ply
        self.position = sf.get_fen(variant, fen, [])
        self.last: tuple[str, str] | None = None  # the FEN before the last move, and the move

    def fen(self) -> str:
        return str(self.position)

    def push(self, uci: str) -> None:
        self.last = (self.position, uci)
        self.position = sf.get_fen(self.variant, self.position, [uci])

    def immediate_end(self) -> tuple[bool, int]:
        """pyffish's ``is_immediate_game_end`` here: (ended, value for the side to move)."""
        fen, played = (self.last[0], [self.last[1]]) if self.last else (self.position, [])
        ended, value = sf.is_immediate_game_end(self.variant, fen, played)
        return ended, value

    def winner(self, value: int) -> bool | None:
        """The winner for a pyffish value from the side to move's view."""
        turn = self.position.split()[1] == "w"
        return None if value == 0 else turn if value > 0 else not turn

    def compare(self, core: meiriqi.Board, trail: Trail) -> tuple[list[str], bool]:
        fen = self.position
        trail.fens.append(fen)
        where = trail.where()
        assert core.fen() == fen, f"FEN differs: core {core.fen()}, pyffish {where}"
        core_moves = core.legal_moves_uci()
        moves = sorted(sf.legal_moves(self.variant, fen, []))
        shogi = self.variant == "shogi"
        refused = [m for m in moves if shogi and m not in core_moves and is_pawn_drop_mate(fen, m)]
        moves = [m for m in moves if m not in refused]
        trail.refused_drop_mates += len(refused)
        assert_same_moves(core_moves, moves, "pyffish", where)
        fresh = meiriqi.Board(fen, variant=self.variant).fen()
        assert fresh == fen, f"FEN does not round-trip: {fresh} {where}"
        trail.checks.append(core.is_check())
        if self.every_ply:
            check = sf.gives_check(self.variant, fen, [])
            assert trail.checks[-1] == check, f"check differs (pyffish: {check}) {where}"
        actual = core_outcome(core)
        if moves and self.variant in FSF_GAMES:
            self.compare_claims(core, trail)
        if moves:
            ended, value = False, 0
            if actual is not None or self.every_ply:
                ended, value = self.immediate_end()
            if not ended:
                assert actual is None, f"the core ends the game ({actual}), pyffish not {where}"
                return moves, False
            # No such end in pyffish's xiangqi and shogi; compared in case one appears.
            winner, termination = self.winner(value), None
        else:
            fen_before, played = (self.last[0], [self.last[1]]) if self.last else (fen, [])
            winner = self.winner(sf.game_result(self.variant, fen_before, played))
            in_check = trail.checks[-1]  # compared with pyffish's at the end of the game
            ended, _ = self.immediate_end()  # a variant's end (a goal reached) before any mate
            end = VARIANT_ENDS.get(self.variant)
            termination = end if ended else "CHECKMATE" if in_check else "STALEMATE"
            if winner == (fen.split()[1] == "w") and not ended:
                # The mated side wins: a mate by a pawn drop (which the core refuses in Shogi).
                termination = "DROP_MATE"
                trail.drop_mates += 1
        assert actual is not None, f"pyffish ends the game ({winner}), the core does not {where}"
        assert actual[1] == winner, f"winner: core {actual}, pyffish {winner} {where}"
        if termination is not None:
            assert actual[0] == termination, f"termination: core {actual}, expected {termination}"
        return moves, True

    def compare_claims(self, core: meiriqi.Board, trail: Trail) -> None:
        """The core may claim a draw exactly where pyffish sees an optional end of the kinds the
        game claims (``FSF_GAMES``, ``COUNTING``). pyffish is given the moves since the halfmove
        clock was last reset: Fairy-Stockfish looks no further back for repetitions, and a
        position with a smaller clock can be neither a repetition (it needs four plies) nor fifty
        moves. A game that counts gets the whole game: its FEN writes the count's plies in the
        halfmove field, and a count may run out whatever the clock."""
        clock = core.halfmove_clock
        move_rule, repetitions = FSF_GAMES[self.variant]
        counting = self.variant in COUNTING
        claimed = core.can_claim_draw()
        moves_done = move_rule > 0 and clock >= 2 * move_rule
        expected = False
        if (clock >= 4 and (move_rule > 0 or repetitions)) or counting:
            played = len(trail.moves)
            since = 0 if counting else max(0, played - clock)
            ended, value = sf.is_optional_game_end(
                self.variant, trail.fens[since], trail.moves[since:]
            )
            expected = ended and (moves_done or repetitions or counting)
            assert not expected or value == 0, f"pyffish scores the end {value} {trail.where()}"
        where = trail.where()
        assert claimed == expected, f"draw claim: core {claimed}, pyffish {expected} {where}"
        trail.claimable += claimed
        if claimed:
            outcome = core.outcome(claim_draw=True)
            assert outcome is not None and outcome.winner is None
            fifty = "FIFTY_MOVES" if move_rule == 50 else "MOVE_RULE"
            name = fifty if moves_done else "THREEFOLD_REPETITION"
            if counting and not moves_done and not core.is_repetition(3):
                # A count run out, else (Sittuyin) a lone King and Pawn that may only promote.
                count = core.counting
                name = "COUNTING" if count is not None and count[1] > count[0] else "STALEMATE"
            assert outcome.termination.name == name, f"claim {outcome} {trail.where()}"

    def perft2(self, moves: Sequence[str]) -> int | None:
        if len(moves) > self.PERFT_MOVES_OF.get(self.variant, self.PERFT_MOVES):
            return None
        total = 0
        for move in moves:
            replies = sf.legal_moves(self.variant, self.position, [move])
            total += len(replies) - len(self.pawn_drop_mates(move, replies))
        return total

    def pawn_drop_mates(self, move: str, replies: Sequence[str]) -> list[str]:
        """The replies to ``move`` that are mating pawn drops (pyffish lists them, the core
        does not). Only a drop right in front of the mover's King can be one, so pyffish is
        asked about that one alone, when it is among the replies."""
        if self.variant != "shogi":
            return []
        white = self.position.split()[1] == "w"
        pieces = piece_map(self.position)
        king = next(square for square, piece in pieces.items() if piece == ("K" if white else "k"))
        if SQUARE.findall(move)[0] == king:
            king = SQUARE.findall(move)[1]
        candidate = f"P@{king[0]}{int(king[1:]) + (1 if white else -1)}"
        if candidate not in replies:
            return []
        after = sf.get_fen(self.variant, self.position, [move])
        return [candidate] if is_pawn_drop_mate(after, candidate) else []

    def finish(self, core: meiriqi.Board, trail: Trail) -> None:
        replayed = sf.get_fen(self.variant, trail.start, trail.moves)
        assert replayed == self.position, f"test harness: FEN {self.position}, replay {replayed}"
        sans = assert_checks_match_pyffish(self.variant, trail)
        if self.variant in SAN_AS_PYFFISH:
            assert_san_is_pyffish(self.variant, trail, sans)
        assert_reads_pyffish_san(self.variant, trail, sans)
        ended, value = self.immediate_end()
        if ended:
            actual = core_outcome(core)
            assert actual is not None, f"pyffish ends the game ({value}) {trail.where()}"
            assert actual[1] == self.winner(value), f"winner: core {actual} {trail.where()}"


def make_oracle(variant: str, fen: str, *, every_ply: bool = False) -> Oracle:
    if variant == "chess":
        return ChessOracle(fen)
    return FairyOracle(variant, fen, every_ply=every_ply)


# -- playing games ---------------------------------------------------------------------------------


def play(
    variant: str,
    start: str,
    style: str,
    plies: int,
    chooser: random.Random,
    stats: Counter[str],
) -> None:
    """Plays up to ``plies`` moves with the core and the oracle side by side, comparing every
    position; perft(2) is compared once, at the first small enough position from a ply chosen
    at random."""
    oracle = make_oracle(variant, start)
    trail = Trail(oracle.fen())
    core = meiriqi.Board(trail.start, variant=variant)
    perft_ply = chooser.randrange(plies)
    stats[f"{variant} games"] += 1
    for ply in range(plies + 1):
        moves, over = oracle.compare(core, trail)
        stats[f"{variant} positions"] += 1
        if over:
            outcome = core.outcome()
            assert outcome is not None
            stats[f"{variant} games ended by {outcome.termination.name.lower()}"] += 1
            break
        if ply == plies:
            break
        fen = oracle.fen()
        if ply >= perft_ply and (expected := oracle.perft2(moves)) is not None:
            assert core.perft(2) == expected, f"perft(2) differs ({expected}) {trail.where()}"
            stats[f"{variant} perft(2) positions"] += 1
            perft_ply = plies + 1
        uci, kinds = choose(variant, moves, fen, chooser, style)
        core.push_uci(uci)
        core.pop()
        assert core.fen() == fen, f"pop() after {uci} gives {core.fen()} {trail.where()}"
        core.push_uci(uci)
        oracle.push(uci)
        trail.moves.append(uci)
        for kind in kinds:
            stats[f"{variant} {kind} moves"] += 1
    oracle.finish(core, trail)
    if trail.refused_drop_mates:
        stats[f"{variant} mating pawn drops refused"] += trail.refused_drop_mates
    if trail.drop_mates:
        stats[f"{variant} games won by the side mated by a drop"] += trail.drop_mates
    if trail.claimable:
        stats[f"{variant} positions with a draw to claim"] += trail.claimable


@pytest.mark.parametrize("style", STYLES)
@settings(max_examples=CHESS_EXAMPLES)
@given(
    start=st.sampled_from(CHESS_STARTS),
    plies=st.integers(1, MAX_PLIES["chess"]),
    chooser=st.randoms(use_true_random=False),
)
def test_chess_games_agree(
    style: str, start: str, plies: int, chooser: random.Random, crosscheck_stats: Counter[str]
) -> None:
    """Chess: the core agrees with python-chess and pyffish over a generated game."""
    play("chess", start, style, plies, chooser, crosscheck_stats)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("variant", ["xiangqi", "shogi"])
@settings(max_examples=FAIRY_EXAMPLES)
@given(data=st.data(), chooser=st.randoms(use_true_random=False))
def test_fairy_games_agree(
    variant: str,
    style: str,
    data: st.DataObject,
    chooser: random.Random,
    crosscheck_stats: Counter[str],
) -> None:
    """Xiangqi and Shogi: the core agrees with pyffish over a generated game."""
    start = data.draw(st.sampled_from(FAIRY_STARTS[variant]), label="start")
    plies = data.draw(st.integers(1, MAX_PLIES[variant]), label="plies")
    play(variant, start, style, plies, chooser, crosscheck_stats)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("variant", list(FSF_GAMES))
@settings(max_examples=FSF_EXAMPLES)
@given(data=st.data(), chooser=st.randoms(use_true_random=False))
def test_fairy_stockfish_games_agree(
    variant: str,
    style: str,
    data: st.DataObject,
    chooser: random.Random,
    crosscheck_stats: Counter[str],
) -> None:
    """The games named after Fairy-Stockfish's: the core agrees with pyffish over a generated
    game, claims included."""
    start = data.draw(st.sampled_from(FAIRY_STARTS[variant]), label="start")
    plies = data.draw(st.integers(1, MAX_PLIES[variant]), label="plies")
    play(variant, start, style, plies, chooser, crosscheck_stats)


# -- chosen positions ------------------------------------------------------------------------------

START = {
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "shogi": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
} | {name: FAIRY_STARTS[name][0] for name in FSF_GAMES}
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
LINES = [
    # (variant, start FEN, moves): every position on the way is compared with the oracle.
    ("chess", START["chess"], "f2f3 e7e5 g2g4 d8h4"),
    ("chess", START["chess"], " ".join(["g1f3 g8f6 f3g1 f6g8"] * 4)),
    ("chess", "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", "f2f7"),
    ("chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2"),
    ("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 148 100", "a1a2 e8e7"),
    ("chess", "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c7c5"),
    ("chess", "4k3/2p5/8/1P5r/8/8/8/4K3 b - - 0 1", "c7c5 b5c6"),
    ("chess", KIWIPETE, "e1g1 e8c8"),
    ("chess", KIWIPETE, "e1c1 h3g2 f3f6 g2h1q"),
    ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8 e8e7 h1h8"),
    ("chess", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n"),
    ("xiangqi", START["xiangqi"], "h3e3 h8e8 e3e7 e8e4"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e1f1"),
    ("xiangqi", "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", "e1d1 e10f10 e6d8"),
    ("xiangqi", "4k4/9/9/9/9/2B6/1P7/9/9/3K5 w - - 0 1", "c5e3"),
    ("xiangqi", "4k4/9/9/4P4/9/9/2P6/9/9/3K5 w - - 0 1", "e7d7 e10f10 d7d8 f10e10"),
    ("xiangqi", "4k4/4a4/9/9/2p6/9/9/9/4A4/3K1R3 w - - 0 1", "f1f10 e9f10"),
    # A stalemate and a checkmate, both losses for the side to move (found in random games).
    ("xiangqi", "5k3/9/9/9/9/9/9/3K5/2r1A4/9 b - - 11 44", "c2e2"),
    ("xiangqi", "9/9/4k4/9/9/6r2/9/9/5K3/9 b - - 57 62", "g5f5"),
    (
        "shogi",
        "1s1ns1g2/r1n1p4/1p1+b1pg2/4r4/lglp5/n4n2s/3K5/lg3k1l1/5s2b[pppppppppppppp] b - - 1 99",
        "e6e1+",
    ),
    (
        "shogi",
        "4+NG1+R1/s6+B+P/3L+LG+N2/3+B2N2/4R2P1/k1PLS4/NPGSP4/1SK4+p1/1L2G4"
        "[PPPPPPPPPPPP] w - - 1 142",
        "c3b4",
    ),
    ("shogi", START["shogi"], "c3c4 g7g6 b2h8+ g9h8 B@e5 c7c6"),
    ("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1", ""),
    ("shogi", "4k4/9/9/9/9/9/4+P4/9/4K4[P] w - - 0 1", "P@e5"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K4[LNPlnp] w - - 0 1", "L@a8 L@a2"),
    ("shogi", "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1", "a8a9+"),
    ("shogi", "4k4/9/N8/9/9/9/9/9/4K4[] w - - 0 1", "a7b9+"),
    ("shogi", "4k4/9/R8/9/9/9/9/9/4K4[] w - - 0 1", "a7a1+"),
    # Mates by a pawn's move and by a lance drop (a pawn drop may not mate: see below).
    ("shogi", "kl7/9/PG7/9/9/9/9/9/4K4[] w - - 0 1", "a7a8"),
    ("shogi", "kl7/9/1G7/9/9/9/9/9/4K4[L] w - - 0 1", "L@a8"),
    # Castling on ten files (the King from f1 to i1, from e1 to h1 or b1), with a royal Knight.
    ("capablanca", START["capablanca"], "i1j3 i8j6 h1i3 h8i6 h2h3 h7h6 g1h2 g8h7 f1i1 f8i8"),
    ("embassy", START["embassy"], "i1j3 i8j6 i2i3 i7i6 h1i2 h8i7 g1f3 g8f6 f1g3 f8g6 e1h1 e8h8"),
    ("embassy", START["embassy"], "b1a3 b8a6 d2d3 d7d6 c1d2 c8d7 c2c3 c7c6 d1c2 d8c7 e1b1 e8b8"),
    ("knightmate", START["knightmate"], "g2g3 g7g6 f1h3 f8h6 g1g2 g8g7 e1g1 e8g8"),
    # Grand: promotion by choice on rank 9, to lost kinds only; compulsory on rank 10.
    ("grand", "1r2k4r/10/P9/10/10/10/10/p9/10/R3K4R w - - 0 1", "a8a9 a3a2c a9a10q b10a10"),
    # The en-passant square written although the capture is illegal (a pinned Pawn).
    ("amazon", "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c7c5"),
    ("capablanca", "5k4/2p7/10/KP7r/10/10/10/10 b - - 0 1", "c7c5"),
    # Claims: threefold repetition, fifty moves (in manchu only fifty moves).
    ("capablanca", START["capablanca"], " ".join(["i1j3 i8j6 j3i1 j6i8"] * 2)),
    ("capablanca", "5k4/10/10/10/10/10/10/R4K4 w - - 98 80", "a1a2 f8f7 a2a1"),
    ("manchu", "3k5/9/9/9/9/9/9/9/9/M3K4 w - - 98 80", "a1a2 d10d9"),
    ("manchu", START["manchu"], " ".join(["a1a2 b10c8 a2a1 c8b10"] * 2)),
    # A bare King: lost at once against two pieces, after its reply against one (which may
    # bare the other King in turn); seventy moves in shatranj.
    ("shatranj", "4k3/8/8/8/8/8/8/RR2K3 b - - 0 1", ""),
    ("shatranj", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", ""),
    ("shatranj", "8/8/8/8/8/2k5/3r4/3R3K w - - 0 1", "d1d2 c3d2"),
    ("shatranj", "8/8/8/8/8/2k5/3r4/3R3K w - - 0 1", "d1d2 c3b3"),
    ("shatranj", "8/8/8/8/8/2k5/3r4/R6K w - - 138 80", "a1a2 c3b3"),
    ("courier", "12/2k9/12/3e8/12/3F4W3/2K9/12 w - - 0 40", "d3e4 c7d6 e4d5"),
    # Crazyhouse: a promoted Queen taken goes to hand as a Pawn, which is dropped; captures,
    # drops and castling.
    ("crazyhouse", "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", "b7b8q e8d7 b8c8 d7c8 e1e2 P@e4"),
    (
        "crazyhouse",
        START["crazyhouse"],
        "e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 f1e2 e5c3 d2c3 P@e4 g1f3 e4f3 e1g1 f3e2 d1e2 N@d4 Q@e5",
    ),
    # Minishogi: a mating pawn drop is legal, and lost by the dropper; drops and promotions.
    ("minishogi", "k4/2G2/1K3/5/5[P] w - - 0 1", "P@a4"),
    ("minishogi", START["minishogi"], "a1b2 a5a4 b2c2 b5d3 c2b3 e4e3 c1d2 a4b4 b3a3 d3b1+ d2d3"),
    ("minishogi", START["minishogi"], "d1b3 c5d4 b3a4 a5a4 e1e2 B@c3 c1b2 c3e1+ e2c2 e1d1 c2c5+"),
    # Kyoto shogi: every move turns a piece over (+ and -); drops either side up.
    ("kyotoshogi", START["kyotoshogi"], "d1c2- e5e4- a1b2- b5b4- e1e2+ a5a4+ e2d2- d5c4+ c2b4+"),
    ("kyotoshogi", START["kyotoshogi"], "b1b2+ e5d4- d1d2- d4d2+ c1b1 +N@b4 a1a2- b4c4- b2c3-"),
    ("kyotoshogi", FAIRY_STARTS["kyotoshogi"][1], "+P@c3 +P@c4 c3c4- c5c4 N@a3 +L@b3"),
    # The third check wins (a mate in FSF's SAN: Qh5#); FSF's, lichess's and no check count.
    ("3check", "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2", "d1h5"),
    ("3check", "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0", "d1h5"),
    ("3check", "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d1h5"),
    ("3check", START["3check"], "e2e3 d7d5 f1b5 c8d7 b5d7 e8d7 d1g4"),
    # The King on the hill wins; a checkmate still wins too.
    ("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 40", "e3e4"),
    ("kingofthehill", START["kingofthehill"], "f2f3 e7e5 g2g4 d8h4"),
    # Racing Kings: Black may equalize White's arrival (a draw) or not (White wins); Black
    # arriving first wins at once; no move may give check.
    ("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 40", "g7g8 b7b8"),
    ("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 40", "g7g8 b7a7"),
    ("racingkings", "8/6K1/k7/8/8/8/8/8 w - - 0 40", "g7g8"),
    ("racingkings", "8/k7/8/8/8/8/8/6K1 b - - 0 40", "a7a8"),
    ("racingkings", "8/8/8/8/8/8/k7/5RK1 w - - 0 1", "g1g2"),
    # Horde: the last White piece taken; a step from the first rank gives no en passant, from
    # the second it does.
    ("horde", "4k3/8/8/8/8/8/1q6/P7 b - - 0 40", "b2a1"),
    ("horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1a3"),
    ("horde", "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", "a2a4 b4a3"),
    # Makruk: the count starts (a bare King against a Rook), runs out (a claim), restarts when
    # a bare King takes the last Pawn; the board's honour; a Pawn promotes on the sixth rank.
    ("makruk", "8/8/4k3/8/8/3K4/3R4/8 w - - 0 1", "d2d1 e6e5"),
    ("makruk", "8/8/4k3/8/8/3K4/8/3R4 w - 32 31 20", "d3c3 e6e5 c3d3"),
    ("makruk", "8/8/8/8/3k4/3P4/8/R3K3 b - - 0 1", "d4d3"),
    ("makruk", "8/8/4k3/3s4/8/3K4/3R4/8 w - - 0 1", "d2d1"),
    ("makruk", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1", "a5a6m"),
    ("sittuyin", "8/8/4k3/8/8/3K4/3R4/8[] w - - 0 1", "d2d1 e6e5"),
    ("sittuyin", "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1", "d5d5f e8d7 d5c4"),
    ("sittuyin", "k7/2K5/1F6/8/3p4/3P4/8/8[] b - - 0 1", "d4c3f"),
    # Tori shogi: a Swallow drop that mates loses, a Crane drop that mates wins; the Quails
    # move for Black as White's turned half a turn; promotion into, inside and out of the
    # zone is compulsory (Swallow to Goose, Falcon to Eagle); two Swallows to a file.
    ("torishogi", FAIRY_STARTS["torishogi"][3], "S@a6"),
    ("torishogi", "kp5/7/1C5/7/7/7/3K3[C] w - - 0 1", "C@a6"),
    ("torishogi", "3k3/7/7/2l1r2/7/7/3K3[] b - - 0 1", "c4a6 d1c1 e4g6 c1d1 a6b7"),
    ("torishogi", "3k3/1s5/7/7/7/5S1/3K3[PRLCFSprlcfs] w - - 0 1", "S@f4 S@b5 F@f6 b5b4 f6e7+"),
    ("torishogi", "3k3/1S5/1F5/7/7/7/3K3[] w - - 0 1", "b6b7+ d7c7 b5a6+ c7d7 a6a7"),
]


@pytest.mark.parametrize(
    ("variant", "start", "line"), LINES, ids=[f"{v}:{line or '-'}" for v, _, line in LINES]
)
def test_lines_agree(variant: str, start: str, line: str, crosscheck_stats: Counter[str]) -> None:
    """Chosen rules (mates, stalemates, draws, en passant, castling, promotions, drops, the
    flying General, pawn-drop mates): the core agrees with the oracle at every step."""
    oracle = make_oracle(variant, start, every_ply=True)
    trail = Trail(oracle.fen())
    core = meiriqi.Board(trail.start, variant=variant)
    for uci in line.split():
        oracle.compare(core, trail)
        core.push_uci(uci)
        oracle.push(uci)
        trail.moves.append(uci)
    oracle.compare(core, trail)
    oracle.finish(core, trail)
    crosscheck_stats[f"{variant} lines"] += 1


@pytest.mark.parametrize(
    ("fen", "drop"),
    [
        ("kl7/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1", "P@a8"),
        ("4k4/9/9/9/9/9/1g7/9/KL7[p] b - - 0 1", "P@a2"),
        # Found by a thorough run: the King's flight squares are all covered by a Gold.
        (
            "lp1p4l/1sp2r1s1/p1b1k1+BpG/n5p2/5p3/P1P1g4/1S4PPP/NPRPKP2p/LN1GPG1NL[ps] b - - 0 45",
            "P@e3",
        ),
    ],
)
def test_a_mating_pawn_drop_is_refused(fen: str, drop: str) -> None:
    """The one known difference from Fairy-Stockfish: it lists a pawn drop that checkmates (and
    then scores the game as lost by the dropper); Shogi forbids the drop, and so does the core.
    Everything else about the position agrees."""
    assert drop in sf.legal_moves("shogi", fen, []) and is_pawn_drop_mate(fen, drop)
    mated = sf.get_fen("shogi", fen, [drop]).split()[1] == "w"
    assert (sf.game_result("shogi", fen, [drop]) > 0) is True  # the mated side "wins"
    assert mated is (fen.split()[1] == "b")
    core = meiriqi.Board(fen, variant="shogi")
    expected = sorted(m for m in sf.legal_moves("shogi", fen, []) if m != drop)
    assert core.legal_moves_uci() and sorted(core.legal_moves_uci()) == expected
    with pytest.raises(meiriqi.IllegalMoveError):
        core.push_uci(drop)
    assert core.fen() == fen


@pytest.mark.parametrize("variant", ["chess", "xiangqi", "shogi", *FSF_GAMES])
def test_start_position_is_the_oracles(variant: str) -> None:
    """``Board(variant=...)`` starts where the oracle starts, and reads the oracle's start."""
    if variant == "chess":
        expected = chess.Board().fen()
    else:
        expected = sf.get_fen(variant, sf.start_fen(variant), [])
        assert meiriqi.Board(sf.start_fen(variant), variant=variant).fen() == expected
    assert meiriqi.Board(variant=variant).fen() == expected


ASEAN_MAKRUK = """\
extends = "makruk"
name = "makruk-asean-counting"
title = "Makruk with the ASEAN counting"

[rules.counting]
style = "asean"
pieces-honour = [["R", 1, 16], ["S", 1, 44], ["N", 1, 64]]
"""


@pytest.mark.parametrize(
    ("fen", "line"),
    [
        ("8/8/4k3/8/8/3K4/3R4/8 w - - 0 1", "d2d1 e6e5"),
        ("8/8/4k3/8/8/3K4/3N4/8 w - - 0 1", "d2b1 e6e5"),
        ("8/8/4k3/8/8/3K4/3S4/8 w - - 0 1", "d2c1 e6e5"),
        # A bare King taking the last Pawn counts only after the other side's move.
        ("8/8/8/8/3k4/3P4/8/R3K3 b - - 0 1", "d4d3 a1a2"),
    ],
)
def test_the_asean_counting_is_sittuyins(fen: str, line: str) -> None:
    """``style = "asean"`` counts as Fairy-Stockfish's Sittuyin does (its pieces' honour, from
    zero): the fields after the board agree with pyffish's ``sittuyin``, whose Rook, Silver
    (Khon) and Knight are Makruk's, once its hands are empty."""
    variant = meiriqi.Variant.from_toml(ASEAN_MAKRUK)
    board = meiriqi.Board(fen, variant=variant)
    board_field, rest = fen.split(" ", 1)
    sittuyin = f"{board_field}[] {rest}"
    moves = line.split()
    for index, uci in enumerate(moves):
        board.push_uci(uci)
        expected = sf.get_fen("sittuyin", sittuyin, moves[: index + 1]).split(" ", 1)[1]
        assert board.fen().split(" ", 1)[1] == expected, (uci, board.fen())
