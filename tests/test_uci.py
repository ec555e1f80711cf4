"""``meiriqi uci`` driven as a UCI GUI drives it: every reply of whole scripted games of every
variant, ``go`` with each kind of limit, ``stop``, ``go perft``, mates and bad input; analysis
as GUIs ask for it (MultiPV, searchmoves, pondering), by hand and through python-chess."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import chess
import chess.engine
import perpetual_check
import pytest
from protocol_driver import OWN_ENDS, EngineProcess, OwnEnd, mate_in_one

import meiriqi
from meiriqi.protocol import Output
from meiriqi.uci import UciEngine

VARIANTS = list(meiriqi.Board.variants())
INFO = (
    r"info depth (\d+) seldepth (\d+) multipv (\d+) score (cp -?\d+|mate -?\d+) nodes (\d+) "
    r"nps (\d+) hashfull (\d+) time (\d+) pv (?P<pv>[^ ].*)"
)
BESTMOVE = r"bestmove (\S+)(?: ponder (\S+))?"
"""The last line of a search: its move, and the reply it expects (when its line has one)."""
OPTIONS = [
    "option name MultiPV type spin default 1 min 1 max 500",
    "option name Threads type spin default 1 min 1 max 1024",
    "option name Ponder type check default false",
    "option name PerpetualCheckLoses type check default false",
]


@pytest.fixture(scope="module")
def shared_engine() -> Iterator[EngineProcess]:
    """One engine for the module's tests, past its handshake."""
    process = EngineProcess("uci")
    process.send("uci")
    process.until("uciok")
    yield process
    assert process.close() == ""


@pytest.fixture
def engine(shared_engine: EngineProcess) -> EngineProcess:
    """The module's engine with any search an earlier test left running stopped and what that
    test left unread dropped: one failing test does not fail the tests after it."""
    shared_engine.send("stop")
    ready(shared_engine)
    return shared_engine


def ready(engine: EngineProcess) -> list[str]:
    """The engine's lines up to its ``readyok`` (left out)."""
    engine.send("isready")
    return engine.until("readyok")[:-1]


def search(engine: EngineProcess, go: str) -> tuple[list[re.Match[str]], str]:
    """Sends ``go``; the ``info`` lines (checked) and the move of ``bestmove``."""
    engine.send(go)
    lines = engine.until(BESTMOVE)
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
    assert lines[3:] == [*OPTIONS, "uciok"]
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
        assert infos and infos[-1]["pv"].split()[0] == best
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
    assert infos[-1][4] == "mate 1"
    after = meiriqi.Board(fen, variant=variant)
    after.push_uci(best)
    assert after.is_game_over()
    engine.send(f"position fen {fen} moves {winning}")
    assert search(engine, "go depth 2") == ([], "(none)")


@pytest.mark.parametrize(
    "end",
    [end for end in OWN_ENDS if not end.xboard_result.startswith("1/2")],
    ids=lambda end: end.variant,
)
def test_the_games_own_ends_are_found_as_mates(engine: EngineProcess, end: OwnEnd) -> None:
    # The third check, the hill, the last rank and the last piece taken score as mates.
    use(engine, end.variant)
    engine.send(f"position fen {end.fen}")
    infos, best = search(engine, "go depth 2")
    assert infos[-1][4] == "mate 1"
    after = meiriqi.Board(end.fen, variant=end.variant)
    after.push_uci(best)
    outcome = after.outcome()
    assert outcome is not None and outcome.winner is not after.turn
    engine.send(f"position fen {end.fen} moves {end.move}")
    assert search(engine, "go depth 2") == ([], "(none)")


def test_the_checks_given_in_the_moves_count(engine: EngineProcess) -> None:
    # White has given two checks after the start: any check now is its third, and wins.
    use(engine, "3check")
    moves = "e2e4 e7e5 f1c4 b8c6 c4f7 e8f7 d1h5 g7g6"
    engine.send(f"position startpos moves {moves}")
    infos, best = search(engine, "go depth 1")
    assert infos[-1][4] == "mate 1"
    board = meiriqi.Board(variant="3check")
    for move in (*moves.split(), best):
        board.push_uci(move)
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == meiriqi.Termination.CHECK_LIMIT
    assert (board.checks_remaining(meiriqi.WHITE), board.checks_remaining(meiriqi.BLACK)) == (0, 3)


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
    lines = engine.until(BESTMOVE)
    assert time.monotonic() - started < 2
    assert lines[-1].split()[1] in meiriqi.Board().legal_moves_uci()
    engine.send("stop")
    assert ready(engine) == []


