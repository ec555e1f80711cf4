"""Pools that run independent tasks on several processes or on a Ray cluster.

Every pool has one method, :meth:`TaskPool.run`: it calls a picklable module-level function on
each task and yields ``(index, result)`` pairs as the tasks finish, every index exactly once. A
task whose worker dies (a killed process, a lost Ray node) is run again, up to
:data:`MAX_ATTEMPTS` times in all; an exception raised by the function itself is raised again
here, not retried. :func:`in_order` turns the stream back into task order.

- :class:`SerialPool`: this process, one task after another (the default: nothing started);
- :class:`ProcessPool`: ``workers`` processes on this machine (:mod:`concurrent.futures`);
- :class:`RayPool`: a running Ray cluster; Ray is imported only here, so the rest of the package
  needs no dependency (``pip install "meiriqi[cluster]"`` brings it).
"""

from __future__ import annotations

import abc
import heapq
import logging
import socket
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

__all__ = [
    "MAX_ATTEMPTS",
    "ProcessPool",
    "RayPool",
    "SerialPool",
    "TaskLostError",
    "TaskPool",
    "in_order",
    "open_pool",
]

TaskT = TypeVar("TaskT")
ResultT = TypeVar("ResultT")
HandleT = TypeVar("HandleT", bound=Hashable)

MAX_ATTEMPTS = 4
"""How many times a task is started before its lost worker counts as the task's own fault."""


class TaskLostError(RuntimeError):
    """A task's worker died :data:`MAX_ATTEMPTS` times: the task itself probably kills it."""


class TaskPool(abc.ABC):
    """Runs tasks somewhere and yields their results as they finish; a context manager that
    releases its workers on exit."""

    @abc.abstractmethod
    def run(
        self, function: Callable[[TaskT], ResultT], tasks: Sequence[TaskT]
    ) -> Iterator[tuple[int, ResultT]]:
        """``(index, function(tasks[index]))`` for every task, in the order they finish."""

    @property
    @abc.abstractmethod
    def workers(self) -> int:
        """How many tasks run at the same time."""

    @abc.abstractmethod
    def close(self, *, abandon: bool = False) -> None:
        """Releases the workers; with ``abandon`` (the run stopped early: Ctrl-C, an error),
        without waiting for the tasks they are still running."""

    def __enter__(self) -> TaskPool:
        return self

    def __exit__(self, exc_type: object, *exc_info: object) -> None:
        self.close(abandon=exc_type is not None)


class SerialPool(TaskPool):
    """Runs the tasks in this process, one after another."""

    @property
    def workers(self) -> int:
        """One."""
        return 1

    def run(
        self, function: Callable[[TaskT], ResultT], tasks: Sequence[TaskT]
    ) -> Iterator[tuple[int, ResultT]]:
        """Each task's result as soon as it is computed."""
        for index, task in enumerate(tasks):
            yield index, function(task)

    def close(self, *, abandon: bool = False) -> None:
        """Nothing to release."""


class _RetryingPool(TaskPool, Generic[HandleT]):
    """The loop shared by the pools with remote workers: at most :attr:`in_flight` tasks
    submitted at a time, the lowest indices first, and a task whose worker was lost put back in
    line."""

    lost_errors: tuple[type[BaseException], ...] = ()
    """The exceptions that say a worker died, not that the task failed."""

    @property
    def in_flight(self) -> int:
        """How many tasks are submitted at a time: two per worker, so that a worker finds its
        next task waiting when it finishes one."""
        return 2 * self.workers

    @abc.abstractmethod
    def _submit(self, function: Callable[[Any], Any], task: Any) -> HandleT:
        """Starts one task; a handle to wait on."""

    @abc.abstractmethod
    def _wait(self, handles: list[HandleT]) -> list[HandleT]:
        """Blocks until at least one of ``handles`` is done; the done ones."""

    @abc.abstractmethod
    def _result(self, handle: HandleT) -> Any:
        """The finished task's result (or its exception raised); a lost worker raises one of
        :attr:`lost_errors` after any repair the pool needs."""

    def run(
        self, function: Callable[[TaskT], ResultT], tasks: Sequence[TaskT]
    ) -> Iterator[tuple[int, ResultT]]:
        """Every task's result, re-running the tasks of lost workers."""
        waiting = list(range(len(tasks)))
        attempts = [0] * len(tasks)
        running: dict[HandleT, int] = {}
        try:
            while waiting or running:
                while waiting and len(running) < self.in_flight:
                    index = heapq.heappop(waiting)
                    attempts[index] += 1
                    running[self._submit(function, tasks[index])] = index
                for handle in self._wait(list(running)):
                    index = running.pop(handle)
                    try:
                        result = self._result(handle)
                    except self.lost_errors as error:
                        if attempts[index] >= MAX_ATTEMPTS:
                            raise TaskLostError(
                                f"task {index} lost its worker {attempts[index]} times: {error}"
                            ) from error
                        heapq.heappush(waiting, index)
                        continue
                    yield index, result
        finally:
            self._cancel(list(running))

    @abc.abstractmethod
    def _cancel(self, handles: list[HandleT]) -> None:
        """Gives up the tasks still running when the caller stops early."""


