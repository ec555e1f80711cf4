"""The interactive player, driven as a subprocess with scripted input, and its parts in-process:
the diagram, the terminal detection, completion, levels and the engine adapter."""

from __future__ import annotations

import _thread
import io
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import meiriqi
from meiriqi import display, engine, repl

MATE_IN_ONE = "9k/R9/10/10/10/10/10/10/10/1R5K2 w - - 0 1"
"""White mates with Rb10; Rb9 is ambiguous (either Rook can go there)."""

STALEMATE_IN_ONE = "9k/R9/10/10/10/10/4R5/10/10/7K2 w - - 0 1"
"""White wins by stalemate with Ri4."""


def play(*lines: str, args: tuple[str, ...] = ("--black", "human"), status: int = 0) -> str:
    """The standard output of ``meiriqi play --no-color ARGS`` fed ``lines``; checks the exit
    status and that nothing went to standard error."""
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "play", "--no-color", *args],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr
    if status == 0:
        assert result.stderr == ""
    return result.stdout if status == 0 else result.stderr


def errors(output: str) -> list[str]:
    """The error lines of a session's output."""
    return [line for line in output.splitlines() if line.startswith("error: ")]


# -- a game to the end ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", meiriqi.Board.variants())
def test_the_greeting_keeps_within_80_columns(variant: str) -> None:
    output = play(args=("--variant", variant, "--black", "computer", "--depth", "1"))
    greeting = output.splitlines()[:2]
    assert greeting[0].endswith("White (you) against Black (computer).")
    assert greeting[1].startswith("Type a move (")
    assert max(len(line) for line in greeting) <= 80, greeting


def test_start_shows_the_board_and_end_of_input_quits() -> None:
    output = play()
    assert "Meiriqi: White (you) against Black (you)" in output
    assert " 10   .   p   y   e   h   w   . | m   k   m" in output
    assert output.rstrip().endswith("1. White>")


def test_checkmate_is_announced() -> None:
    output = play(f"fen {MATE_IN_ONE}", "Rb10", "c4")
    assert "1. Rb10#" in output
    assert "Checkmate: White wins, 1-0." in output
    assert "game over> c4" in output
    assert errors(output)[0].startswith("error: the game is over. Checkmate: White wins, 1-0.")


def test_stalemate_wins_for_the_side_that_delivered_it() -> None:
    output = play(f"fen {STALEMATE_IN_ONE}", "Ri4")
    assert "Stalemate: Black has no legal move." in output
    assert "stalemate wins for the side that delivered it: White wins, 1-0." in output


def test_the_computer_finishes_a_game() -> None:
    output = play(args=("--fen", MATE_IN_ONE, "--white", "computer", "--depth", "2"))
    assert "1. Rb10# (computer)" in output
    assert "Checkmate: White wins, 1-0." in output
    assert output.rstrip().endswith("game over>")


def test_a_short_game_against_the_computer() -> None:
    output = play("c4", "Nb4", "quit", args=("--depth", "1"))
    assert "1. c4\n" in output
    assert output.count(" (computer)\n") == 2
    assert output.rstrip().endswith("3. White> quit")


# -- moves ---------------------------------------------------------------------------------------


def test_san_coordinates_and_several_moves_on_a_line() -> None:
    output = play("c3c4", "Nb7 2. e4", "fen")
    assert "1. c4\n" in output
    assert "1... Nb7\n" in output
    assert "2. e4\n" in output
    assert "Last move: 2. e4" in output
    assert "2... Black>" in output


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            "zz9",
            "error: invalid san 'zz9': it does not end with a destination square such as e4 "
            "(then a promotion, '+' or '#'); a move is SAN (c4, Nb4, Lxe5, Sd8=O) or coordinates",
        ),
        ("Rc5", "error: illegal move 'Rc5': no legal rook move matches; no legal move reaches c5"),
        ("Rb9", "error: ambiguous move 'Rb9': could be Rab9, Rbb9; add the origin file or rank"),
        ("a1a2", "error: illegal move 'a1a2'"),
    ],
)
def test_bad_moves_say_what_is_wrong_and_what_is_accepted(move: str, message: str) -> None:
    output = play(f"fen {MATE_IN_ONE}", move, "Rb10")
    assert errors(output)[0].startswith(message)
    assert MATE_IN_ONE.split()[0] not in errors(output)[0], "the FEN is left out of the message"
    assert "1. Rb10#" in output, "the session goes on"


