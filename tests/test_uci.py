"""``meiriqi uci`` driven as a UCI GUI drives it: every reply of whole scripted games of every
variant, ``go`` with each kind of limit, ``stop``, ``go perft``, mates and bad input."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest
from protocol_driver import EngineProcess, mate_in_one

import meiriqi
from meiriqi.protocol import Output
from meiriqi.uci import UciEngine

VARIANTS = list(meiriqi.Board.variants())
INFO = r"info depth (\d+) score (cp -?\d+|mate -?\d+) nodes (\d+) time (\d+) nps (\d+) pv ([^ ].*)"


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProcess]:
    """One engine for the module's tests, past its handshake."""
    process = EngineProcess("uci")
    process.send("uci")
    process.until("uciok")
    yield process
    assert process.close() == ""


def ready(engine: EngineProcess) -> list[str]:
    """The engine's lines up to its ``readyok`` (left out)."""
    engine.send("isready")
    return engine.until("readyok")[:-1]


def search(engine: EngineProcess, go: str) -> tuple[list[re.Match[str]], str]:
    """Sends ``go``; the ``info`` lines (checked) and the move of ``bestmove``."""
    engine.send(go)
    lines = engine.until(r"bestmove \S+")
    infos = [re.fullmatch(INFO, line) for line in lines[:-1]]
    assert all(infos), lines
    return [match for match in infos if match], lines[-1].split()[1]


def use(engine: EngineProcess, variant: str) -> None:
    """Chooses ``variant`` (dropping what an earlier test left unread)."""
    ready(engine)
    engine.send(f"setoption name UCI_Variant value {variant}", "ucinewgame")
    assert ready(engine) == []


def test_handshake_offers_every_variant() -> None:
    process = EngineProcess("uci")
    process.send("uci")
    lines = process.until("uciok")
    assert lines[0] == "id name meiriqi"
    assert lines[1].startswith("id author ")
    option = lines[2]
    assert option.startswith("option name UCI_Variant type combo default meiriqi ")
    assert re.findall(r"var (\S+)", option) == VARIANTS
    assert len(lines) == 4
    process.send("isready")
    assert process.read() == "readyok"
    assert process.close() == ""


@pytest.mark.parametrize("variant", VARIANTS)
def test_scripted_game(engine: EngineProcess, variant: str) -> None:
    use(engine, variant)
    board = meiriqi.Board(variant=variant)
    for limit in ("depth 1", "nodes 300", "movetime 30", "depth 2", "wtime 900 btime 900"):
        engine.send(f"position startpos moves {' '.join(move.uci() for move in board.move_stack)}")
        infos, best = search(engine, f"go {limit}")
        assert best in board.legal_moves_uci()
        assert infos and infos[-1][6].split()[0] == best
        board.push_uci(best)
    engine.send(f"position fen {board.fen()} moves a1a1")
    assert ready(engine)[0].startswith("info string error: move 'a1a1': ")
    board.pop()
    _, best = search(engine, "go depth 1")
    assert best in board.legal_moves_uci()


@pytest.mark.parametrize("variant", VARIANTS)
def test_mate_is_found_and_reported(engine: EngineProcess, variant: str) -> None:
    fen, winning, _ = mate_in_one(variant)
    use(engine, variant)
    engine.send(f"position fen {fen}")
    infos, best = search(engine, "go depth 2")
    assert infos[-1][2] == "mate 1"
    after = meiriqi.Board(fen, variant=variant)
    after.push_uci(best)
    assert after.is_game_over()
    engine.send(f"position fen {fen} moves {winning}")
    assert search(engine, "go depth 2") == ([], "(none)")


def test_perft_as_fairy_stockfish_prints_it(engine: EngineProcess) -> None:
    use(engine, "shogi")
    board = meiriqi.Board(variant="shogi")
    board.push_uci("c3c4")
    engine.send("position startpos moves c3c4", "go perft 2")
    counts = board.perft_divide(2)
    lines = [engine.read() for _ in range(len(counts) + 3)]
    assert lines == [
        *(f"{move}: {count}" for move, count in counts.items()),
        "",
        f"Nodes searched: {sum(counts.values())}",
        "",
    ]
    assert ready(engine) == []