def test_a_new_command_ends_the_search_with_its_bestmove(engine: EngineProcess) -> None:
    use(engine, "chess")
    engine.send("position startpos", "go movetime 60000")
    time.sleep(0.2)
    engine.send("position startpos moves e2e4")
    assert re.fullmatch(BESTMOVE, ready(engine)[-1])


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
        "setoption name Hash value 16": "unknown option 'Hash': the options are UCI_Variant, "
        "MultiPV, Threads, Ponder and PerpetualCheckLoses",
        "setoption name PerpetualCheckLoses value 2": "option PerpetualCheckLoses needs the "
        "value true or false",
        "setoption name MultiPV value 0": "option MultiPV needs a whole number of 1 or more",
        "setoption name Threads value many": "option Threads needs a whole number of 1 or more",
        "setoption name Ponder value maybe": "option Ponder needs the value true or false",
        "go searchmoves": "'go searchmoves' needs at least one move",
        "go searchmoves c3c4 a1a1 depth 2": "'go searchmoves' move 'a1a1': ",
        "go searchmoves depth 2": "'go searchmoves' needs at least one move",
        "go mate 0": "'go mate' needs a whole number of 1 or more",
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


def test_perpetual_check_loses_when_set(engine: EngineProcess) -> None:
    use(engine, "xiangqi")
    cycle = " ".join(perpetual_check.CYCLE)
    engine.send(f"position fen {perpetual_check.FEN} moves {cycle}")
    infos, best = search(engine, "go depth 3")
    assert best == perpetual_check.REPEATING_CHECK
    assert " score cp 0 " in infos[-1].group(0)
    engine.send("setoption name PerpetualCheckLoses value true")
    _, best = search(engine, "go depth 3")
    assert best != perpetual_check.REPEATING_CHECK
    engine.send("setoption name PerpetualCheckLoses value false")
    _, best = search(engine, "go depth 3")
    assert best == perpetual_check.REPEATING_CHECK


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
    best = engine.until(BESTMOVE)[-1].split()[1]
    assert best in meiriqi.Board(variant="chess").legal_moves_uci()
    assert ready(engine) == []


def test_a_clock_run_out_still_gets_a_move(engine: EngineProcess) -> None:
    use(engine, "chess")
    engine.send("position startpos moves e2e4")
    _, best = search(engine, "go wtime 1000 btime -250 binc 0")
    board = meiriqi.Board(variant="chess")
    board.push_uci("e2e4")
    assert best in board.legal_moves_uci()


# -- analysis -------------------------------------------------------------------------------------

QUEEN_WON = "3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
"""Chess: White wins the Queen with Rxd8+; every other move leaves the Rook or nothing."""


@pytest.fixture
def analyst() -> Iterator[EngineProcess]:
    """An engine of the test's own (its options changed), past its handshake, playing chess."""
    process = EngineProcess("uci")
    process.send("uci", "setoption name UCI_Variant value chess")
    process.until("uciok")
    yield process
    assert process.close() == ""


def test_multipv_shows_the_best_lines_best_first(analyst: EngineProcess) -> None:
    analyst.send("setoption name MultiPV value 3", f"position fen {QUEEN_WON}")
    infos, best = search(analyst, "go depth 4")
    assert [(int(info[1]), int(info[3])) for info in infos] == [
        (depth, line) for depth in (1, 2, 3, 4) for line in (1, 2, 3)
    ]
    last = infos[-3:]
    assert len({info["pv"].split()[0] for info in last}) == 3
    scores = [int(info[4].split()[1]) for info in last]
    assert scores == sorted(scores, reverse=True)
    assert last[0]["pv"].split()[0] == best == "d1d8"
    for info in last:
        assert int(info[2]) >= 4, "the longest line goes beyond the depth (quiescence)"
        assert 0 <= int(info[7]) <= 1000
        board = meiriqi.Board(QUEEN_WON, variant="chess")
        for move in info["pv"].split():
            board.push_uci(move)
    # More lines than moves: as many as there are.
    analyst.send("setoption name MultiPV value 500", "position fen 7k/8/8/8/8/8/8/K7 w - - 0 1")
    infos, _ = search(analyst, "go depth 1")
    assert [int(info[3]) for info in infos] == [1, 2, 3]


def test_searchmoves_limit_the_moves_searched(analyst: EngineProcess) -> None:
    analyst.send(f"position fen {QUEEN_WON}")
    infos, best = search(analyst, "go depth 3 searchmoves h2h3 g2g3")
    assert best in ("h2h3", "g2g3")
    assert all(info["pv"].split()[0] in ("h2h3", "g2g3") for info in infos)
    analyst.send("setoption name MultiPV value 3")
    infos, best = search(analyst, "go searchmoves g1f1 g1h1 depth 2")
    assert sorted(info["pv"].split()[0] for info in infos[-2:]) == ["g1f1", "g1h1"]
    _, best = search(analyst, "go depth 2")
    assert best == "d1d8", "the next search considers every move again"