def test_a_bad_move_stops_the_rest_of_its_line() -> None:
    output = play("c4 Nq7 e4", "fen")
    assert "1. c4\n" in output
    assert "error: invalid san 'Nq7'" in output
    assert "1... Black>" in output.splitlines()[-1]


def test_unknown_command() -> None:
    (error,) = errors(play("hlep"))
    assert error.startswith("error: unknown command 'hlep'; the commands are help, moves, undo")
    assert "c3c4" in error


def test_moves_lists_all_or_one_piece() -> None:
    output = play("moves", "moves c3", "moves B2")
    assert "44 legal moves for White:" in output
    assert "  Gb3 Gf3 Kh2" in output
    assert "White's pawn on c3: 4 legal moves:\n  c4 c5 cb3 cd3" in output
    assert "White's gold on b2: 1 legal move:\n  Gb3\n" in output


@pytest.mark.parametrize(
    ("square", "message"),
    [
        ("e5", "error: no piece on e5: 'moves SQUARE' names a square with a piece"),
        ("b9", "error: the gold on b9 is Black's and it is White's move"),
        ("k11", "error: no square 'k11': squares go from a1 to j10"),
        ("z", "error: no square 'z': squares go from a1 to j10"),
    ],
)
def test_moves_of_a_square_without_a_piece_to_move(square: str, message: str) -> None:
    assert errors(play(f"moves {square}")) == [message]


def test_moves_of_a_piece_without_moves() -> None:
    assert "White's eagle on d1: 0 legal moves.\n" in play("moves d1")


# -- taking back -----------------------------------------------------------------------------------


def test_undo_and_redo() -> None:
    output = play("c4 Nb7", "undo", "undo", "redo", "redo", "redo", "undo 2", "fen")
    assert "took back 1... Nb7\n" in output
    assert "took back 1. c4\n" in output
    assert errors(output) == [
        "error: nothing to redo: 'redo' replays moves that 'undo' took back",
        "error: 'undo' takes no argument (help: take back your last move (and the computer's "
        "reply))",
    ]
    assert "2. White> fen\n1pyehw1mkm/1gslsgn3/" in output


def test_undo_with_nothing_to_undo() -> None:
    (error,) = errors(play("undo"))
    assert error == "error: nothing to undo: no move has been played since the position was set up"


def test_undo_takes_back_the_computers_reply_too() -> None:
    output = play("c4", "undo", "fen", args=("--depth", "1"))
    assert "took back 1... " in output
    assert "took back 1. c4" in output
    assert f"1. White> fen\n{meiriqi.STARTING_FEN}" in output


def test_a_new_move_forgets_the_moves_taken_back() -> None:
    output = play("c4", "undo", "e4", "redo")
    assert errors(output) == ["error: nothing to redo: 'redo' replays moves that 'undo' took back"]


# -- positions and files ---------------------------------------------------------------------------


def test_fen_shows_and_sets_up_and_new_starts_again() -> None:
    output = play("fen", f"fen {MATE_IN_ONE}", "fen", "new", "fen")
    fens = [line for line in output.splitlines() if line.count("/") == 9 and ">" not in line]
    assert fens == [meiriqi.STARTING_FEN, MATE_IN_ONE, meiriqi.STARTING_FEN]


def test_bad_fen() -> None:
    (error,) = errors(play("fen 10/10 w"))
    assert error.startswith("error: invalid FEN: board field has 2 ranks")
    assert f"A FEN looks like: {meiriqi.STARTING_FEN}" in error


def test_save_and_load(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    saved = play("c4 Nb7", f"save {record}")
    assert f"saved 2 plies to {record}" in saved
    text = record.read_text(encoding="utf-8")
    assert '[Variant "Meiriqi"]' in text
    assert '[White "Human"]' in text
    assert "1. c4 Nb7 *" in text
    loaded = play(f"load {record}", "undo", "fen")
    assert f"loaded 2 plies from {record}" in loaded
    assert "took back 1... Nb7" in loaded
    assert "Last move: 1... Nb7" in loaded


def test_a_saved_finished_game_records_how_it_ended(tmp_path: Path) -> None:
    record = tmp_path / "mate.pgn"
    play(f"fen {STALEMATE_IN_ONE}", "Ri4", f"save {record}")
    text = record.read_text(encoding="utf-8")
    assert '[Result "1-0"]' in text
    assert '[Termination "stalemate"]' in text
    assert f'[FEN "{STALEMATE_IN_ONE}"]' in text


def test_load_reports_the_problems_of_a_record(tmp_path: Path) -> None:
    record = tmp_path / "broken.pgn"
    record.write_text("1. c4 Nb7 2. Qz9 e5 *\n", encoding="utf-8")
    output = play(f"load {record}")
    assert f"warning: {record}: line 1, column 14: invalid san 'Qz9'" in output
    assert f"loaded 2 plies from {record}" in output


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("load /no/such/file.pgn", "error: cannot read '/no/such/file.pgn': No such file"),
        ("save /no/such/dir/file.pgn", "error: cannot use file '/no/such/dir/file.pgn': No such"),
        ("load", "error: 'load' needs a file name: load FILE"),
        ("save", "error: 'save' needs a file name: save FILE"),
    ],
)
def test_file_errors(command: str, message: str) -> None:
    (error,) = errors(play(command))
    assert error.startswith(message)


