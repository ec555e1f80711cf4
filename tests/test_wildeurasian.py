"""The Wildeurasian games from the Python side: what a programmer and a player use (notation,
records, ``convert``, pictures, the text diagram, the player, ``perft``, the search) and the bad
input they must refuse with a clear error, leaving the board as it was.

The rules themselves are tested by hand-worked positions in ``rust/variants/wildeurasian.rs`` and
``tests/test_reference_wildeurasian.py``, and by the cross-check against the reference in
``tests/test_crosscheck_wildeurasian.py``.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import meiriqi
from meiriqi import display, pgn

FAMILY = [name for name in meiriqi.Board.variants() if name.startswith("wildeurasian-")]
MITREGI = "wildeurasian-mitregi"
CASTLING = "12/12/1r4k3r1/6i5/12/12/12/12/6I5/1R4K3R1/12/12[Lm] w Kkq - 0 1"
"""Both sides may castle on the l side; White has lost the a-side right. White holds a Wing,
Black a Mitre."""


def board_of(variant: str, fen: str | None = None) -> meiriqi.Board:
    """A board of ``variant``, at its start or at ``fen``."""
    return meiriqi.Board(fen, variant=variant)


def lively_game(variant: str, seed: int, plies: int) -> meiriqi.Board:
    """A game of random moves that prefers captures, drops, promotions and castling."""
    board, rng = board_of(variant), random.Random(seed)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        lively = [
            m for m in moves if board.is_capture(m) or m.drop or m.promotion or board.is_castling(m)
        ]
        board.push(rng.choice(lively if lively and rng.random() < 0.7 else moves))
    return board


def test_the_six_games_are_listed_with_titles_and_descriptions() -> None:
    assert sorted(FAMILY) == sorted(
        f"wildeurasian-{game}{option}"
        for game in ("bestiary", "mitregi", "dense-rim-mitregi")
        for option in ("", "-korean")
    )
    titles = {board_of(name).variant_title for name in FAMILY}
    assert {"Wildeurasian Mitregi", "Dense-Rim Wildeurasian Mitregi (Korean)"} <= titles
    assert len(titles) == 6
    assert all(
        "12x12" in meiriqi.Board.variants()[name] or "Mitregi" in meiriqi.Board.variants()[name]
        for name in FAMILY
    )
    assert board_of("wildeurasian-bestiary").has_hands is False
    assert board_of(MITREGI).has_hands and board_of(MITREGI).has_river


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("M@e5", "White has no mitre in hand"),
        ("L@g4", "the square is taken"),
        ("L@e12", "could never move from there"),
        ("O-O-O", "White has lost that right"),
        ("Ke6", "no legal"),
        ("g3d3", "no legal move"),
        ("L@m5", "invalid san"),
        ("L@e13", "no square 'e13'"),
    ],
)
def test_illegal_drops_and_castling_are_refused_with_a_reason(text: str, reason: str) -> None:
    board = board_of(MITREGI, CASTLING)
    with pytest.raises(ValueError, match=re.escape(reason)):
        board.push_san(text)
    assert board.fen() == CASTLING and board.move_stack == []


@pytest.mark.parametrize("uci", ["M@e5", "L@g4", "L@e12", "g3d3", "g3e3", "b3b12+"])
def test_illegal_coordinate_moves_are_refused(uci: str) -> None:
    board = board_of(MITREGI, CASTLING)
    with pytest.raises(meiriqi.IllegalMoveError):
        board.push_uci(uci)
    assert board.fen() == CASTLING


@pytest.mark.parametrize(
    ("fen", "words", "flag"),
    [
        (
            "12/12/12/6K5/12/12/12/12/12/12/12/6k5[] w - - 0 1",
            "White king on g9 is outside the squares it may occupy (72 squares from a1 to l6)",
            meiriqi.Status.OUT_OF_REGION,
        ),
        (
            "6k5/12/12/12/+S+S+D+D+S7/12/12/12/6I5/12/6K5/12[] b - - 0 1",
            "White has 5 Princes on the board; at most 4 are possible here",
            meiriqi.Status.TOO_MANY_PRINCES,
        ),
        (
            "6k5/12/12/12/+S+S+D+D8/12/12/12/6I5/12/6K5/12[] w - - 0 1",
            "White has 4 Princes on the board; at most 3 are possible here",
            meiriqi.Status.TOO_MANY_PRINCES,
        ),
        (
            "L5k5/12/12/12/12/12/12/12/6I5/12/6K5/12[] w - - 0 1",
            "White wing on a12 stands where it could never move",
            meiriqi.Status.PAWNS_ON_BACKRANK,
        ),
        (
            "6k5/12/12/12/12/12/12/4q7/12/6I5/6K5/12[] w - - 0 1",
            "Black (not to move) has half or more of its relevant pieces across the River",
            meiriqi.Status.TOO_FAR_ACROSS,
        ),
        (
            "6k5/12/12/12/12/12/12/12/12/12/6K5/L11[] w - - 0 1",
            "the Kings face each other",
            meiriqi.Status.KINGS_FACING,
        ),
    ],
)
def test_setups_that_break_the_rules_are_refused(
    fen: str, words: str, flag: meiriqi.Status
) -> None:
    with pytest.raises(meiriqi.InvalidPositionError, match=re.escape(words)):
        board_of(MITREGI, fen)
    board = board_of(MITREGI)
    with pytest.raises(ValueError):
        board.set_fen(fen)
    assert board.fen() == board_of(MITREGI).fen()
    edited = meiriqi.Board.empty(variant=MITREGI)
    for square, piece in _pieces_of(fen).items():
        edited.set_piece_at(square, piece)
    assert meiriqi.Status(edited.status()) & flag, edited.problems()


def _pieces_of(fen: str) -> dict[int, meiriqi.Piece]:
    """The pieces of a FEN, read by a board that does not check the position."""
    reader = meiriqi.Board.empty(variant=MITREGI)
    with pytest.raises(ValueError):
        reader.set_fen(fen)
    setup = fen.split()[0].split("[")[0]
    pieces: dict[int, meiriqi.Piece] = {}
    for row, text in enumerate(setup.split("/")):
        file = 0
        for token in re.findall(r"[0-9]+|\+?[A-Za-z]", text):
            if token.isdigit():
                file += int(token)
                continue
            square = meiriqi.parse_square(f"{'abcdefghijkl'[file]}{12 - row}")
            pieces[square] = meiriqi.Piece.from_symbol(token, variant=MITREGI)
            file += 1
    return pieces


# -- notation and records --------------------------------------------------------------------------


def test_san_of_the_special_moves() -> None:
    board = board_of(MITREGI, CASTLING)
    assert board.san(board.parse_uci("g3i3")) == "O-O"
    assert board.san(board.parse_uci("L@e5")) == "L@e5"
    start = board_of(MITREGI)
    assert start.san(start.parse_uci("a1a12+")) == "Lxa12=+"
    assert start.san(start.parse_uci("a1a11")) == "La11"
    assert start.san(start.parse_uci("a1a11+")) == "La11=+"
    river = board_of("wildeurasian-bestiary", "6k5/12/3W8/12/12/12/4I7/12/6I5/12/6K5/12 w - - 0 1")
    assert river.san(river.parse_uci("e6e7w")) == "e7=W"
    assert river.parse_san("e7") == river.parse_uci("e6e7w")  # the change needs no letter
    assert river.san(river.parse_uci("d10d11r")) == "Wd11=R"


@pytest.mark.parametrize("variant", FAMILY)
def test_san_round_trips_every_legal_move(variant: str) -> None:
    board = lively_game(variant, seed=7, plies=60)
    for _ in range(2):
        for move in board.legal_moves:
            assert board.parse_san(board.san(move)) == move
        if board.move_stack:
            board.pop()


@pytest.mark.parametrize("variant", FAMILY)
def test_a_record_round_trips(variant: str) -> None:
    board = lively_game(variant, seed=3, plies=80)
    text = str(pgn.Game.from_board(board))
    assert f'[Variant "{board.variant_title}"]' in text
    game = pgn.read_game(io.StringIO(text))
    assert game is not None and game.errors == []
    assert [node.move for node in game.mainline()] == board.move_stack
    assert game.end().board().fen() == board.fen()


def test_a_lost_game_over_the_prince_limit_is_recorded() -> None:
    fen = "6k5/12/12/12/1+S1+D8/12/6+S5/1Q1G3T4/5+D6/12/6K5/12[] b - - 0 1"
    board = board_of(MITREGI, fen)
    assert board.is_variant_loss() and not board.is_checkmate() and not board.is_stalemate()
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is meiriqi.WHITE
    assert outcome.termination == meiriqi.Termination.VARIANT_LOSS
    headers = pgn.Game.from_board(board).headers
    assert headers["Result"] == "1-0" and headers["Termination"] == "no move within the limits"


def test_convert_reads_and_writes_wildeurasian_records(tmp_path: Path) -> None:
    board = lively_game("wildeurasian-dense-rim-mitregi-korean", seed=5, plies=50)
    source, out = tmp_path / "in.pgn", tmp_path / "out.pgn"
    source.write_text(str(pgn.Game.from_board(board)), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "convert", str(source), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    game = pgn.read_game(io.StringIO(out.read_text(encoding="utf-8")))
    assert game is not None and game.end().board().fen() == board.fen()


# -- pictures --------------------------------------------------------------------------------------


def test_svg_shows_twelve_files_the_river_camps_and_both_hands() -> None:
    board = board_of(MITREGI, CASTLING.replace("[Lm]", "[LLMmsd]"))
    root = ET.fromstring(meiriqi.svg.board(board))
    classes = [(element.get("class") or "").split() for element in root.iter()]
    squares = [names[-1] for names in classes if names[:1] == ["square"]]
    assert len(squares) == 144 and "l12" in squares
    assert any("river" in names for names in classes)
    assert any("camp" in names for names in classes)
    titles = {element.text for element in root.iter() if element.tag.endswith("title")}
    assert "White's hand: 2 wings, 1 mitre" in titles or any(
        t and t.startswith("White's hand") and "2 wings" in t for t in titles
    )
    assert any(t and t.startswith("Black's hand") and "princess" in t for t in titles)


@pytest.mark.parametrize("variant", FAMILY)
def test_the_text_diagram_fits_an_80_column_terminal(variant: str) -> None:
    board = lively_game(variant, seed=11, plies=40)
    for style in (display.PLAIN, display.FANCY):
        for flipped in (False, True):
            text = display.diagram(board, style=style, flipped=flipped)
            plain = re.sub(r"\033\[[0-9;]*m", "", text)
            assert max(len(line) for line in plain.splitlines()) <= 80, plain
    text = display.diagram(board)
    assert "River" in text
    # In the margin where it fits (one-letter pieces), else as a legend below the board.
    assert "ranks 9-12: White promotes" in text or "promotes on ranks 9-12" in text


# -- the player, perft and the search --------------------------------------------------------------


def test_playing_castling_and_a_drop_at_the_keyboard() -> None:
    # After White's O-O Black may not castle O-O too: its King would face White's on the i file.
    script = [f"fen {CASTLING}", "O-O", "O-O", "O-O-O", "L@e5", "m@e8", "fen", "quit"]
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "--variant", MITREGI, "--black", "human", "--no-color"],
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    expected = board_of(MITREGI, CASTLING)
    for san in ("O-O", "O-O-O", "L@e5", "M@e8"):
        expected.push_san(san)
    assert len(re.findall("error", result.stdout)) == 1
    assert "no legal castling O-O" in result.stdout
    assert expected.fen() in result.stdout


def test_perft_from_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "perft", "2", "--variant", MITREGI, "--threads", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and "8997" in result.stdout.replace(",", "")


def test_the_search_takes_a_free_queen() -> None:
    # White's Rook takes the undefended Queen on e9 (a Queen is worth far more than a Rook).
    board = board_of("wildeurasian-bestiary", "6k5/12/12/4q7/12/12/12/12/6I5/4R7/6K5/12 w - - 0 1")
    result = board.search(depth=3)
    assert result.move == board.parse_uci("e3e9")


def test_selfplay_finishes_a_game() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "meiriqi",
            "selfplay",
            "--variant",
            "wildeurasian-dense-rim-mitregi",
            "--games",
            "1",
            "--depth",
            "1",
            "--max-plies",
            "60",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert '[Variant "Dense-Rim Wildeurasian Mitregi"]' in result.stdout


def test_the_player_announces_a_variant_loss() -> None:
    fen = "6k5/12/12/12/1+S1+D8/12/6+S5/1Q1G3T4/5+D6/12/6K5/12[] b - - 0 1"
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "--variant", MITREGI, "--black", "human", "--no-color"],
        input=f"fen {fen}\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "Black has no legal move that ends within the limits" in result.stdout
    assert "White wins, 1-0." in result.stdout
