"""The player's side of the reference games (chess, Xiangqi, Shogi): the text diagram with hands,
``+`` pieces, the River and the palaces, invalid setups, and the command line's ``selfplay`` and
``perft`` for them. The SVG picture is tested in test_svg.py, the prompt in test_repl.py."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import pytest

import meiriqi
from meiriqi import display, pgn, selfplay

SHOGI_HANDS = "lnsgk2nl/1r4+Ps1/pp1pppp1p/2p3p2/9/2P6/PP1PPPPPP/1+b5R1/LNSGKGSNL[PPPGb] b - - 0 1"
"""Shogi: White holds a Gold and three Pawns, Black a Bishop; a Tokin (+P) and a Horse (+b)."""


def shogi(*sans: str, fen: str | None = None) -> meiriqi.Board:
    """A Shogi board at ``fen`` (default: the start) after the moves ``sans``."""
    board = meiriqi.Board(fen, variant="shogi")
    for san in sans:
        board.push_san(san)
    return board


def meiriqi_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGS``; checks that it did not crash."""
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", *args], capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


# -- the text diagram ------------------------------------------------------------------------------


def test_the_diagram_of_a_shogi_game_after_a_capture_shows_the_hands() -> None:
    lines = display.diagram(shogi("c4", "g6", "Bxh8=+")).splitlines()
    assert lines[0] == "    Black's hand: empty"
    assert lines[1] == "       a    b    c    d    e    f    g    h    i"
    assert (
        lines[3] == "  8    .    r    .    .    .    .    .  [+B]   .    ranks 7-9: White promotes"
    )
    assert lines[-2] == lines[1]
    assert lines[-1] == "    White's hand: B"
    lines = display.diagram(shogi("c4", "g6", "Bxh8=+", "Sxh8")).splitlines()
    assert (lines[0], lines[-1]) == ("    Black's hand: b", "    White's hand: B")


def test_counts_plus_pieces_and_flipping_keep_the_grid() -> None:
    board = shogi(fen=SHOGI_HANDS)
    lines = display.diagram(board).splitlines()
    assert lines[0] == "    Black's hand: b"
    assert lines[-1] == "    White's hand: G, P x3"
    header = lines[1]
    letters = [header.index(letter) for letter in "abcdefghi"]
    for line in lines[2:-2]:
        if line.strip().startswith("-"):
            assert [line.index("-", column) for column in letters] == letters  # under the letters
            continue
        cells = [line[column - 1 : column + 1].strip() for column in letters]
        assert all(len(cell) == 1 or cell.startswith("+") for cell in cells), line
    assert "  8    .    r    .    .    .    .   +P    s    .    ranks 7-9: White promotes" in lines
    assert "  2    .   +b    .    .    .    .    .    R    .    ranks 1-3: Black promotes" in lines
    flipped = display.diagram(board, flipped=True).splitlines()
    assert (flipped[0], flipped[-1]) == ("    White's hand: G, P x3", "    Black's hand: b")
    fancy = display.diagram(board, style=display.FANCY)
    assert "\033[1;31mb\033[0m" in fancy and "\033[1mG\033[0m, \033[1mP\033[0m x3" in fancy
    assert " \033[1m+P\033[0m " in fancy


def test_the_xiangqi_diagram_has_the_river_and_closed_palaces() -> None:
    board = meiriqi.Board(variant="xiangqi")
    board.push_san("Che3")
    lines = display.diagram(board).splitlines()
    assert lines[0] == "      a   b   c   d   e   f   g   h   i"
    assert lines[3] == "  8   .   c   . | +   .   + | .   c   ."
    assert lines[4] == lines[10] == "                +-----------+"
    assert lines[7] == "     ~~~~~~~~~~~~~~ River ~~~~~~~~~~~~~~"
    assert lines[6].startswith("  6 ") and lines[8].startswith("  5 ")
    assert lines[11] == "  3   .   C   . | +  [C]  + | .  [.]  ."
    assert lines[13] == "  1   R   N   B | A   K   A | B   N   R    White (UPPERCASE)"
    assert len(lines) == 15 and "hand" not in "\n".join(lines)
    fancy = display.diagram(board, style=display.FANCY, flipped=True)
    assert "\033[34m \u2248\u2248\u2248" in fancy and " River " in fancy
    assert "┴───────────┴" in fancy and "┬───────────┬" in fancy