def test_load_refuses_what_is_no_record(tmp_path: Path) -> None:
    """Read within limits: a device, a huge line, a binary file cannot end the player."""
    (tmp_path / "one-line.pgn").write_text("c4 " * 50_000, encoding="utf-8")
    (tmp_path / "binary.pgn").write_bytes(bytes(range(128, 256)) * 10)
    (tmp_path / "nul.pgn").write_bytes(b"1. c4 \0 Nb7 *\n")
    with (tmp_path / "huge.pgn").open("wb") as huge:
        huge.truncate(10_000_001)  # sparse: no disk space used
    files: list[str | Path] = [
        *("/dev/zero", tmp_path, "one-line.pgn", "binary.pgn", "nul.pgn", "huge.pgn", "no.pgn")
    ]
    paths = [tmp_path / name for name in files]
    output = play(*(f"load {path}" for path in paths), "c4", "save")
    assert errors(output) == [
        "error: /dev/zero is not a file (a device or a pipe?)",
        f"error: {tmp_path} is a directory, not a game record",
        f"error: {paths[2]}, line 1: longer than 100,000 characters, so not a game record",
        f"error: {paths[3]}, line 1: not UTF-8 text (a binary file?), so not a game record",
        f"error: {paths[4]}, line 1: holds a NUL character (a binary file?), so not a game record",
        f"error: {paths[5]} holds 10,000,001 bytes, more than a game record (10,000,000 at most)",
        f"error: cannot read '{paths[6]}': No such file or directory",
        "error: 'save' needs a file name: save FILE",
    ]
    assert "1. c4" in output, "the session went on"


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("zero", None, "/dev/zero, line 1: longer than 100,000 characters"),
        ("one-line.pgn", "c4 " * 50_000, "one-line.pgn, line 3: longer than 100,000 characters"),
        ("binary.pgn", bytes(range(128, 256)) * 10, "binary.pgn, line 1: not UTF-8 text"),
    ],
)
def test_convert_refuses_what_is_no_record(
    name: str, content: str | bytes | None, message: str, tmp_path: Path
) -> None:
    path = Path("/dev/zero") if content is None else tmp_path / name
    if isinstance(content, str):
        path.write_text(f'[Event "x"]\n\n{content}\n', encoding="utf-8")
    elif content is not None:
        path.write_bytes(content)
    result = subprocess.run(
        [sys.executable, "-m", "meiriqi", "convert", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("meiriqi convert: ") and message in result.stderr
    assert "Traceback" not in result.stderr


def test_load_of_a_file_without_a_game(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pgn"
    empty.write_text("\n", encoding="utf-8")
    assert errors(play(f"load {empty}")) == [f"error: {empty} holds no game"]


# -- the computer --------------------------------------------------------------------------------


def test_go_hint_level_and_auto() -> None:
    output = play(
        "level", "level depth 1", "hint", "fen", "go", "auto", "auto black", "c4", "auto off"
    )
    assert "level: 1 s per move" in output
    assert "level: depth 1" in output
    assert "hint: " in output
    assert f"1. White> fen\n{meiriqi.STARTING_FEN}" in output, "a hint plays nothing"
    assert "1. White> go\n1. " in output
    assert "(computer)" in output
    assert "the computer plays no side" in output
    assert "the computer plays Black" in output
    assert "2. White> c4\n2. c4\n2... " in output
    assert output.count(" (computer)\n") == 3


def test_auto_both_plays_to_the_end() -> None:
    output = play(f"fen {STALEMATE_IN_ONE}", "level depth 2", "auto both")
    assert "the computer plays White and Black" in output
    assert "(computer)" in output
    assert output.rstrip().endswith("game over>")


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("level fast", "error: bad level 'fast': use 'level 2s' (seconds per move), 'level 500ms'"),
        ("level depth 0", "error: bad level 'depth 0'"),
        ("level 0s", "error: bad level '0s': the time per move must be above 0"),
        ("auto purple", "error: bad side 'purple': use 'auto white', 'black', 'both' or 'off'"),
    ],
)
def test_bad_settings(command: str, message: str) -> None:
    (error,) = errors(play(command))
    assert error.startswith(message)


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("2s", repl.Level(time=2.0)),
        ("2", repl.Level(time=2.0)),
        ("0.5", repl.Level(time=0.5)),
        ("500ms", repl.Level(time=0.5)),
        ("time 3", repl.Level(time=3.0)),
        ("depth 4", repl.Level(time=None, depth=4)),
        ("DEPTH  12", repl.Level(time=None, depth=12)),
    ],
)
def test_parse_level(text: str, level: repl.Level) -> None:
    assert repl.parse_level(text) == level