def test_mate_scores_and_go_mate(analyst: EngineProcess) -> None:
    # Back-rank mate in two: Re8+ Rxe8 Rxe8#.
    analyst.send("position fen 1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
    infos, best = search(analyst, "go mate 2")
    assert infos[-1][4] == "mate 2" and int(infos[-1][1]) <= 3
    assert best == "e2e8"
    analyst.send("position fen 1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1 moves e2e8")
    infos, best = search(analyst, "go depth 3")
    assert infos[-1][4] == "mate -1" and best == "b8e8"


def test_bestmove_names_the_reply_it_expects(analyst: EngineProcess) -> None:
    analyst.send("position startpos")
    analyst.send("go depth 4")
    lines = analyst.until(BESTMOVE)
    move = re.fullmatch(BESTMOVE, lines[-1])
    assert move is not None and move[2] is not None
    assert lines[-2].split(" pv ")[1].split()[:2] == [move[1], move[2]]


def test_ponder_waits_for_ponderhit_then_keeps_the_time(analyst: EngineProcess) -> None:
    analyst.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5")
    # A depth limit reached while pondering: the move waits for the ponderhit.
    analyst.send("go ponder depth 2")
    analyst.until(r"info depth 2 .*")
    analyst.quiet(0.5)
    analyst.send("ponderhit")
    assert re.fullmatch(BESTMOVE, analyst.read(3))
    # A time limit counts from the ponderhit; pondering itself has none.
    analyst.send("go ponder wtime 2000 btime 2000 movestogo 10")
    time.sleep(1)
    assert all(line.startswith("info ") for line in ready(analyst))
    hit = time.monotonic()
    analyst.send("ponderhit")
    lines = analyst.until(BESTMOVE, 5)
    assert time.monotonic() - hit < 5
    assert all(re.fullmatch(INFO, line) for line in lines[:-1])
    # stop ends pondering at once with a move (the GUI's to discard).
    analyst.send("go ponder movetime 100")
    time.sleep(0.3)
    analyst.send("stop")
    assert re.fullmatch(BESTMOVE, analyst.until(BESTMOVE, 3)[-1])
    assert ready(analyst) == []


def test_a_long_search_tells_the_move_it_is_on() -> None:
    stream = io.StringIO()
    engine = UciEngine(Output(stream))
    board = meiriqi.Board(variant="chess")
    seen: list[meiriqi.SearchProgress] = []
    board.search(depth=3, progress=seen.append)
    engine.search_started = time.monotonic()
    engine.progress(seen[-1])
    assert stream.getvalue() == "", "not in the first seconds"
    engine.search_started -= 10
    engine.progress(seen[-1])
    status = seen[-1]
    assert stream.getvalue() == (
        f"info depth 3 seldepth {status.seldepth} currmove {status.move.uci()} "
        f"currmovenumber {status.move_number}\n"
    )


def test_the_last_info_counts_every_node_searched(engine: EngineProcess) -> None:
    # A node limit stops the search within an iteration: the nodes of the last completed one
    # are fewer than were searched, and the last line tells them all.
    use(engine, "chess")
    engine.send("position startpos")
    infos, best = search(engine, "go nodes 20000")
    nodes = [int(info.group(5)) for info in infos]
    assert nodes[-2] < 20000 <= nodes[-1]
    assert infos[-1]["pv"] == infos[-2]["pv"] and infos[-1]["pv"].split()[0] == best
    # A search that completes its last iteration does not repeat it.
    infos, _ = search(engine, "go depth 3")
    assert [info.group(1) for info in infos] == ["1", "2", "3"]


def test_python_chess_plays_and_reads_the_nodes_searched() -> None:
    command = [sys.executable, "-m", "meiriqi", "uci"]
    with chess.engine.SimpleEngine.popen_uci(command, timeout=60) as gui:
        limit = chess.engine.Limit(nodes=20000)
        played = gui.play(chess.Board(), limit, info=chess.engine.INFO_ALL)
        assert played.move is not None
        assert played.info["nodes"] >= 20000


def test_python_chess_analyses_with_multipv() -> None:
    command = [sys.executable, "-m", "meiriqi", "uci"]
    with chess.engine.SimpleEngine.popen_uci(command, timeout=60) as gui:
        assert {"UCI_Variant", "MultiPV", "Threads", "Ponder"} <= set(gui.options)
        board = chess.Board(QUEEN_WON)
        lines = gui.analyse(board, chess.engine.Limit(depth=4), multipv=3)
        assert [line["multipv"] for line in lines] == [1, 2, 3]
        assert lines[0]["pv"][0] == chess.Move.from_uci("d1d8")
        assert len({line["pv"][0] for line in lines}) == 3
        scores = [line["score"].white().score(mate_score=100_000) for line in lines]
        assert scores == sorted(scores, reverse=True)
        assert all(line["depth"] == 4 and line["seldepth"] >= 4 for line in lines)
        only = [chess.Move.from_uci("h2h3")]
        assert gui.analyse(board, chess.engine.Limit(depth=2), root_moves=only)["pv"][0] == only[0]
        mate = chess.Board("1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
        found = gui.analyse(mate, chess.engine.Limit(depth=5))
        assert found["score"].relative == chess.engine.Mate(2)
        played = gui.play(chess.Board(), chess.engine.Limit(depth=3), ponder=True)
        assert played.move is not None and played.ponder is not None
        assert played.move in chess.Board().legal_moves
        with gui.analysis(chess.Board()) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 3:
                    break
        best = analysis.wait().move
        assert best is not None and best in chess.Board().legal_moves


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
