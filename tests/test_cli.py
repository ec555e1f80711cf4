"""The command line: ``perft``, ``convert``, ``selfplay`` and the default ``play``."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import meiriqi
from meiriqi import catalog, perft_split, pgn, selfplay
from meiriqi.cli import main

MATE_IN_ONE = "9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1"


def run(argv: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGV`` as a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "meiriqi", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


# -- perft -----------------------------------------------------------------------------------------


def test_perft(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "2"]) == 0
    assert capsys.readouterr().out == "1934\n"
    assert main(["perft", "2", "--threads", "1", "--time"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "1934\n"
    assert "nodes/s" in captured.err


def test_perft_divide_and_fen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "1", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 44 + 2
    assert "c3c4: 1" in lines
    assert lines[-1] == "Nodes: 44"
    assert main(["perft", "1", "--fen", MATE_IN_ONE]) == 0
    assert capsys.readouterr().out == f"{len(meiriqi.Board(MATE_IN_ONE).legal_moves)}\n"


def test_perft_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "1", "--fen", "nonsense"]) == 2
    assert capsys.readouterr().err.startswith("meiriqi perft: invalid FEN")
    for argv, message in [
        (["perft", "x"], "invalid depth 'x': expected a whole number"),
        (["perft", "21"], "invalid depth 21: expected 0 to 20"),
        (["perft", "1", "--threads", "0"], "invalid thread count 0: expected 1 or more"),
    ]:
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        assert message in capsys.readouterr().err


# -- convert ---------------------------------------------------------------------------------------

RECORD = """[Event "Test"]

