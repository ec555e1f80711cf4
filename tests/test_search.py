"""The computer player: it finds short wins (checkmate and stalemate alike), never returns an
illegal move, and stops on time."""

from __future__ import annotations

import _thread
import threading
import time
from collections.abc import Callable
from typing import Any

import perpetual_check
import pytest

import meiriqi


def after(board: meiriqi.Board, move: meiriqi.Move, question: Callable[[], bool]) -> bool:
    """The answer to ``question`` once ``move`` is played; the board is left as it was."""
    board.push(move)
    try:
        return question()
    finally:
        board.pop()


def wins_at_once(board: meiriqi.Board, move: meiriqi.Move) -> bool:
    """Whether ``move`` leaves the opponent without a legal move (a win either way)."""
    return after(board, move, board.is_game_over)


def mates_at_once(board: meiriqi.Board, move: meiriqi.Move) -> bool:
    """Whether ``move`` checkmates."""
    return after(board, move, board.is_checkmate)


def can_win_at_once(board: meiriqi.Board) -> bool:
    """Whether some move of the side to move wins at once."""
    return any(wins_at_once(board, answer) for answer in board.legal_moves)


def forces_win_next_move(board: meiriqi.Board, move: meiriqi.Move) -> bool:
    """Whether after ``move`` every reply allows a winning move: a win in two, by brute force."""

    def every_reply_loses() -> bool:
        return all(
            after(board, reply, lambda: can_win_at_once(board)) for reply in board.legal_moves
        )

    return after(board, move, every_reply_loses)


def test_finds_a_stalemate_win_in_one() -> None:
    # The Rook on a9 covers i9 and j9, and on i10 the Black King would face the White King; no
    # check mates (Ra10+ lets the King out to i9), but any quiet move that keeps both lines
    # leaves Black without a move, which wins in Mĕirìqí.
    board = meiriqi.Board("9k/R9/10/10/10/10/10/10/10/8K1 w")
    assert not any(mates_at_once(board, m) for m in board.legal_moves)
    result = board.search(depth=3)
    assert result.mate == 1 and result.move is not None
    board.push(result.move)
    assert board.is_stalemate()
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is meiriqi.WHITE


def test_finds_a_checkmate_in_two() -> None:
    # Ra9 forces Ki10 (the pawn on i5 blocks the file), then Rb10 mates.
    board = meiriqi.Board("9k/i9/10/10/10/8I1/10/10/R9/1R6K1 w")
    assert not any(wins_at_once(board, m) for m in board.legal_moves)
    result = board.search(depth=4)
    assert result.mate == 3 and result.move is not None
    assert forces_win_next_move(board, result.move)
    assert result.pv[0] == result.move and len(result.pv) == 3


def test_losing_side_sees_the_mate_coming() -> None:
    board = meiriqi.Board("9k/i9/10/10/10/8I1/10/10/R9/1R6K1 w")
    board.push_uci("a2a9")
    result = board.search(depth=3)
    assert result.mate == -2


def test_no_move_in_a_finished_game() -> None:
    board = meiriqi.Board("R8k/9R/10/9C/10/10/10/10/10/8K1 b")
    result = board.search(depth=2)
    assert result.move is None and result.pv == []


@pytest.mark.parametrize("limits", [{"depth": 1}, {"depth": 2}, {"nodes": 1}, {"nodes": 500}])
def test_always_returns_a_legal_move(limits: dict[str, Any]) -> None:
    board = meiriqi.Board()
    for _ in range(12):
        result = board.search(**limits)
        assert result.move is not None and result.move in board.legal_moves
        board.push(result.move)


def test_stops_on_time() -> None:
    board = meiriqi.Board()
    start = time.perf_counter()
    result = board.search(time=0.2)
    elapsed = time.perf_counter() - start
    # Generous bound: the search reads the clock every 1024 nodes.
    assert elapsed < 2.0
    assert result.move in board.legal_moves and result.depth >= 1


