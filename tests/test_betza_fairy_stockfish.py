"""Betza notation as Fairy-Stockfish reads it: a piece meiriqi reads from a Betza string moves
as Fairy-Stockfish's piece of the same string, for White and for Black, in every position tried
(docs/variants.md, rust/betza.rs); what would move otherwise is refused with the reason.

Each string is played in a small game of Kings and that piece on 8x8, defined on both sides:
as a meiriqi variant file and as a Fairy-Stockfish custom variant (pyffish); the legal moves of
random positions are compared. A loaded variant stays loaded, so the games are loaded in a
worker process of their own, out of the way of the other tests.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import multiprocessing
import random
from collections.abc import Iterator

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

_LOADED: dict[str, tuple[Variant, str] | None] = {}
"""In the worker: the piece of each string tried, meiriqi's variant and Fairy-Stockfish's, or
``None`` where meiriqi refuses the string."""


def _variants(betza: str) -> tuple[Variant, str] | None:
    """The game of Kings and a piece ``A`` moving as ``betza`` in meiriqi and in Fairy-Stockfish,
    or ``None`` where meiriqi refuses the string (with a Betza error: the file is right)."""
    if betza not in _LOADED:
        name = "betza-" + hashlib.sha256(betza.encode()).hexdigest()[:12]
        text = (
            f'name = "{name}"\ntitle = "{name}"\nfiles = 8\nranks = 8\n'
            'start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"\n\n'
            '[[pieces]]\nname = "king"\nsymbol = "K"\nvalue = 0\nroles = ["royal"]\n'
            'betza = "K"\n\n'
            f'[[pieces]]\nname = "betza"\nsymbol = "A"\nvalue = 100\nbetza = "{betza}"\n'
        )
        try:
            ours = Variant.from_toml(text)
        except InvalidVariantError as error:
            assert f"pieces[2] (betza): betza: in '{betza}': " in str(error), error
            _LOADED[betza] = None
        else:
            theirs = name.replace("-", "")
            pyffish.load_variant_config(
                f"[{theirs}:chess]\ncustomPiece1 = a:{betza}\npieceToCharTable = -\n"
            )
            _LOADED[betza] = (ours, theirs)
    return _LOADED[betza]


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


def _refused(betza: str) -> bool:
    """In the worker: whether meiriqi refuses ``betza``."""
    return _variants(betza) is None


@pytest.fixture(scope="module")
def worker() -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A process of its own for the games this module loads."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        yield pool


@given(betza=BETZA, seed=st.integers(0, 2**32))
def test_a_betza_piece_moves_as_in_fairy_stockfish(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str, seed: int
) -> None:
    assert worker.submit(_differences, betza, seed).result(timeout=120) == [], betza


@pytest.mark.parametrize("betza", ["fRrbBlbF", "rW", "hrN"])
def test_a_piece_that_differs_left_from_right_is_refused(
    worker: concurrent.futures.ProcessPoolExecutor, betza: str
) -> None:
    assert worker.submit(_refused, betza).result(timeout=120)
    # Fairy-Stockfish turns Black's moves half a turn: meiriqi's mirror image would differ.
    theirs = "lopsided" + hashlib.sha256(betza.encode()).hexdigest()[:8]
    config = f"[{theirs}:chess]\ncustomPiece1 = a:{betza}\npieceToCharTable = -\n"
    pyffish.load_variant_config(config)
    white = pyffish.legal_moves(theirs, "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", [])
    black = pyffish.legal_moves(theirs, "4k3/8/8/3a4/8/8/8/4K3 b - - 0 1", [])
    mirrored = {f"{m[0]}{9 - int(m[1])}{m[2]}{9 - int(m[3])}" for m in white if m[:2] == "d4"}
    assert mirrored != {m for m in black if m[:2] == "d5"}


def test_a_limited_hopper_is_refused_for_a_true_reason(
    worker: concurrent.futures.ProcessPoolExecutor,
) -> None:
    assert worker.submit(_refused, "pR2").result(timeout=120)
    # Fairy-Stockfish counts the range from the piece, the screen included: a pR2 on a1 with
    # pieces on c1 and e1 has no move along the first rank.
    config = "[limitedhopper:chess]\ncustomPiece1 = a:pR2\npieceToCharTable = -\n"
    pyffish.load_variant_config(config)
    moves = pyffish.legal_moves("limitedhopper", "7k/8/8/8/8/8/8/A1p1p2K w - - 0 1", [])
    assert [move for move in moves if move.startswith("a1")] == []


def test_the_worker_keeps_the_loaded_games_to_itself(
    worker: concurrent.futures.ProcessPoolExecutor,
) -> None:
    worker.submit(_refused, "N").result(timeout=120)
    assert not any(variant.name.startswith("betza-") for variant in Variant.loaded())
