"""Betza notation as Fairy-Stockfish reads it: a piece meiriqi reads from a Betza string moves
as Fairy-Stockfish's piece of the same string, for White and for Black, in every position tried
(docs/variants.md, rust/betza.rs); what would move otherwise is refused with the reason.

Each string is played in a small game of Kings and that piece on 8x8, defined on both sides:
as a meiriqi variant file (whose Black moves are White's turned half a turn, as Fairy-Stockfish
has them) and as a Fairy-Stockfish custom variant (pyffish); the legal moves of random positions
are compared. A loaded variant stays loaded, so the games are loaded in a
worker process of their own, out of the way of the other tests.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import random

import pyffish
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meiriqi import Board, InvalidPositionError, InvalidVariantError, Variant

MODIFIERS = "mcfblrvshnpieg"
LETTERS = "WFDNAHCLZJGKRBQ"

GROUPS = st.tuples(
    st.text(st.sampled_from(MODIFIERS), max_size=3),
    st.sampled_from(LETTERS),
    st.sampled_from(["", "", "", "double", "1", "2", "3"]),
).map(lambda group: group[0] + group[1] + (group[1] if group[2] == "double" else group[2]))
BETZA = st.lists(GROUPS, min_size=1, max_size=3).map("".join)
"""Betza strings: a few groups of modifiers, a letter and a range."""

_LOADED: dict[tuple[str, str], tuple[Variant, str] | None] = {}
"""In the worker: the piece of each string tried (and how Black's moves follow from White's),
meiriqi's variant and Fairy-Stockfish's, or ``None`` where meiriqi refuses the string."""


def _variants(betza: str, black_moves: str = "rotated") -> tuple[Variant, str] | None:
    """The game of Kings and a piece ``A`` moving as ``betza`` in meiriqi (Black's moves
    ``black_moves`` from White's) and in Fairy-Stockfish, or ``None`` where meiriqi refuses the
    string (with a Betza error: the file is right)."""
    key = (betza, black_moves)
    if key not in _LOADED:
        digest = hashlib.sha256(f"{betza} {black_moves}".encode()).hexdigest()[:12]
        name = "betza-" + digest
        text = (
            f'name = "{name}"\ntitle = "{name}"\nfiles = 8\nranks = 8\n'
            'start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"\n\n'
            f'[rules]\nblack-moves = "{black_moves}"\n\n'
            '[[pieces]]\nname = "king"\nsymbol = "K"\nvalue = 0\nroles = ["royal"]\n'
            'betza = "K"\n\n'
            f'[[pieces]]\nname = "betza"\nsymbol = "A"\nvalue = 100\nbetza = "{betza}"\n'
        )
        try:
            ours = Variant.from_toml(text)
        except InvalidVariantError as error:
            assert f"pieces[2] (betza): betza: in '{betza}': " in str(error), error
            _LOADED[key] = None
        else:
            theirs = name.replace("-", "")
            pyffish.load_variant_config(
                f"[{theirs}:chess]\ncustomPiece1 = a:{betza}\npieceToCharTable = -\n"
            )
            _LOADED[key] = (ours, theirs)
    return _LOADED[key]


def _positions(chooser: random.Random, count: int) -> list[str]:
    """``count`` random FENs with the two Kings and one to five pieces ``A`` of either side."""
    fens = []
    for _ in range(count):
        board: dict[int, str] = {}
        for piece in ["K", "k", *chooser.choices("Aa", k=chooser.randint(1, 5))]:
            board[chooser.choice([s for s in range(64) if s not in board])] = piece
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                here = board.get(rank * 8 + file)
                if here is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + piece
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        fens.append("/".join(rows) + f" {chooser.choice('wb')} - - 0 1")
    return fens


def _differences(betza: str, seed: int) -> list[tuple[str, list[str], list[str]]]:
    """In the worker: the positions (of 20 drawn from ``seed``) where the piece of ``betza``
    has other legal moves in meiriqi than in Fairy-Stockfish, with both lists; none when
    meiriqi refuses the string."""
    pair = _variants(betza)
    if pair is None:
        return []
    ours, theirs = pair
    found = []
    for fen in _positions(random.Random(seed), 20):
        try:
            board = Board(fen, variant=ours)
        except InvalidPositionError:
            continue  # a side not to move in check, or a piece where it could never move
        moves = sorted(move.uci() for move in board.legal_moves)
        expected = sorted(pyffish.legal_moves(theirs, fen, []))
        if moves != expected:
            found.append((fen, moves, expected))
    return found


def _moves_from(betza: str, fen: str, origin: str) -> tuple[list[str], list[str]]:
    """In the worker: the legal moves from ``origin`` in ``fen`` of the game of ``betza``, in
    meiriqi and in Fairy-Stockfish, sorted."""
    pair = _variants(betza)
    assert pair is not None, betza
    ours, theirs = pair
    mine = sorted(m.uci() for m in Board(fen, variant=ours).legal_moves if m.uci()[:2] == origin)
    fsf = sorted(m for m in pyffish.legal_moves(theirs, fen, []) if m[:2] == origin)
    return mine, fsf


def _refused(betza: str, black_moves: str = "rotated") -> bool:
    """In the worker: whether meiriqi refuses ``betza`` (Black's moves ``black_moves``)."""
    return _variants(betza, black_moves) is None


@given(betza=BETZA, seed=st.integers(0, 2**32))
def test_a_betza_piece_moves_as_in_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str, seed: int
) -> None:
    assert worker.submit(_differences, betza, seed).result(timeout=120) == [], betza


@pytest.mark.parametrize("betza", ["fRrbBlbF", "rW", "hrN"])
def test_a_piece_that_differs_left_from_right_is_refused_where_black_mirrors(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str
) -> None:
    assert worker.submit(_refused, betza, "mirrored").result(timeout=120)
    # Fairy-Stockfish turns Black's moves half a turn: meiriqi's mirror image would differ.
    theirs = "lopsided" + hashlib.sha256(betza.encode()).hexdigest()[:8]
    config = f"[{theirs}:chess]\ncustomPiece1 = a:{betza}\npieceToCharTable = -\n"
    pyffish.load_variant_config(config)
    white = pyffish.legal_moves(theirs, "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", [])
    black = pyffish.legal_moves(theirs, "4k3/8/8/3a4/8/8/8/4K3 b - - 0 1", [])
    mirrored = {f"{m[0]}{9 - int(m[1])}{m[2]}{9 - int(m[3])}" for m in white if m[:2] == "d4"}
    assert mirrored != {m for m in black if m[:2] == "d5"}


@pytest.mark.parametrize(
    "betza",
    # Tori Shogi's quails, and pieces of Fairy-Stockfish's variants.ini unlike left and right.
    ["fRrbBlbF", "fRlbBrbF", "rW", "hrN", "mfrWmrfF", "KrN", "frlW"],
)
def test_a_piece_that_differs_left_from_right_moves_as_in_fairy_stockfish_when_turned(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str
) -> None:
    assert not worker.submit(_refused, betza).result(timeout=120)
    for seed in range(3):
        assert worker.submit(_differences, betza, seed).result(timeout=120) == [], betza


@pytest.mark.parametrize(
    "betza",
    # Grasshoppers, hoppers that only move or only capture, hoppers of limited range (Cannon
    # Shogi's promoted pieces), the Janggi Elephant's lame leap through two squares.
    ["gQ", "mgQ", "cgB", "gR2", "pR1", "pR2", "cpB3", "mpRcpB", "mRpRmFpB2", "mBpBmWpR2", "nZ"],
)
def test_hoppers_and_lame_leaps_move_as_in_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str
) -> None:
    assert not worker.submit(_refused, betza).result(timeout=120)
    for seed in range(3):
        assert worker.submit(_differences, betza, seed).result(timeout=120) == [], betza