def test_levels_read_as_words() -> None:
    assert str(repl.Level(time=1.0)) == "1 s per move"
    assert str(repl.Level(time=0.25)) == "0.25 s per move"
    assert str(repl.Level(time=None, depth=3)) == "depth 3"


def test_level_tells_the_strength_in_plain_words() -> None:
    assert repl.strength(repl.Level(None, 1)) == (
        "depth 1: very easy: the computer looks 1 ply ahead (its own move, and the captures "
        "that follow)"
    )
    assert repl.strength(repl.Level(None, 2)).startswith("depth 2: very easy: the computer ")
    assert repl.lookahead(2) == "2 plies ahead (1 of its moves and 1 of yours)"
    assert repl.lookahead(5) == "5 plies ahead (3 of its moves and 2 of yours)"
    hardness = [repl.strength(repl.Level(None, plies)).split(": ")[1] for plies in range(1, 13)]
    assert hardness == [
        *["very easy"] * 2, *["easy"] * 2, *["medium"] * 2, *["hard"] * 3, *["very hard"] * 3
    ]  # fmt: skip
    out = io.StringIO()
    session = repl.Session(out=out, level=repl.Level(time=0.2))
    session.do_level("")
    assert "level: 0.2 s per move: the computer looks as far ahead as it can in that time" in (
        " ".join(out.getvalue().split())
    )
    session.do_go("")
    out.seek(0)
    out.truncate()
    session.do_level("")
    reached = session.reached
    assert reached is not None and reached >= 1
    text = " ".join(out.getvalue().split())
    assert f" here: its last search looked {repl.lookahead(reached)}" in text
    session.do_level("depth 3")
    assert session.reached is None, "a new level has not searched yet"
    assert all(len(line) <= 80 for line in out.getvalue().splitlines())