def test_search_leaves_the_board_alone() -> None:
    board = meiriqi.Board()
    board.push_uci("c3c4")
    fen, stack = board.fen(), board.move_stack
    board.search(depth=2)
    assert (board.fen(), board.move_stack) == (fen, stack)


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"depth": 0}, "invalid search depth 0"),
        ({"depth": -3}, "invalid search depth -3"),
        ({"nodes": 0}, "invalid node limit 0"),
        ({"time": -1.0}, "invalid search time"),
        ({"time": float("nan")}, "invalid search time"),
    ],
)
def test_bad_limits_are_refused(limits: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        meiriqi.Board().search(**limits)


# Each computation ends by itself (in a minute, or a few on a loaded machine) if Ctrl-C fails to
# stop it: the test then fails, it does not hang.
@pytest.mark.parametrize(
    "work", [lambda board: board.search(time=60), lambda board: board.perft(6, threads=2)]
)
@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_interrupts_long_computations(work: Callable[[meiriqi.Board], object]) -> None:
    board = meiriqi.Board()
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        work(board)
    timer.join()
    # Perft stops after the root moves already under way: seconds, not the minutes of the work.
    assert time.perf_counter() - start < 30
    assert board.fen() == meiriqi.STARTING_FEN


def test_quiescence_stays_bounded_among_cannons() -> None:
    # Regression: checks by Cannons and Vaos answered by captures that check again made the
    # quiescence search of this Yáng Qí position explode, so a depth-1 search never returned.
    fen = "rnbvkv1nr/9/1p2b2p1/i1i1i1i2/7i1/9/I1I1IBI1I/7P1/1P7/RN1VKVBNR w - - 0 3"
    board = meiriqi.Board(fen, variant="yangqi")
    result = board.search(depth=3)
    assert result.move in board.legal_moves and result.nodes < 1_000_000


def test_another_thread_can_stop_a_search() -> None:
    """``stop`` (a ``threading.Event`` here) ends a long search soon after it is set, with the
    move of the last completed iteration: what an engine protocol's ``stop`` or ``?`` needs."""
    board = meiriqi.Board()
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    start = time.perf_counter()
    result = board.search(time=60, stop=stop)
    assert time.perf_counter() - start < 5
    assert result.move in board.legal_moves


def test_info_sees_every_completed_iteration() -> None:
    board = meiriqi.Board()
    reports: list[meiriqi.SearchResult] = []
    result = board.search(depth=4, info=reports.append)
    assert [report.depth for report in reports] == [1, 2, 3, 4]
    assert [report.nodes for report in reports] == sorted(report.nodes for report in reports)
    assert (reports[-1].move, reports[-1].score, reports[-1].pv) == (
        result.move,
        result.score,
        result.pv,
    )


def test_results_tell_the_longest_line_and_the_table_use() -> None:
    board = meiriqi.Board(variant="chess")
    reports: list[meiriqi.SearchResult] = []
    result = board.search(nodes=200_000, info=reports.append, multipv=2)
    for report in reports:
        assert report.depth <= report.seldepth <= 96
        assert 0 <= report.hashfull <= 1000
        assert all(
            (line.seldepth, line.hashfull, line.nodes)
            == (report.seldepth, report.hashfull, report.nodes)
            for line in report.lines
        )
    assert [report.hashfull for report in reports] == sorted(r.hashfull for r in reports)
    assert result.hashfull > 0


def test_infinite_analysis_deepens_past_a_mate_and_waits_for_stop() -> None:
    board = meiriqi.Board("1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1", variant="chess")
    assert board.search(depth=7).depth < 7, "playing, a mate found ends the search"
    result = board.search(depth=7, infinite=True)
    assert (result.depth, result.mate) == (7, 3)
    stop = threading.Event()
    threading.Timer(1.5, stop.set).start()
    started = time.perf_counter()
    meiriqi.Board().search(infinite=True, stop=stop)
    assert time.perf_counter() - started >= 1.5, "no default second"


def test_progress_tells_where_a_running_search_is() -> None:
    board = meiriqi.Board(variant="chess")
    seen: list[meiriqi.SearchProgress] = []
    result = board.search(depth=7, progress=seen.append)
    assert seen, "a look at the end at least"
    for status in seen:
        assert status.move in board.legal_moves
        assert 1 <= status.move_number <= status.moves == 20
        assert 1 <= status.depth <= 7
    assert [status.nodes for status in seen] == sorted(status.nodes for status in seen)
    last = seen[-1]
    assert (last.depth, last.move_number, last.nodes) == (7, 20, result.nodes)
    assert "SearchProgress(move=Move.from_uci(" in repr(last)


@pytest.mark.parametrize("hook", ["stop", "info", "progress"])
def test_an_error_in_a_hook_stops_the_search_and_is_raised(hook: str) -> None:
    class Failing:
        def is_set(self) -> bool:
            raise RuntimeError("from the hook")

        def __call__(self, _result: object) -> None:
            raise RuntimeError("from the hook")

    hooks: dict[str, Any] = {hook: Failing()}
    with pytest.raises(RuntimeError, match="from the hook"):
        meiriqi.Board().search(time=60, **hooks)


def test_several_best_lines() -> None:
    # White wins the Queen with Rxd8+; the other lines come after, best first.
    board = meiriqi.Board("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", variant="chess")
    result = board.search(depth=4, multipv=3)
    lines = result.lines
    assert lines[0].move == meiriqi.Move.from_uci("d1d8", variant="chess")
    assert len({line.move.uci() for line in lines if line.move is not None}) == 3
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    assert (lines[0].score, lines[0].pv) == (result.score, result.pv)
    assert all(line.depth == result.depth for line in lines)


def test_searchmoves_restrict_the_root() -> None:
    board = meiriqi.Board("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", variant="chess")
    only = meiriqi.Move.from_uci("h2h3", variant="chess")
    result = board.search(depth=3, searchmoves=[only])
    assert result.move == only
    assert result.score < -500


def test_mate_scores_count_plies() -> None:
    board = meiriqi.Board("1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1", variant="chess")
    result = board.search(depth=5)
    assert result.mate == 3, "mate in two moves is three plies"


def test_a_clock_budgets_the_time() -> None:
    board = meiriqi.Board()
    start = time.monotonic()
    result = board.search(remaining=0.6, increment=0.0)
    assert time.monotonic() - start < 0.5, "never more than a third of the clock and some"
    assert result.move in board.legal_moves


@pytest.mark.parametrize("loses", [True, False])
def test_a_perpetual_check_loses_when_asked(loses: bool) -> None:
    board = meiriqi.Board(perpetual_check.FEN, variant="xiangqi")
    for move in perpetual_check.CYCLE:
        board.push_uci(move)
    result = board.search(depth=3, perpetual_check_loses=loses)
    assert result.move is not None
    assert (result.move.uci() == perpetual_check.REPEATING_CHECK) is not loses
    assert (result.score < -1000) is loses
    assert board.outcome() is None, "the board's own rules do not change"


def test_threads_search_together() -> None:
    board = meiriqi.Board()
    result = board.search(depth=3, threads=2)
    assert result.depth == 3
    assert result.move in board.legal_moves


def test_the_same_node_limit_gives_the_same_move() -> None:
    board = meiriqi.Board(variant="yangqi")
    first = board.search(nodes=30_000)
    meiriqi.Board(variant="chess").search(nodes=5_000)
    again = board.search(nodes=30_000)
    assert (first.move, first.score, first.pv, first.nodes) == (
        again.move,
        again.score,
        again.pv,
        again.nodes,
    )


def test_a_memory_carries_a_game_s_searches_on() -> None:
    board = meiriqi.Board(variant="chess")
    memory = meiriqi.SearchMemory()
    fresh = board.search(depth=6)
    first = board.search(depth=6, memory=memory)
    assert (first.move, first.score, first.nodes) == (fresh.move, fresh.score, fresh.nodes)
    again = board.search(depth=6, memory=memory)
    assert again.nodes < first.nodes, "the table holds what the first search found"
    board.push(first.pv[0])
    board.push(first.pv[1])
    memory.clear()
    cleared = board.search(depth=6, memory=memory)
    assert cleared.nodes == board.search(depth=6).nodes


def test_the_same_searches_with_a_memory_give_the_same_results() -> None:
    def game() -> list[tuple[str, int, int]]:
        board = meiriqi.Board(variant="meiriqi")
        memory = meiriqi.SearchMemory()
        played = []
        for _ in range(4):
            result = board.search(nodes=5_000, memory=memory)
            assert result.move is not None
            played.append((result.move.uci(), result.score, result.nodes))
            board.push(result.move)
        return played

    assert game() == game()


def test_a_memory_serves_one_search_at_a_time() -> None:
    board = meiriqi.Board(variant="chess")
    memory = meiriqi.SearchMemory()
    stop = threading.Event()
    thread = threading.Thread(target=lambda: board.search(infinite=True, stop=stop, memory=memory))
    thread.start()
    try:
        time.sleep(0.2)
        with pytest.raises(RuntimeError, match="SearchMemory is in use by another search"):
            meiriqi.Board(variant="chess").search(depth=1, memory=memory)
    finally:
        stop.set()
        thread.join()
    assert board.search(depth=2, memory=memory).move is not None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"multipv": 0}, "invalid multipv 0"),
        ({"threads": 0}, "invalid thread count 0"),
        ({"remaining": -1.0}, "invalid clock time -1: expected seconds"),
        ({"remaining": 1.0, "increment": float("nan")}, "invalid increment NaN"),
        ({"remaining": 1.0, "moves_to_go": 0}, "invalid moves to go 0"),
        ({"searchmoves": []}, "invalid searchmoves: expected at least one legal move"),
        ({"searchmoves": [meiriqi.Move.from_uci("a1a9")]}, "illegal move a1a9"),
    ],
)
def test_bad_search_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        meiriqi.Board().search(depth=1, **options)  # type: ignore[arg-type]