@pytest.mark.parametrize(
    "betza",
    # The pieces of Fairy-Stockfish's games as its own Betza strings give them (piece.cpp and
    # variant.cpp): Archbishop, Chancellor, Alfil, Fers, Khon, Amazon, Shogi's and Tori Shogi's
    # pieces, Kyoto Shogi's Knight and Lance, Janggi's Elephant, Horse, Cannon and Soldier, the
    # Nightrider, the Grasshopper, the Knibis and Biskni, the Banner.
    [
        *["BN", "RN", "A", "F", "FfW", "W", "K", "QN", "fW", "WfF", "BW", "RF"],
        *["fAbD", "FsfW", "KbRfBbF2", "FvW", "fRrbBlbF", "fRlbBrbF", "bFfD", "fN", "fR"],
        *["nZ", "nJ", "nN", "pR", "fsW", "NN", "gQ", "mNcB", "mBcN", "RcpRnN"],
    ],
)
def test_the_pieces_of_fairy_stockfish_s_games_are_read_as_it_reads_them(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str
) -> None:
    assert not worker.submit(_refused, betza).result(timeout=120)
    assert worker.submit(_differences, betza, 1).result(timeout=120) == [], betza


def test_a_limited_hopper_counts_its_range_from_the_piece(
    worker: concurrent.futures.ProcessPoolExecutor,
) -> None:
    # Fairy-Stockfish counts the range from the piece, the screen included: a pR2 on a1 with
    # pieces on c1 and e1 has no move along the first rank; with one on b1 it lands on c1.
    far = worker.submit(_moves_from, "pR2", "7k/8/8/8/8/8/8/A1a1a2K w - - 0 1", "a1")
    assert far.result(timeout=120) == ([], [])
    near = worker.submit(_moves_from, "pR2", "7k/8/8/8/8/8/8/Aa4K1 w - - 0 1", "a1")
    assert near.result(timeout=120) == (["a1c1"], ["a1c1"])


def test_the_worker_keeps_the_loaded_games_to_itself(
    worker: concurrent.futures.ProcessPoolExecutor,
) -> None:
    worker.submit(_refused, "N").result(timeout=120)
    assert not any(variant.name.startswith("betza-") for variant in Variant.loaded())
