"""Shared test configuration: hypothesis profiles, the ``slow`` marker, cross-check statistics.

Profiles (choose with the environment variable ``MEIRIQI_HYPOTHESIS_PROFILE``):

- ``ci`` (the default): few examples, so the whole cross-check suite stays well under two
  minutes on a 2-core machine;
- ``thorough``: tens of thousands of generated games and positions, for a long run by hand.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

for name, examples in (("ci", 40), ("thorough", 20_000)):
    settings.register_profile(
        name,
        max_examples=examples,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
settings.load_profile(os.environ.get("MEIRIQI_HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def worker() -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A process of its own for a module's pyffish calls (spawned, so that the variants a
    module loads into pyffish stay out of every other module's way)."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        yield pool


_CROSSCHECK_STATS: Counter[str] = Counter()


def pytest_configure(config: pytest.Config) -> None:
    """Registers the ``slow`` marker (deselect with ``-m "not slow"``)."""
    config.addinivalue_line("markers", "slow: takes seconds, not milliseconds")


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` during the test, also when the test runner ignores
    SIGINT (as a job started in the background does): ``_thread.interrupt_main`` does nothing
    then."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture(scope="session")
def crosscheck_stats() -> Counter[str]:
    """Counts of what the cross-checks compared (games, plies, positions, ...)."""
    return _CROSSCHECK_STATS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Reports how much the cross-checks compared, when they ran."""
    if _CROSSCHECK_STATS:
        counts = ", ".join(f"{n} {what}" for what, n in sorted(_CROSSCHECK_STATS.items()))
        terminalreporter.write_line(f"cross-check compared: {counts}")