1. c4 Nb7 2. e4 *
"""


def test_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.pgn"
    source.write_text(RECORD, encoding="utf-8")
    assert main(["convert", str(source)]) == 0
    out = capsys.readouterr().out
    assert '[Event "Test"]' in out
    assert '[Variant "Meiriqi"]' in out
    assert "1. c4 Nb7 2. e4 *" in out
    target = tmp_path / "out.pgn"
    assert main(["convert", str(source), "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == out
    assert main(["convert", str(source), "--fen"]) == 0
    board = meiriqi.Board()
    for move in ("c4", "Nb7", "e4"):
        board.push_san(move)
    assert capsys.readouterr().out == board.fen() + "\n"


def test_convert_reports_errors_with_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.pgn"
    source.write_text("1. c4 Qz9 *\n", encoding="utf-8")
    assert main(["convert", str(source)]) == 1
    err = capsys.readouterr().err
    assert "line 1, column 7: invalid san 'Qz9'" in err
    assert f"meiriqi convert: 1 error(s) in {source}" in err


def test_convert_reads_standard_input() -> None:
    result = run(["convert", "-", "--fen"], stdin=RECORD)
    assert result.returncode == 0
    assert result.stdout.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["convert", "/no/such/file.pgn"], "meiriqi convert: cannot read '/no/such/file.pgn'"),
        (["convert", "-", "-o", "/no/such/dir/x.pgn"], "meiriqi convert: cannot write"),
    ],
)
def test_convert_file_errors_are_clear(argv: list[str], message: str) -> None:
    result = run(argv)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert "No such file or directory" in result.stderr
    assert "Traceback" not in result.stderr


# -- selfplay --------------------------------------------------------------------------------------


def test_selfplay_writes_complete_records(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    argv = ["selfplay", "--games", "3", "--depth", "1", "--max-plies", "12", "--seed", "7"]
    result = run([*argv, "--out", str(out)])
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "[####################] 3/3 games" in result.stderr
    assert "3 games (*: 3)" in result.stderr
    text = out.read_text(encoding="utf-8")
    with out.open(encoding="utf-8") as handle:
        games = list(iter(lambda: pgn.read_game(handle), None))
    assert len(games) == 3
    for number, game in enumerate(games, 1):
        assert game.errors == []
        assert game.headers["Variant"] == "Meiriqi"
        assert game.headers["Round"] == str(number)
        assert game.headers["Result"] == "*"
        assert game.headers["Termination"] == "adjudication"
        assert game.headers["PlyCount"] == "12"
        assert len(game.mainline_moves()) == 12
        assert game.end().comment == "stopped at the limit of 12 plies; no result"
    again = tmp_path / "again.pgn"
    assert run([*argv, "--out", str(again)]).returncode == 0
    assert again.read_text(encoding="utf-8") == text, "the same seed plays the same games"


def test_selfplay_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["selfplay", "--games", "2", "--depth", "1", "--max-plies", "4", "--seed", "1"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out.count('[Variant "Meiriqi"]') == 2
    lines = captured.err.splitlines()
    assert lines[0] == "[....................] 0/2 games"
    assert re.fullmatch(r"\[##########\.{10}\] 1/2 games, about \d+:\d\d:\d\d left", lines[1])
    assert lines[2] == "[####################] 2/2 games"


def test_selfplay_opening_plies_make_games_differ() -> None:
    boards = [
        selfplay.play_game(rng=rng, depth=1, max_plies=6, opening_plies=2)
        for rng in (random.Random(1), random.Random(2))
    ]
    assert boards[0].move_stack[:2] != boards[1].move_stack[:2]
    assert all(board.ply() == 6 for board in boards)


def test_selfplay_record_of_a_finished_game() -> None:
    board = meiriqi.Board(MATE_IN_ONE)
    board.push_san("Rb10")
    game = selfplay.record(board, round_number=4, max_plies=100)
    assert game.headers["Result"] == "1-0"
    assert game.headers["Termination"] == "checkmate"
    assert game.headers["FEN"] == MATE_IN_ONE
    assert game.headers["Round"] == "4"
    assert "1. Rb10# 1-0" in str(game)


def test_progress_bar() -> None:
    assert selfplay.progress_bar(5, 10, width=10) == "[#####.....] 5/10 games"
    assert selfplay.progress_bar(1, 4, seconds_left=83.4).endswith("1/4 games, about 0:01:23 left")
    assert selfplay.progress_bar(0, 3) == "[" + "." * 20 + "] 0/3 games"


def test_selfplay_run_counts_results() -> None:
    out, progress = io.StringIO(), io.StringIO()
    results = selfplay.run(2, out, progress=progress, seed=3, depth=1, max_plies=2)
    assert results == {"*": 2}
    assert progress.getvalue().endswith("[####################] 2/2 games\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["selfplay", "--games", "0"], "invalid game count 0: expected 1 or more"),
        (["selfplay", "--time", "x"], "invalid time 'x': expected a number of seconds"),
        (["selfplay", "--time", "-1"], "invalid time -1: expected more than 0 seconds"),
        (["selfplay", "--time", "inf"], "invalid time inf: expected more than 0 seconds"),
        (["selfplay", "--max-plies", "0"], "invalid ply limit 0: expected 1 or more"),
        (["selfplay", "--depth", "0"], "invalid depth 0: expected 1 to 99"),
    ],
)
def test_selfplay_bad_options(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_selfplay_cannot_write() -> None:
    result = run(["selfplay", "--games", "1", "--out", "/no/such/dir/g.pgn"])
    assert result.returncode == 2
    assert result.stderr.startswith("meiriqi selfplay: cannot write '/no/such/dir/g.pgn'")


# -- play is the default ---------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [[], ["--no-color"], ["play", "--no-color"]])
def test_play_is_the_default(argv: list[str]) -> None:
    result = run(argv, stdin="fen\n")
    assert result.returncode == 0
    assert f"1. White> fen\n{meiriqi.STARTING_FEN}\n" in result.stdout
    assert "White (you) against Black (computer)" in result.stdout


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "selfplay", "convert", "perft"):
        assert command in out


def help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The help that ``meiriqi ARGV`` prints."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def aligned_listing(lines: list[str], indent: str = "") -> dict[str, str]:
    """The variants of a listing whose descriptions all start in column 22 (after ``indent``),
    with their descriptions; fails for any line out of the column."""
    column = len(indent) + 22
    listed: dict[str, str] = {}
    for line in lines:
        assert line.startswith(indent) and len(line) <= 80, line
        name, text = line[:column].strip(), line[column:]
        if name and (" " in name or (text and line[column - 2 : column] != "  ")):
            name, text = line.strip(), ""  # a name too long for the column, alone on its line
        assert not text.startswith(" "), f"out of the column: {line!r}"
        if name:
            listed[name] = text
        else:
            listed[list(listed)[-1]] += f" {text}"
    return {name: text.strip() for name, text in listed.items()}


def test_help_lists_the_variants_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    out = help_text(["--help"], capsys)
    listing = out.split("Variants (--variant NAME):\n")[1].split("\n\n")[0]
    assert aligned_listing(listing.splitlines(), indent="  ") == meiriqi.Board.variants()


def test_variant_list_aligns_the_descriptions(capsys: pytest.CaptureFixture[str]) -> None:
    # Every variant offered: the built-in ones and any an earlier test loaded in this process.
    offered = catalog.variants()
    assert main(["variant", "list"]) == 0
    listing = aligned_listing(capsys.readouterr().out.splitlines())
    assert listing == offered
    # The player's 'variant' lists them the same way.
    session_out = io.StringIO()
    meiriqi.repl.Session(out=session_out).do_variant("")
    lines = session_out.getvalue().splitlines()
    assert lines[0] == "playing Mĕirìqí (meiriqi); the variants:"
    assert aligned_listing(lines[1:], indent="  ") == offered


@pytest.mark.parametrize("columns", ["60", "80", "100"])
def test_variant_help_breaks_no_name_and_no_quote(
    columns: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    for command in ("play", "selfplay", "match", "perft"):
        out = help_text([command, "--help"], capsys)
        assert "'--variant list'" in out
        words = set(out.replace(",", " ").split())
        assert set(meiriqi.Board.variants()) <= words, f"a name was broken in {command} --help"


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.parametrize("divide", [False, True])
def test_perft_shows_its_progress_on_a_terminal(
    divide: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    import pty

    argv = ["perft", "5", "--threads", "2", *(["--divide"] if divide else [])]
    assert main(argv) == 0
    plain = capsys.readouterr()
    assert plain.err == "", "no progress bar off a terminal"
    controller, terminal = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "meiriqi", *argv], stdout=subprocess.PIPE, stderr=terminal
    ) as process:
        os.close(terminal)
        shown = b""
        while chunk := read_terminal(controller):
            shown += chunk
        out = process.stdout.read() if process.stdout else b""
        assert process.wait(timeout=300) == 0
    os.close(controller)
    assert out.decode() == plain.out
    bars = shown.decode().split("\r")
    total = len(perft_split.split(meiriqi.Board(), 5, perft_split.STEPS))
    assert bars[1].startswith(f"[....................] 1/{total} subtrees, about ")
    assert bars[-2].startswith(f"[###################.] {total - 1}/{total} subtrees, about ")
    assert bars[-1] == "\x1b[K", "the bar is wiped out at the end"


def read_terminal(controller: int) -> bytes:
    """What the terminal shows next, ``b""`` once no process holds it open."""
    try:
        return os.read(controller, 65536)
    except OSError:  # EIO: the other side is closed
        return b""


# The head of a game XBoard 4.9.1 saved (engine against engine, `-variant meiriqi`): its ranks
# count from 0, so its 1. Sf2 is our 1. Sf3.
XBOARD_GAME = """[Event "Computer Chess Game"]
[Site "vm"]
[Date "2026.12.01"]
[Round "1"]
[White "meiriqi"]
[Black "meiriqi"]
[Result "*"]
[TimeControl "40/300"]
[Variant "meiriqi"]
[VariantMen "I:fsmWfcF;N:N;R:R;Q:Q;E:fBbRfsWbF2;C:WDA;W:NC;M:F;O:sRvW;J:NB;G:WfF;L:DAcK;S:FfW;K:K"]
[FEN "1pyehw1mkm/ngslsgn3/i1i1i1i1s1/7iii/10/10/7III/I1I1I1I1S1/NGSLSGN3/1PYEHW1MKM w - - 0 1"]
[SetUp "1"]