class Script:
    """Lines for :meth:`repl.Session.run` to read (then the end of input), with the prompts
    it showed."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_while_the_computer_thinks_makes_it_move_now() -> None:
    out = io.StringIO()
    session = repl.Session(out=out, computer=[meiriqi.WHITE], level=repl.Level(time=60))
    threading.Timer(0.5, _thread.interrupt_main).start()
    started = time.perf_counter()
    script = Script()
    session.run(script)
    assert time.perf_counter() - started < 30, "it moved long before its minute was up"
    text = out.getvalue()
    assert (
        "\n(thinking cut short: its best move so far; Ctrl-C again gives the prompt back)\n1. "
        in text
    )
    (move,) = session.board.move_stack
    assert f"1. {meiriqi.Board().san(move)} (computer)" in text
    assert script.prompts == ["1... Black> "]
    assert session.computer == {meiriqi.WHITE}
    assert session.reached is None, "a hurried search does not tell how far the level looks"


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_second_ctrl_c_gives_the_prompt_back_and_the_computer_plays_on() -> None:
    out = io.StringIO()
    both = [meiriqi.WHITE, meiriqi.BLACK]
    session = repl.Session(out=out, computer=both, level=repl.Level(time=60))
    for seconds in (0.5, 2.5):  # White is hurried; then Black, thinking, is interrupted
        threading.Timer(seconds, _thread.interrupt_main).start()
    script = Script()
    started = time.perf_counter()
    session.run(script)
    assert time.perf_counter() - started < 45
    text = out.getvalue()
    assert text.count("(thinking cut short") == 1
    assert len(session.board.move_stack) == 1, "Black's move was not played"
    assert (
        "\n(interrupted: the computer still plays Black; press Enter to let it move, or type "
        "'auto off' to play on yourself)\n" in text
    )
    assert script.prompts == ["1... Black> "]
    assert session.computer == set(both)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_during_a_hint_gives_the_best_move_so_far() -> None:
    out = io.StringIO()
    session = repl.Session(out=out, level=repl.Level(time=60))
    threading.Timer(0.5, _thread.interrupt_main).start()
    session.do_hint("")
    assert re.search(r"\nhint: \S+ \([a-l][0-9]+[a-l][0-9]+\)\n$", out.getvalue())
    assert session.board.move_stack == []


class Interrupted(meiriqi.Board):
    """A board whose long searches are interrupted (Ctrl-C) after ``iterations`` iterations; a
    search of one ply is not."""

    iterations = 0

    def search(self, *args: object, **limits: object) -> meiriqi.SearchResult:
        if limits.get("depth") == 1:
            return super().search(depth=1)
        info = limits["info"]
        assert callable(info)
        for depth in range(1, self.iterations + 1):
            info(super().search(depth=depth))
        raise KeyboardInterrupt


@pytest.mark.parametrize("iterations", [0, 2])
def test_a_hurried_search_plays_its_last_iteration_or_a_quick_one(iterations: int) -> None:
    board = Interrupted()
    board.iterations = iterations
    decision = engine.decide(board, time=60)
    assert (decision.depth, decision.hurried) == (max(iterations, 1), True)
    assert decision.move == meiriqi.Board().search(depth=max(iterations, 1)).move
    unhurried = engine.decide(meiriqi.Board(), depth=2)
    best = meiriqi.Board().search(depth=2).move
    assert best is not None
    assert unhurried == engine.Decision(best, 2, hurried=False)


def test_engine_uses_the_search() -> None:
    board = meiriqi.Board(MATE_IN_ONE)
    assert engine.best_move(board, depth=2) == board.parse_san("Rb10")
    board.push_san("Rb10")
    with pytest.raises(ValueError, match="the game is over"):
        engine.best_move(board, depth=1)


# -- other commands --------------------------------------------------------------------------------


def test_help() -> None:
    output = play("help", "help undo", "help nope", "?")
    words = " ".join(output.split())
    for name, (usage, summary) in repl.COMMANDS.items():
        assert f"  {usage}" in output, name
        assert summary in words
    assert "undo: take back your last move (and the computer's reply)" in output
    assert errors(output) == ["error: no command or piece 'nope' (see 'help' and 'help pieces')"]
    assert output.count("Moves: SAN such as c4") == 2


def test_flip_and_show() -> None:
    output = play("flip", "show", "flip")
    boards = [line for line in output.splitlines() if line.startswith(("  1 ", " 10 "))]
    upright, flipped = [" 10 ", "  1 "], ["  1 ", " 10 "]
    assert [line[:4] for line in boards] == upright + flipped + flipped + upright
    assert "      j   i   h   g   f   e   d   c   b   a" in output


@pytest.mark.parametrize("command", ["quit", "exit", "QUIT"])
def test_quit(command: str) -> None:
    output = play(command, "c4")
    assert output.rstrip().endswith(f"1. White> {command}")


def test_ctrl_c_at_the_prompt_does_not_end_the_session() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "meiriqi", "play", "--no-color", "--black", "human"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Ctrl-C's default handling, also when the tests run in the background (ignoring it).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    stdout = process.stdout
    assert stdout is not None
    seen = b""

    def read_until(prompts: int) -> None:
        """Reads the output until it holds ``prompts`` prompts (or 20 s have passed)."""
        nonlocal seen
        deadline = time.monotonic() + 20
        while seen.count(b"1. White> ") < prompts and time.monotonic() < deadline:
            if select.select([stdout], [], [], 0.1)[0]:
                seen += os.read(stdout.fileno(), 65536)

    read_until(1)
    time.sleep(0.3)  # input() loses a pipe when a signal lands while its prompt is written
    process.send_signal(signal.SIGINT)
    read_until(2)
    out, err = process.communicate(b"c4\nquit\n", timeout=20)
    text = (seen + out).decode()
    assert process.returncode == 0
    assert b"Traceback" not in err
    assert "1. White> \n(interrupted: type 'quit' or press Ctrl-D to leave)\n1. White> c4" in text
    assert "1. c4" in text


def test_ctrl_c_at_the_terminal_hurries_the_computer_then_gives_the_prompt_back() -> None:
    both = ("--white", "computer", "--black", "computer", "--time", "60")
    process = subprocess.Popen(
        [sys.executable, "-m", "meiriqi", "play", "--no-color", *both],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Ctrl-C's default handling, also when the tests run in the background (ignoring it).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    stdout = process.stdout
    assert stdout is not None
    seen = b""

    def read_until(text: bytes) -> None:
        """Reads the output until it holds ``text`` (or 20 s have passed)."""
        nonlocal seen
        deadline = time.monotonic() + 20
        while text not in seen and time.monotonic() < deadline:
            if select.select([stdout], [], [], 0.1)[0]:
                seen += os.read(stdout.fileno(), 65536)

    read_until(b"Type a move")
    time.sleep(1)  # White thinks, for a minute
    process.send_signal(signal.SIGINT)
    read_until(b" (computer)\n")
    time.sleep(0.5)  # Black thinks
    process.send_signal(signal.SIGINT)
    read_until(b"1... Black> ")
    out, err = process.communicate(b"quit\n", timeout=20)
    text = (seen + out).decode()
    assert process.returncode == 0
    assert b"Traceback" not in err
    assert text.count(" (computer)\n") == 1
    assert (
        "\n(thinking cut short: its best move so far; Ctrl-C again gives the prompt back)\n1. "
        in text
    )
    assert "\n(interrupted: the computer still plays Black; press Enter to let it move" in text
    assert text.rstrip().endswith("1... Black> quit")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--fen", "xyz"), "meiriqi play: invalid FEN"),
        (("--load", "/no/such/file.pgn"), "meiriqi play: cannot read '/no/such/file.pgn'"),
        (("--time", "0"), "invalid time 0: expected more than 0 seconds"),
        (("--time", "1", "--depth", "2"), "not allowed with argument"),
        (("--white", "robot"), "invalid choice: 'robot'"),
    ],
)
def test_bad_options(args: tuple[str, ...], message: str) -> None:
    assert message in play(args=args, status=2)


def test_options_start_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    record.write_text("1. c4 Nb7 *\n", encoding="utf-8")
    output = play("fen", args=("--load", str(record), "--black", "human"))
    assert f"loaded 2 plies from {record}" in output
    assert "Last move: 1... Nb7" in output
    output = play(args=("--white", "computer", "--black", "human", "--depth", "1"))
    assert "White (computer) against Black (you)" in output
    assert "1. " in output and "(computer)" in output
    assert output.rstrip().endswith("1... Black>")


# -- the diagram ---------------------------------------------------------------------------------


def test_plain_diagram_shows_fortresses_camps_and_the_last_move() -> None:
    board = meiriqi.Board()
    board.push_san("c4")
    lines = display.diagram(board).splitlines()
    assert lines[0] == "      a   b   c   d   e   f   g   h   i   j"
    assert lines[1] == " 10   .   p   y   e   h   w   . | m   k   m    Black (lowercase)"
    assert lines[2] == "  9   n   g   s   l   s   g   n | .   +   .    ranks 8-10: White promotes"
    assert lines[4] == "      -   -   -   -   -   -   - +-----------"
    assert lines[8] == "  4   .   .  [I]  .   .   .   .   I   I   I"
    assert lines[9] == lines[4]
    assert lines[10] == "  3   I   .  [.]  .   I   .   I | +   S   +"
    assert lines[12] == "  1   .   P   Y   E   H   W   . | M   K   M    White (UPPERCASE)"
    assert len(lines) == 14
    assert all(line == line.rstrip() for line in lines)


def test_diagram_marks_a_king_in_check_and_flips() -> None:
    board = meiriqi.Board(MATE_IN_ONE)
    board.push_san("Rb10")
    text = display.diagram(board, flipped=True)
    assert " 10  >k<  .   + | ." in text
    assert text.splitlines()[1].startswith("  1   +   .   K |")


def test_fancy_diagram_uses_colour_and_unicode() -> None:
    board = meiriqi.Board()
    board.push_san("c4")
    text = display.diagram(board, style=display.FANCY)
    assert "\033[1;31mp\033[0m" in text
    assert "\033[7m I \033[0m" in text
    assert "┴───────────" in text
    assert "┬───────────" in text
    assert "\u00d7" in text and "│" in text


class _Terminal(io.StringIO):
    """A text stream that claims to be a terminal with the given encoding."""

    def __init__(self, encoding: str = "utf-8") -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("stream", "environment", "no_color", "expected"),
    [
        (_Terminal(), {"TERM": "xterm"}, False, display.FANCY),
        (_Terminal(), {"TERM": "xterm"}, True, display.PLAIN),
        (_Terminal(), {"TERM": "xterm", "NO_COLOR": "1"}, False, display.PLAIN),
        (_Terminal(), {"TERM": "xterm", "NO_COLOR": ""}, False, display.FANCY),
        (_Terminal(), {"TERM": "dumb"}, False, display.PLAIN),
        (_Terminal("ascii"), {"TERM": "xterm"}, False, display.PLAIN),
        (io.StringIO(), {"TERM": "xterm"}, False, display.PLAIN),
    ],
)
def test_terminal_style(
    monkeypatch: pytest.MonkeyPatch,
    stream: io.StringIO,
    environment: dict[str, str],
    no_color: bool,
    expected: display.Style,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert display.terminal_style(stream, no_color=no_color) is expected


# -- completion ----------------------------------------------------------------------------------


def test_completion(tmp_path: Path) -> None:
    session = repl.Session(out=io.StringIO())
    assert session.complete("mo", "") == ["moves"]
    assert session.complete("N", "") == ["Nb4", "Nf4"]
    assert session.complete("c", "") == ["c4", "c5", "cb3", "cd3", "claim"]
    assert "Nb4" in session.complete("N", "c4 Nb7 ")
    assert session.complete("", "moves ")[:3] == ["a2", "a3", "b1"]
    assert session.complete("b", "auto ") == ["black", "both"]
    assert session.complete("un", "help ") == ["undo"]
    assert session.complete("d", "level ") == ["depth"]
    assert session.complete("", "flip ") == []
    (tmp_path / "game.pgn").write_text("")
    assert session.complete(str(tmp_path / "ga"), "load ") == [str(tmp_path / "game.pgn")]


def test_completion_after_the_end_offers_only_commands() -> None:
    session = repl.Session(meiriqi.Board(MATE_IN_ONE), out=io.StringIO())
    session.execute("Rb10")
    assert session.complete("", "") == sorted(repl.COMMANDS)


# -- the reference games: drops, castling, hands at the prompt ------------------------------------

SHOGI_CAPTURES = ["c4 g6", "Bxh8=+", "Sxh8"]
"""Shogi: White's Bishop takes Black's and promotes, Black's Silver takes it back: each side holds
a Bishop (a promoted piece goes to hand unpromoted)."""

SHOGI_DROP_MATE = "4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1"
"""Shogi: White mates by dropping the Gold on e8, guarded by the pawn."""


def shogi(*lines: str) -> str:
    """The output of a Shogi game between two people fed ``lines``."""
    return play(*lines, args=("--variant", "shogi", "--black", "human"))


def test_a_drop_played_at_the_prompt() -> None:
    output = shogi(*SHOGI_CAPTURES, "moves e4", "B@e5", "fen")
    assert "2. Bxh8=+\n" in output and "2... Sxh8\n" in output
    after_captures = output.split("Last move: 2... Sxh8")[0].rsplit("3. White>", 1)[0]
    assert "    Black's hand: b\n" in after_captures and "    White's hand: B\n" in after_captures
    assert "drops on e4: 1 legal move:\n  B@e4\n" in output
    assert "3. B@e5\n" in output and "Last move: 3. B@e5" in output
    board = meiriqi.Board(variant="shogi")
    for san in ("c4", "g6", "Bxh8=+", "Sxh8", "B@e5"):
        board.push_san(san)
    assert f"3... Black> fen\n{board.fen()}\n" in output
    assert board.fen().split()[0].endswith("[b]")
    final = output.split("3. B@e5\n")[1]
    assert final.index("Black's hand: b") < final.index(" 9 ") < final.index("White's hand: empty")
    assert errors(output) == []


def test_a_drop_that_mates_ends_the_game() -> None:
    output = shogi(f"fen {SHOGI_DROP_MATE}", "moves e8", "G@e8", "undo", "P@e8")
    assert "drops on e8: 1 legal move:\n  G@e8#" in output
    assert "1. G@e8#\n" in output and "Checkmate: White wins, 1-0." in output
    assert "took back 1. G@e8#" in output
    (error,) = errors(output)
    assert error.startswith("error: illegal move 'P@e8': no legal drop: White has no pawn in hand")


def test_castling_at_the_prompt() -> None:
    lines = ("e4 e5 Nf3 Nc6 Bc4 Bc5", "O-O-O", "o-o", "fen", "undo", "0-0")
    output = play(*lines, args=("--variant", "chess", "--black", "human"))
    (error,) = errors(output)
    assert error.startswith("error: illegal move 'O-O-O': no legal castling O-O-O")
    assert "4. White> o-o\n4. O-O\n" in output and "4. White> 0-0\n4. O-O\n" in output
    assert "took back 4. O-O" in output
    assert "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4" in output
    assert "Last move: 4. O-O" in output
    assert "  1   R   N   B   Q  [.]  R  [K]  .    White (UPPERCASE)" in output


def test_castling_and_drops_are_refused_where_the_variant_has_none() -> None:
    output = play("O-O", "P@e5", args=("--variant", "xiangqi", "--black", "human"))
    assert errors(output) == [
        "error: invalid san 'O-O': xiangqi has no castling; a move is SAN (Che3, Nc3, e5, Rxa10) "
        "or coordinates (h3e3, b1c3)",
        "error: invalid san 'P@e5': xiangqi has no drops; a move is SAN (Che3, Nc3, e5, Rxa10) "
        "or coordinates (h3e3, b1c3)",
    ]


def test_help_and_hints_follow_the_reference_games() -> None:
    shogi_output = shogi("help", "zz9")
    assert "Drops: a captured piece goes to the capturer's hand" in shogi_output
    assert "P@e5" in shogi_output.split("Moves: SAN such as")[1]
    assert "+P" in shogi_output and "each side's hand is listed" in shogi_output
    (error,) = errors(shogi_output)
    assert error.endswith("P@e5 drops a piece from your hand on e5")
    chess_output = play("help", args=("--variant", "chess", "--black", "human"))
    assert "Castling is O-O" in chess_output and "Drops" not in chess_output
    assert chess_output.startswith("Chess: White (you) against Black (you).\nType a move (e4, Nf3")
    xiangqi_output = play("help", args=("--variant", "xiangqi", "--black", "human"))
    assert "the palaces are walled off" in xiangqi_output and "River" in xiangqi_output
    assert "Castling" not in xiangqi_output and "Drops" not in xiangqi_output
    meiriqi_output = play("help")
    assert "the fortresses are walled off" in meiriqi_output
    assert "Drops" not in meiriqi_output and "Castling" not in meiriqi_output


def test_variant_lists_and_starts_the_reference_games() -> None:
    output = play("variant", "variant shogi", "fen", "variant Xiangqi", "fen")
    for name in ("chess", "xiangqi", "shogi"):
        assert f"\n  {name} " in output
    assert "new game of Shogi" in output and "new game of Xiangqi" in output
    assert meiriqi.Board(variant="shogi").fen() in output
    assert meiriqi.Board(variant="xiangqi").fen() in output
    assert "    White's hand: empty" in output
    assert "~~~~~~~~~~~~~~ River ~~~~~~~~~~~~~~" in output


@pytest.mark.parametrize("variant", ["chess", "xiangqi", "shogi"])
def test_the_computer_plays_each_reference_game(variant: str) -> None:
    args = ("--variant", variant, "--white", "computer", "--black", "human", "--depth", "1")
    output = play("hint", "go", "undo", "fen", args=args)
    assert "hint: " in output
    assert output.count(" (computer)\n") == 3  # White's first move, Black's 'go', White's reply
    assert "took back 2. " in output and "took back 1... " in output
    assert errors(output) == []
    first = meiriqi.Board(variant=variant)
    first.push_san(output.split("1. ")[1].split(" (computer)")[0])
    assert f"1... Black> fen\n{first.fen()}\n" in output


def test_reference_game_endings_are_announced() -> None:
    mate = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"
    output = play(f"fen {mate}", "Rb10", args=("--variant", "xiangqi", "--black", "human"))
    assert "1. Rb10#\n" in output and "Checkmate: White wins, 1-0." in output
    stalemate = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"
    output = play(f"fen {stalemate}", "Qf7", args=("--variant", "chess", "--black", "human"))
    assert "Stalemate: Black has no legal move. In Chess stalemate is a draw, 1/2-1/2." in output
    session = repl.Session(meiriqi.Board("4k3/8/8/8/8/8/3n4/4KN2 w - - 0 1", variant="chess"))
    session.out = io.StringIO()
    session.execute("Kxd2")
    assert repl.outcome_text(session.board) == (
        "Draw by insufficient material: neither side has the pieces to checkmate, 1/2-1/2."
    )