class ProcessPool(_RetryingPool[Future[Any]]):
    """``workers`` processes on this machine; a pool broken by a dead worker is replaced and
    the unfinished tasks are submitted again."""

    lost_errors = (BrokenProcessPool,)

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._executor = ProcessPoolExecutor(workers)
        self._owners: dict[Future[Any], ProcessPoolExecutor] = {}

    @property
    def workers(self) -> int:
        """The number of processes."""
        return self._workers

    def _submit(self, function: Callable[[Any], Any], task: Any) -> Future[Any]:
        future = self._executor.submit(function, task)
        self._owners[future] = self._executor
        return future

    def _wait(self, handles: list[Future[Any]]) -> list[Future[Any]]:
        return list(wait(handles, return_when=FIRST_COMPLETED).done)

    def _result(self, handle: Future[Any]) -> Any:
        owner = self._owners.pop(handle)
        try:
            return handle.result()
        except BrokenProcessPool:
            # Every task of a broken pool fails this way; the first one replaces the pool.
            if owner is self._executor:
                owner.shutdown(wait=False)
                self._executor = ProcessPoolExecutor(self._workers)
            raise

    def _cancel(self, handles: list[Future[Any]]) -> None:
        # The tasks are not cancelled here but by :meth:`close`, which follows: the waiting
        # ones are dropped there, or every worker is stopped. Python 3.11's executor fails
        # every unfinished future when a worker is stopped, and one cancelled just before
        # makes its thread print an InvalidStateError (CPython fixed it in 3.12).
        for handle in handles:
            self._owners.pop(handle, None)

    def close(self, *, abandon: bool = False) -> None:
        """Stops the processes: after the tasks already started, or, abandoning the run, at
        once (a worker deep in a long count would otherwise hold the program for minutes)."""
        if abandon:
            # concurrent.futures has no public way to stop a busy worker before Python 3.14.
            for process in list(getattr(self._executor, "_processes", {}).values()):
                process.terminate()
        self._executor.shutdown(wait=True, cancel_futures=True)


def _run_task(function: Callable[[Any], Any], task: Any) -> Any:
    """``function(task)``: what a Ray task runs (its workers are called ``ray::_run_task``)."""
    return function(task)


class RayPool(_RetryingPool[Any]):
    """A running Ray cluster at ``address`` (``"host:port"`` or ``"auto"``); ``workers`` tasks
    at a time (default: one per CPU of the cluster). Ray itself retries a task whose worker
    died; when it gives up, the task is submitted again from here."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        ray = _import_ray()
        _check_reachable(address)
        try:
            ray.init(
                address=address,
                logging_level=logging.ERROR,
                log_to_driver=False,
                configure_logging=False,
            )
        # No cluster there, another Ray version, a token asked for and not found, ...
        except (ConnectionError, RuntimeError, ray.exceptions.RayError) as error:
            raise ValueError(f"cannot join the Ray cluster at {address}: {error}") from None
        self._ray = ray
        self._remote = ray.remote(max_retries=MAX_ATTEMPTS - 1, retry_exceptions=False)(_run_task)
        self._workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.lost_errors = (
            ray.exceptions.WorkerCrashedError,
            ray.exceptions.NodeDiedError,
            ray.exceptions.ObjectLostError,
            ray.exceptions.OwnerDiedError,
        )

    @property
    def workers(self) -> int:
        """Tasks in flight at a time."""
        return self._workers

    @property
    def in_flight(self) -> int:
        """:attr:`workers`: Ray starts a task as soon as it has a free CPU for it, so a task
        waiting in line here would be one more running."""
        return self._workers

    def _submit(self, function: Callable[[Any], Any], task: Any) -> Any:
        return self._remote.remote(function, task)

    def _wait(self, handles: list[Any]) -> list[Any]:
        done, _ = self._ray.wait(handles, num_returns=1)
        return list(done)

    def _result(self, handle: Any) -> Any:
        try:
            return self._ray.get(handle)
        except self._ray.exceptions.RayTaskError as error:
            raise error.as_instanceof_cause() from None

    def _cancel(self, handles: list[Any]) -> None:
        for handle in handles:
            self._ray.cancel(handle, force=True)

    def close(self, *, abandon: bool = False) -> None:
        """Disconnects from the cluster (which keeps running; the tasks of an abandoned run
        were cancelled already)."""
        self._ray.shutdown()


def _import_ray() -> Any:
    """The ``ray`` module, or ``ValueError`` saying how to install it."""
    try:
        import ray  # here, not at the top: only --cluster needs it
    except ImportError:
        raise ValueError(
            "--cluster needs Ray: install meiriqi[cluster] (pip install 'meiriqi[cluster]')"
        ) from None
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """``ValueError`` unless something listens at ``address`` (``host:port``; ``auto`` and Ray
    client addresses are left to Ray), rather than Ray's endless retries."""
    if not address.strip():
        raise ValueError("--cluster needs the address of a running Ray cluster, such as host:6379")
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "://" in address:
        return
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as error:
        raise ValueError(
            f"cannot reach the Ray cluster at {address}: {error.strerror or error}"
        ) from None


def open_pool(workers: int | None = None, cluster: str | None = None) -> TaskPool:
    """The pool that the command-line options ask for: a Ray cluster at ``cluster``, else
    ``workers`` processes, else this process alone."""
    if cluster is not None:
        return RayPool(cluster, workers)
    if workers is not None and workers > 1:
        return ProcessPool(workers)
    return SerialPool()


def in_order(results: Iterable[tuple[int, ResultT]], start: int = 0) -> Iterator[ResultT]:
    """The results of ``(index, result)`` pairs in index order from ``start``, each as soon as
    every earlier one has arrived."""
    early: dict[int, ResultT] = {}
    following = start
    for index, result in results:
        early[index] = result
        while following in early:
            yield early.pop(following)
            following += 1