{--------------
. p y e h w . m k m
white to play
--------------}
1. Sf2 {+0.33/5} Lb6 {+0.00/5 1.0} 2. Pd3 {+0.24/5} Ld6 {-0.09/5} 3. Ph2
{+0.36/5} Sed7 {-0.06/5} 4. We3 {+0.36/5} Lf4 {-0.30/5} *
"""
OUR_MOVES = "1. Sf3 Lb7 2. Pd4 Ld7 3. Ph3 Sed8 4. We4 Lf5"


def converted(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``meiriqi convert --fen`` of ``text``: the status, and the moves of the game written
    (without comments) then standard error."""
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    status = main(["convert", str(path)])
    out, err = capsys.readouterr()
    games = []
    for game in out.split("\n\n[")[:1]:
        record = pgn.read_game(io.StringIO(game))
        assert record is not None
        games.append(record.board().variation_san(record.mainline_moves()))
    return status, " ".join(games) + "\n" + err


def test_convert_reads_a_game_saved_by_xboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, result = converted(XBOARD_GAME, tmp_path, capsys)
    assert status == 0, result
    moves, err = result.split("\n", 1)
    assert moves == OUR_MOVES
    assert err == (
        f"meiriqi convert: {tmp_path / 'games.pgn'}: the game from line 1 numbers the ranks from "
        "0, as XBoard saves a board of ten ranks: read with ranks 1 to 10\n"
    )


def test_convert_tells_xboard_s_numbering_by_its_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without XBoard's VariantMen tag, a move to rank 0 tells (here the fifth: ours Gf1).
    text = XBOARD_GAME.replace("[VariantMen", "[Other").replace("Lf4 {-0.30/5}", "Lf4 5. Gf0")
    status, result = converted(text, tmp_path, capsys)
    assert status == 0, result
    assert result.startswith(f"{OUR_MOVES} 5. Gf1\n")
    # A move to rank 10 says the numbering is ours: nothing is renumbered.
    ours = '[Variant "Meiriqi"]\n\n1. e5 Sb8 2. h5 Wc9 3. ii5 Sf10+ *\n'
    assert converted(ours, tmp_path, capsys) == (0, "1. e5 Sb8 2. h5 Wc9 3. ii5 Sf10+\n")
    # A chess game is never renumbered.
    chess = '[Variant "chess"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'
    assert converted(chess, tmp_path, capsys) == (0, "1. e4 e5 2. Nf3 Nc6\n")


def test_convert_names_the_numbering_it_cannot_tell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # XBoard's moves without its tag and without a rank 0 or 10: read as ours, and refused.
    text = XBOARD_GAME.replace("[VariantMen", "[Other")
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    assert main(["convert", str(path)]) == 1
    err = capsys.readouterr().err
    assert "illegal move 'Sf2'" in err
    assert err.endswith(
        "meiriqi convert: note: 1 game of a board of ten ranks named no square on rank 0 or rank "
        "10, so the ranks were read as numbered from 1 (a game saved by XBoard numbers them "
        "from 0)\n"
    )
