"""Calls that run in Rust without the interpreter lock: a finished call returns at once (it never
waits for the watcher's next look for Ctrl-C), and a board being searched or counted can be read
meanwhile, from another thread or from the search's own ``info`` callback, but not changed.
"""

from __future__ import annotations

import copy
import pickle
import threading
from collections.abc import Callable, Iterator

import pytest

import meiriqi
from meiriqi import _core


@pytest.fixture
def hour_long_looks() -> Iterator[None]:
    """The watcher looks for signals once an hour: a call that waited for its look would hang."""
    previous = _core._set_watch_interval(3600.0)
    yield
    _core._set_watch_interval(previous)


def in_thread(work: Callable[[], object], timeout: float) -> bool:
    """Runs ``work`` on a thread; whether it finished within ``timeout`` seconds."""
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(timeout)
    return not thread.is_alive()


@pytest.mark.usefixtures("hour_long_looks")
def test_a_finished_call_never_waits_for_the_watcher() -> None:
    board = meiriqi.Board()

    def calls() -> None:
        for _ in range(41):
            # Short calls run on the calling thread; these run on a thread of their own.
            assert board.perft(1) == 44 and board.perft(3, threads=1) == 90_313
            assert board.search(depth=1).move is not None
            assert board.search(depth=2).move is not None
            assert len(board.perft_divide(3, threads=1)) == 44
            assert len(board.random_games(3, max_plies=1000)) == 3

    # An hour's wait per call would take days; 120 seconds is ample for these calls.
    assert in_thread(calls, timeout=120), "a call waited for the watcher's next look"


def test_the_watch_interval_is_checked() -> None:
    for bad in (0.0, -1.0, float("nan"), float("inf"), 10.0**9):
        with pytest.raises(ValueError, match="invalid watch interval"):
            _core._set_watch_interval(bad)


READS: dict[str, Callable[[meiriqi.Board], object]] = {
    "repr": repr,
    "str": str,
    "fen": lambda board: board.fen(),
    "legal_moves": lambda board: list(board.legal_moves),
    "copy": lambda board: board.copy(),
    "copy.copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda board: pickle.loads(pickle.dumps(board)),
    "==": lambda board: board == meiriqi.Board(),
    "san": lambda board: board.san(board.legal_moves[0]),
    "is_check": lambda board: board.is_check(),
    "outcome": lambda board: board.outcome(),
    "perft": lambda board: board.perft(2),
}

WRITES: dict[str, Callable[[meiriqi.Board], object]] = {
    "push": lambda board: board.push(meiriqi.Move.from_uci("c3c4")),
    "push_uci": lambda board: board.push_uci("c3c4"),
    "push_san": lambda board: board.push_san("c4"),
    "pop": lambda board: board.pop(),
    "set_fen": lambda board: board.set_fen(meiriqi.STARTING_FEN),
    "clear": lambda board: board.clear(),
    "set_piece_at": lambda board: board.set_piece_at(0, None),
    "remove_piece_at": lambda board: board.remove_piece_at(0),
}


def searched(board: meiriqi.Board, during: Callable[[meiriqi.Board], object]) -> list[object]:
    """What ``during(board)`` gave, or raised, in each iteration of a search of ``board``."""
    seen: list[object] = []

    def info(_: object) -> None:
        try:
            seen.append(during(board))
        except Exception as error:
            seen.append(error)

    board.search(depth=2, info=info)
    return seen


@pytest.mark.parametrize("name", READS)
def test_a_board_can_be_read_during_its_search(name: str) -> None:
    board = meiriqi.Board()
    board.push_uci("c3c4")
    seen = searched(board, READS[name])
    assert seen and not any(isinstance(value, BaseException) for value in seen), seen


@pytest.mark.parametrize("name", WRITES)
def test_a_board_cannot_change_during_its_search(name: str) -> None:
    board = meiriqi.Board()
    board.push_uci("c3c4")
    fen, stack = board.fen(), board.move_stack
    seen = searched(board, WRITES[name])
    assert seen and all(isinstance(value, RuntimeError) for value in seen), seen
    assert "being searched" in str(seen[0])
    assert board.fen() == fen and board.move_stack == stack
    board.pop()  # and it may change again once the search has returned
    assert board.ply() == 0


def test_another_thread_reads_and_is_refused_writes_while_a_search_runs() -> None:
    board = meiriqi.Board()
    stop = threading.Event()
    outcomes: dict[str, object] = {}

    def reader() -> None:
        for name, read in READS.items():
            try:
                outcomes[name] = read(board)
            except Exception as error:
                outcomes[name] = error
        try:
            board.push_uci("c3c4")
        except RuntimeError as error:
            outcomes["push"] = error
        stop.set()

    started = threading.Event()

    def info(_: object) -> None:
        if not started.is_set():
            started.set()
            threading.Thread(target=reader, daemon=True).start()

    board.search(time=60, stop=stop, info=info)
    assert set(outcomes) == {*READS, "push"}
    errors = {name: value for name, value in outcomes.items() if isinstance(value, Exception)}
    assert list(errors) == ["push"], errors
    assert board.ply() == 0