def test_the_chess_diagram_is_plain() -> None:
    lines = display.diagram(meiriqi.Board(variant="chess")).splitlines()
    assert lines[0] == "      a   b   c   d   e   f   g   h"
    assert lines[1] == "  8   r   n   b   q   k   b   n   r    Black (lowercase)"
    assert len(lines) == 10
    assert not any(mark in line for line in lines for mark in ("|", "+", " - ", "~", "hand"))


@pytest.mark.parametrize("variant", ["chess", "xiangqi", "shogi", "meiriqi"])
def test_an_invalid_setup_has_a_diagram(variant: str) -> None:
    board = meiriqi.Board.empty(variant=variant)
    piece = meiriqi.Piece(board.piece_types[0], True, variant=variant)
    board.set_piece_at(meiriqi.parse_square("e2"), piece)
    assert not board.is_valid()
    with pytest.raises(meiriqi.InvalidPositionError):
        board.outcome()
    text = display.diagram(board, style=display.FANCY)
    assert piece.symbol() in text
    assert ("hand:" in text) == (variant == "shogi")


def test_a_hand_can_be_drawn_for_any_count() -> None:
    board = shogi(fen="4k4/9/9/9/9/9/9/9/4K4[PPPPPPPPPPRRppl] w - - 0 1")
    lines = display.diagram(board).splitlines()
    assert lines[0] == "    Black's hand: l, p x2"
    assert lines[-1] == "    White's hand: R x2, P x10"


# -- the command line ------------------------------------------------------------------------------


def test_perft_of_xiangqi() -> None:
    result = meiriqi_cli("perft", "3", "--variant", "xiangqi")
    assert result.returncode == 0 and result.stdout == "79666\n"


def test_variant_list_names_the_reference_games() -> None:
    result = meiriqi_cli("--variant", "list")
    assert result.returncode == 0
    for name in ("chess", "xiangqi", "shogi"):
        assert f"{name} " in result.stdout
    assert "Shogi" in meiriqi_cli("--help").stdout


@pytest.mark.parametrize("variant", ["chess", "xiangqi", "shogi"])
def test_selfplay_of_each_reference_game(variant: str) -> None:
    # Depth 1 without random openings is deterministic: the same record every run.
    args = ("--games", "1", "--depth", "1", "--opening-plies", "0", "--max-plies", "20")
    result = meiriqi_cli("selfplay", "--variant", variant, *args)
    assert result.returncode == 0, result.stderr
    game = pgn.read_game(io.StringIO(result.stdout))
    assert game is not None and game.headers["Result"] == "*"
    assert game.headers["Variant"] == meiriqi.Board(variant=variant).variant_title
    assert '[PlyCount "20"]' in result.stdout
    assert game.errors == [] and len(game.mainline_moves()) == 20


def test_selfplay_of_shogi_in_time() -> None:
    # A self-play of Shogi in time, cut at 4 plies: no side can hold a piece while making a quiet
    # move before ply 5, so the SAN problem below (test_san_of_a_quiet_move_with_a_piece_in_hand)
    # cannot stop it.
    args = ("--games", "1", "--time", "0.01", "--max-plies", "4")
    result = meiriqi_cli("selfplay", "--variant", "shogi", *args)
    assert result.returncode == 0 and '[Variant "Shogi"]' in result.stdout


# -- records of drop games -------------------------------------------------------------------------


def test_san_of_a_quiet_move_with_a_piece_in_hand() -> None:
    """A drop on the target square is no rival to disambiguate against (it was taken for one)."""
    board = shogi("c4", "g6", "Bxh8=+", "Sxh8")  # White holds a Bishop
    move = board.parse_san("a4")
    assert board.san(move) == "a4"
    game = selfplay.record(board, round_number=1, max_plies=4)
    assert "2. Bxh8=+ Sxh8" in str(game)
    played = selfplay.play_game(rng=random.Random(3), depth=1, max_plies=40, variant="shogi")
    assert "@" in str(selfplay.record(played, round_number=1, max_plies=40))


def test_a_shogi_record_with_drops_reads_back() -> None:
    """Drops (``B@e5``), ``+`` promotions (``=+``) and promoted pieces (``+B``) read back."""
    board = shogi("c4", "g6", "Bxh8=+", "Sxh8", "B@e5", "Sg7", "Bxc7=+", "Gd8", "+Bxb8")
    game = pgn.read_game(io.StringIO(str(pgn.Game.from_board(board))))
    assert game is not None and game.errors == []
    assert game.end().board().fen() == board.fen()