def test_infinite_search_waits_for_stop(engine: EngineProcess) -> None:
    use(engine, "meiriqi")
    engine.send("position startpos", "go infinite")
    time.sleep(0.3)
    assert ready(engine)
    started = time.monotonic()
    engine.send("stop")
    lines = engine.until(r"bestmove \S+")
    assert time.monotonic() - started < 2
    assert lines[-1].split()[1] in meiriqi.Board().legal_moves_uci()
    engine.send("stop")
    assert ready(engine) == []


def test_a_new_command_ends_the_search_with_its_bestmove(engine: EngineProcess) -> None:
    use(engine, "chess")
    engine.send("position startpos", "go movetime 60000")
    time.sleep(0.2)
    engine.send("position startpos moves e2e4")
    assert re.fullmatch(r"bestmove \S+", ready(engine)[-1])


def test_clock_limits_the_time(engine: EngineProcess) -> None:
    use(engine, "xiangqi")
    board = meiriqi.Board(variant="xiangqi")
    board.push_uci("h3e3")
    engine.send("position startpos moves h3e3")
    started = time.monotonic()
    _, best = search(engine, "go wtime 100 btime 1000 winc 0 binc 10 movestogo 5")
    assert time.monotonic() - started < 1.5
    assert best in board.legal_moves_uci()


def test_drops_in_positions(engine: EngineProcess) -> None:
    use(engine, "shogi")
    fen = "4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1"
    engine.send(f"position fen {fen} moves P@e5 P@e4")
    assert ready(engine) == []
    _, best = search(engine, "go depth 1")
    board = meiriqi.Board(fen, variant="shogi")
    board.push_uci("P@e5")
    board.push_uci("P@e4")
    assert best in board.legal_moves_uci()


def test_bad_input_is_answered_and_never_ends_the_engine(engine: EngineProcess) -> None:
    use(engine, "meiriqi")
    replies = {
        "frobnicate": "unknown command 'frobnicate'",
        "position": "expected 'position startpos' or 'position fen FEN', then moves",
        "position fen 8/8 w": "invalid FEN",
        "setoption name Hash value 16": "unknown option 'Hash'",
        "setoption name UCI_Variant value nope": "unknown variant 'nope'",
        "go depth": "'go depth' needs a whole number",
        "go sideways": "unknown 'go' argument 'sideways'",
        "go perft": "'go perft' needs a depth of 1 to 20",
        "go perft 99": "'go perft' needs a depth of 1 to 20",
    }
    for command, reply in replies.items():
        engine.send(command)
        line = engine.read()
        assert line.startswith(f"info string error: {reply}"), line
    engine.send("position startpos moves c3c4 c8c7 zz")
    assert ready(engine)[0].startswith("info string error: move 'zz'")
    _, best = search(engine, "go depth 1")
    assert best in meiriqi.Board().legal_moves_uci()


@pytest.mark.parametrize(
    ("command", "reply"),
    [
        ("go depth 0", "'go depth' needs a whole number of 1 or more"),
        ("go depth -5", "'go depth' needs a whole number of 1 or more"),
        ("go nodes 0", "'go nodes' needs a whole number of 1 or more"),
        ("go movetime -5", "'go movetime' needs a whole number of 0 or more"),
        ("go winc -1 wtime 100", "'go winc' needs a whole number of 0 or more"),
        ("go movestogo 0 wtime 100", "'go movestogo' needs a whole number of 1 or more"),
        ("go depth 1.5", "'go depth' needs a whole number of 1 or more"),
        ("go depth \u0663", "'go depth' needs a whole number of 1 or more"),
        ("go depth 1_0", "'go depth' needs a whole number of 1 or more"),
    ],
)
def test_nonsense_limits_are_refused_at_the_command(
    engine: EngineProcess, command: str, reply: str
) -> None:
    use(engine, "chess")
    engine.send("position startpos", command)
    assert engine.read() == f"info string error: {reply} (in {command!r})"
    assert ready(engine) == []
    _, best = search(engine, "go depth 1")
    assert best in meiriqi.Board(variant="chess").legal_moves_uci()


@pytest.mark.parametrize(
    ("limit", "value"),
    [
        ("depth", "9" * 5000),
        ("depth", str(2**64 + 1)),
        ("nodes", str(2**64 + 1)),
        ("movetime", str(2**64)),
        ("wtime", "9" * 99),
    ],
)
def test_huge_limits_are_cut_to_the_largest_the_engine_takes(
    engine: EngineProcess, limit: str, value: str
) -> None:
    use(engine, "chess")
    engine.send("position startpos", f"go {limit} {value}")
    assert all(line.startswith("info depth ") for line in ready(engine))
    engine.send("stop")
    best = engine.until(r"bestmove \S+")[-1].split()[1]
    assert best in meiriqi.Board(variant="chess").legal_moves_uci()
    assert ready(engine) == []


def test_a_clock_run_out_still_gets_a_move(engine: EngineProcess) -> None:
    use(engine, "chess")
    engine.send("position startpos moves e2e4")
    _, best = search(engine, "go wtime 1000 btime -250 binc 0")
    board = meiriqi.Board(variant="chess")
    board.push_uci("e2e4")
    assert best in board.legal_moves_uci()


class FailingBoard(meiriqi.Board):
    """A board whose search fails, as a bug in the core would make it."""

    def search(self, *args: object, **kwargs: object) -> meiriqi.SearchResult:
        raise RuntimeError("the search broke")


def test_a_failing_search_is_reported_and_a_move_still_sent() -> None:
    stream = io.StringIO()
    engine = UciEngine(Output(stream))
    engine.board = FailingBoard(variant="chess")
    engine.go("depth 1")
    engine.searcher.wait()
    assert stream.getvalue().splitlines() == [
        "info string error: the search failed (RuntimeError: the search broke); "
        "the first legal move is played",
        f"bestmove {engine.board.legal_moves_uci()[0]}",
    ]


def test_perft_ends_soon_after_its_stop_is_set() -> None:
    stop = threading.Event()
    counts: list[dict[str, int]] = []
    counting = threading.Thread(
        target=lambda: counts.append(meiriqi.Board().perft_divide(20, stop=stop))
    )
    counting.start()
    stop.set()
    counting.join(timeout=30)
    assert not counting.is_alive() and counts
    assert meiriqi.Board().perft(3, stop=threading.Event()) == meiriqi.Board().perft(3)


def test_perft_counts_aside_answers_isready_and_stops() -> None:
    process = EngineProcess("uci")
    process.send("position startpos", "go perft 20")
    process.send("isready")
    assert process.read(3) == "readyok"
    process.send("stop")
    assert process.read(3) == "info string perft stopped before the end: no count"
    process.send("go perft 20", "go perft 1")
    counts = meiriqi.Board().perft_divide(1)
    lines = process.until("Nodes searched: .*", 3)
    assert lines == [
        "info string perft stopped before the end: no count",
        *(f"{move}: 1" for move in counts),
        "",
        f"Nodes searched: {len(counts)}",
    ]
    assert process.read(3) == ""
    process.send("go perft 20", "isready")
    assert process.read(3) == "readyok"
    assert process.close() == ""


def test_help_says_what_the_engine_does_and_how_to_try_it() -> None:
    command = [sys.executable, "-m", "meiriqi", "uci", "--help"]
    shown = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    assert shown.stdout.startswith("usage: meiriqi uci ")
    assert "standard input" in shown.stdout
    assert "setoption name UCI_Variant value yangqi" in shown.stdout
