"""The ``meiriqi`` command line: ``play`` (the default), ``selfplay``, ``convert``, ``perft``,
``variant``, the engine protocols and ``serve`` (the web app).

``play``, ``selfplay`` and ``perft`` take ``--variant NAME`` (a name such as ``yangqi`` or a title
such as ``"Yang Qi"``; default ``meiriqi``); ``--variant list`` prints the variants with their
descriptions. ``convert`` and ``play --load`` take the variant from each record's ``Variant`` tag.
Those commands, ``xboard`` and ``uci`` also take ``--variant-file FILE``: a variant file
(docs/variants.md) whose variant they offer besides the built-in ones, and play by default.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from meiriqi import (
    BLACK,
    WHITE,
    Board,
    Variant,
    __version__,
    catalog,
    display,
    distributed,
    match,
    pgn,
    record_input,
    repl,
    resume,
    selfplay,
    uci,
    variant_command,
    xboard,
    xboard_records,
)
from meiriqi import cli_options as options
from meiriqi.names import counted
from meiriqi.perft_split import perft_divide, perft_in_steps
from meiriqi.sprt import MAX_NORMALIZED_ELO, Sprt
from meiriqi.web import server as web_server


def _perft(args: argparse.Namespace) -> int:
    """``meiriqi perft DEPTH [--variant NAME] [--fen FEN] [--divide] [--threads N] [--time]
    [--workers N] [--cluster ADDRESS]``."""
    board = Board(args.fen, variant=args.variant)
    start = time.perf_counter()
    if (args.workers or args.cluster is not None) and args.depth > 0:
        with _pool(args) as pool:
            counts = perft_divide(board, args.depth, pool)
        total = sum(counts.values())
        if args.divide:
            _print_divide(counts)
        else:
            print(total)
    elif sys.stderr.isatty() and args.depth > 1:
        counts = perft_in_steps(board, args.depth, _progress_line(sys.stderr), threads=args.threads)
        total = sum(counts.values())
        if args.divide:
            _print_divide(counts)
        else:
            print(total)
    elif args.divide:
        counts = board.perft_divide(args.depth, threads=args.threads)
        _print_divide(counts)
        total = sum(counts.values())
    else:
        total = board.perft(args.depth, threads=args.threads)
        print(total)
    if args.time:
        seconds = time.perf_counter() - start
        print(f"{seconds:.3f} s, {total / max(seconds, 1e-9):,.0f} nodes/s", file=sys.stderr)
    return 0


_ERASE_LINE_END = "\x1b[K"
"""The terminal's control sequence that wipes out the line from the cursor on."""


def _progress_line(terminal: TextIO) -> Callable[[int, int], None]:
    """A progress bar of the subtrees counted, drawn again and again on one line of
    ``terminal`` with the time left, and wiped out when the count is done."""
    start = time.monotonic()

    def show(done: int, total: int) -> None:
        left = (time.monotonic() - start) / done * (total - done)
        bar = selfplay.progress_bar(done, total, seconds_left=left, unit="subtrees")
        terminal.write(f"\r{bar}{_ERASE_LINE_END}" if done < total else f"\r{_ERASE_LINE_END}")
        terminal.flush()

    return show


def _print_divide(counts: dict[str, int]) -> None:
    """The count below each root move, then the total."""
    for move, count in sorted(counts.items()):
        print(f"{move}: {count}")
    print(f"\nNodes: {sum(counts.values())}")


@contextlib.contextmanager
def _pool(args: argparse.Namespace) -> Iterator[distributed.TaskPool]:
    """The pool of ``--workers`` / ``--cluster``, open. While a cluster's pool is open (from
    joining to leaving), ``sys.stdout`` is standard error: Ray prints its own messages (a worker
    lost, a node gone) to ``sys.stdout`` from a thread of its own, ``log_to_driver`` or not, so
    a command writes its results to the standard output it took before (see :func:`_output`)."""
    with contextlib.ExitStack() as stack:
        if args.cluster is not None:
            stack.enter_context(contextlib.redirect_stdout(sys.stderr))
        yield stack.enter_context(distributed.open_pool(args.workers, args.cluster))


def _play(args: argparse.Namespace) -> int:
    """``meiriqi [play] [--variant NAME] [--white/--black WHO] [--time S | --depth N]
    [--fen FEN | --load FILE] [--no-color]``."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    level = repl.Level(time=args.time) if args.depth is None else repl.Level(None, args.depth)
    session = repl.Session(
        Board(variant=args.variant),
        style=display.terminal_style(sys.stdout, no_color=args.no_color),
        computer=[
            side for side, who in ((WHITE, args.white), (BLACK, args.black)) if who == "computer"
        ],
        level=level,
    )
    try:
        if args.fen is not None:
            session.set_board(Board(args.fen, variant=args.variant))
        elif args.load is not None:
            session.do_load(args.load)
    except OSError as error:
        print(f"meiriqi play: cannot read {args.load!r}: {error.strerror}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"meiriqi play: {error}", file=sys.stderr)
        return 2
    repl.run(session)
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    """``meiriqi selfplay [--games N] [--variant NAME] [--time T | --depth D] [--out FILE]
    [--max-plies P] [--seed S] [--opening-plies K] [--workers N | --cluster ADDRESS]
    [--resume]``: nothing is read or written before the pool has started."""
    if not _can_resume(args, "selfplay"):
        return 2
    stdout = sys.stdout
    try:
        with _pool(args) as pool:
            finished = _finished_records(args, "selfplay")
            if finished is None:
                return 2
            results = Counter(game.headers["Result"] for game in finished)
            with _output(args.out, "selfplay", append=args.resume, stdout=stdout) as out:
                if out is None:
                    return 2
                results += selfplay.run(
                    args.games,
                    out,
                    progress=sys.stderr,
                    seed=args.seed,
                    time=args.time if args.depth is None else None,
                    depth=args.depth,
                    max_plies=args.max_plies,
                    opening_plies=args.opening_plies,
                    # The variant itself: a loaded one travels to the workers with its file.
                    variant=Variant(args.variant),
                    pool=pool,
                    done=len(finished),
                )
    except KeyboardInterrupt:
        return _interrupted("selfplay", args.out)
    summary = ", ".join(f"{result}: {count}" for result, count in sorted(results.items()))
    print(f"{counted(args.games, 'game')} ({summary})", file=sys.stderr)
    return 0


def _match(args: argparse.Namespace) -> int:
    """``meiriqi match --engine-a ENGINE --engine-b ENGINE [--limits-a L] [--limits-b L]
    [--option-a NAME=VALUE ...] [--option-b NAME=VALUE ...] [--patience S] [--games N]
    [--sprt ELO0 ELO1] [--alpha A] [--beta B] [--variant NAME] [--max-plies P]
    [--perpetual-check-loses] [--opening-plies K | --openings FILE] [--seed S]
    [--out FILE [--resume]]
    [--workers N | --cluster ADDRESS]``: the score, Elo and SPRT on standard output."""
    if args.games % 2:
        print("meiriqi match: --games must be even: games are played in pairs", file=sys.stderr)
        return 2
    sprt = None
    if args.sprt is not None:
        elo0, elo1 = args.sprt
        sprt = Sprt(elo0, elo1, alpha=args.alpha, beta=args.beta)
        if sprt.elo0 >= sprt.elo1:
            print("meiriqi match: --sprt ELO0 ELO1 needs ELO0 below ELO1", file=sys.stderr)
            return 2
        if max(abs(sprt.elo0), abs(sprt.elo1)) > MAX_NORMALIZED_ELO:
            print(
                f"meiriqi match: --sprt ELO0 ELO1 must lie within +-{MAX_NORMALIZED_ELO:g} "
                "(normalized Elo)",
                file=sys.stderr,
            )
            return 2
    engines = []
    for side in ("a", "b"):
        engine = options.match_engine(
            getattr(args, f"engine_{side}"),
            getattr(args, f"limits_{side}"),
            getattr(args, f"option_{side}"),
            args.patience,
        )
        if isinstance(engine, str):
            print(f"meiriqi match: --engine-{side}: {engine}", file=sys.stderr)
            return 2
        engines.append(engine)
    openings: list[match.Opening] = []
    if args.openings is not None:
        try:
            with open(args.openings, encoding="utf-8") as book:
                openings = match.read_openings(book, args.variant)
        except OSError as error:
            reason = error.strerror
            print(f"meiriqi match: cannot read {args.openings!r}: {reason}", file=sys.stderr)
            return 2
        except ValueError as error:
            print(f"meiriqi match: {args.openings}: {error}", file=sys.stderr)
            return 2
    if not _can_resume(args, "match"):
        return 2
    stdout = sys.stdout
    standing = match.Standing()
    try:
        with _pool(args) as pool:
            finished = _finished_records(args, "match")
            if finished is None:
                return 2
            standing.add_records(finished)
            settings = match.MatchSettings(
                engine_a=engines[0],
                engine_b=engines[1],
                seed=random.randrange(2**63) if args.seed is None else args.seed,
                max_plies=args.max_plies,
                opening_plies=args.opening_plies,
                variant=Variant(args.variant),
                openings=tuple(openings),
                perpetual_check_loses=args.perpetual_check_loses,
            )
            records = args.out or os.devnull
            with _output(records, "match", append=args.resume, stdout=stdout) as out:
                if out is None:
                    return 2
                print(f"A: {engines[0]}, B: {engines[1]}, variant {args.variant}", file=stdout)
                match.run(
                    settings,
                    args.games,
                    out,
                    progress=sys.stderr,
                    pool=pool,
                    sprt=sprt,
                    standing=standing,
                )
    except KeyboardInterrupt:
        print(standing.summary(sprt))
        return _interrupted("match", args.out)
    print(standing.summary(sprt))
    return 0


def _can_resume(args: argparse.Namespace, command: str) -> bool:
    """Whether the command's options allow its ``--resume``, if given; else says why not."""
    if args.resume and args.out in (None, "-"):
        print(f"meiriqi {command}: --resume needs --out FILE", file=sys.stderr)
        return False
    return True


def _finished_records(args: argparse.Namespace, command: str) -> list[pgn.Game] | None:
    """With ``--resume``, the finished games of ``--out`` (the file cut after them); without,
    none; ``None`` after saying why the run cannot resume."""
    if not args.resume:
        return []
    finished = resume.finished_records(args.out, args.variant)
    if len(finished) > args.games:
        print(
            f"meiriqi {command}: {args.out} already holds {len(finished)} games, "
            f"more than --games {args.games}",
            file=sys.stderr,
        )
        return None
    return finished


def _interrupted(command: str, out: str | None) -> int:
    """Says that the run stopped and how to resume it; the exit status of Ctrl-C."""
    resuming = out not in (None, "-")
    hint = "; add --resume to the same command to go on" if resuming else ""
    print(
        f"\nmeiriqi {command}: interrupted; the finished games are written{hint}", file=sys.stderr
    )
    return 130


def _convert(args: argparse.Namespace) -> int:
    """``meiriqi convert INPUT [-o OUTPUT] [--fen]``: exit 1 when the input has errors."""
    try:
        handle = sys.stdin if args.input == "-" else open(args.input, encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        print(f"meiriqi convert: cannot read {args.input!r}: {error.strerror}", file=sys.stderr)
        return 2
    # An unreadable input (a binary file, a line of megabytes) is a ValueError, told by _run.
    lines = xboard_records.Renumbered(
        record_input.BoundedLines(handle, "standard input" if args.input == "-" else args.input),
        notice=lambda text: print(f"meiriqi convert: {args.input}: {text}", file=sys.stderr),
    )
    with contextlib.closing(handle), _output(args.output, "convert") as dest:
        if dest is None:
            return 2
        errors = pgn.convert(lines, dest, fen=args.fen)  # type: ignore[arg-type]
    if errors:
        print(f"meiriqi convert: {errors} error(s) in {args.input}", file=sys.stderr)
    if errors and lines.undecided:
        print(
            f"meiriqi convert: note: {counted(lines.undecided, 'game')} of a board of ten ranks "
            "named no square on rank 0 or rank 10, so the ranks were read as numbered from 1 "
            "(a game saved by XBoard numbers them from 0)",
            file=sys.stderr,
        )
    return 1 if errors else 0


@contextlib.contextmanager
def _output(
    path: str, command: str, *, append: bool = False, stdout: TextIO | None = None
) -> Iterator[TextIO | None]:
    """The file ``path`` opened for writing, or for adding at its end (``-``: ``stdout``, by
    default ``sys.stdout``), or ``None`` after saying why it cannot be."""
    if path == "-":
        yield sys.stdout if stdout is None else stdout
        return
    try:
        handle = open(path, "a" if append else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        print(f"meiriqi {command}: cannot write {path!r}: {error.strerror}", file=sys.stderr)
        yield None
        return
    with handle:
        yield handle


def _variant(text: str) -> str:
    """A variant's machine name from its name or title, or ``"list"``; ``ValueError`` for
    neither."""
    if text.strip().lower() == "list":
        return "list"
    try:
        return pgn.variant_name(text)
    except ValueError as error:
        raise ValueError(f"{error}; '--variant list' describes them") from None


def _choose_variant(args: argparse.Namespace) -> None:
    """Loads ``--variant-file`` and sets ``args.variant`` (for a command that has it) to the
    machine name ``--variant`` gives, by default the file's variant, else Meiriqi; raises
    ``ValueError`` saying what is wrong."""
    loaded = None
    if getattr(args, "variant_file", None) is not None:
        try:
            loaded = Variant.load(args.variant_file)
        except OSError as error:
            why = error.strerror or error
            raise ValueError(f"cannot read {args.variant_file!r}: {why}") from None
    if hasattr(args, "variant"):
        default = "meiriqi" if loaded is None else loaded.name
        args.variant = default if args.variant is None else _variant(args.variant)


_ENGINE_USAGE = {
    "xboard": """\
Be an engine for XBoard/WinBoard: read the commands of XBoard's protocol (CECP
version 2) on standard input and answer on standard output, until 'quit'. A GUI
starts it, e.g. for a game of Mĕirìqí against it:

  xboard -fcp "meiriqi xboard" -variant meiriqi -testLegality false

Every variant is offered, chess as XBoard's 'normal'. See docs/engines.md.""",
    "uci": """\
Be a UCI engine: read UCI commands on standard input and answer on standard
output, until 'quit'; the option UCI_Variant chooses the game (default:
meiriqi). A GUI starts it; by hand, a session goes:

  uci
  setoption name UCI_Variant value yangqi
  position startpos moves e3e4
  go movetime 1000
  quit

See docs/engines.md.""",
}
"""What ``meiriqi xboard --help`` and ``meiriqi uci --help`` say the engine does and how it is
started."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    summary = (
        "Mĕirìqí (Beautiful Sun Chess), Yáng Qí, the Wildeurasian games and the reference games "
        "(chess, Xiangqi, Shogi): play, count and convert. Without a command (or with only "
        "options) it plays."
    )
    parser = options.ArgumentParser(
        prog="meiriqi",
        description=f"{textwrap.fill(summary, 80)}\n\nVariants (--variant NAME):\n"
        + catalog.listing(Board.variants(), indent="  "),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="play at the terminal (the default)")
    for side in ("white", "black"):
        play.add_argument(
            f"--{side}",
            choices=("human", "computer"),
            default="human" if side == "white" else "computer",
            help=f"who plays {side.capitalize()} (default: %(default)s)",
        )
    options.add_level(play, 1.0)
    start = play.add_mutually_exclusive_group()
    start.add_argument("--fen", help="start from this position")
    start.add_argument("--load", metavar="FILE", help="continue the game recorded in FILE")
    play.add_argument("--no-color", action="store_true", help="plain ASCII, no colours")
    options.add_variant(play)
    play.set_defaults(run=_play)

    games = commands.add_parser("selfplay", help="let the computer play itself, write the games")
    games.add_argument(
        "--games",
        type=options.number("game count", 1),
        default=10,
        metavar="N",
        help="how many games to play (default: %(default)s)",
    )
    options.add_level(games, 0.1)
    games.add_argument("--out", default="-", metavar="FILE", help="records (default: stdout)")
    games.add_argument(
        "--max-plies",
        type=options.number("ply limit", 1),
        default=500,
        metavar="P",
        help="adjudicate a game after P plies: result '*' (default: %(default)s)",
    )
    games.add_argument("--seed", type=int, help="seed of the random opening moves")
    games.add_argument(
        "--opening-plies",
        type=options.number("opening plies", 0),
        default=2,
        metavar="K",
        help="random moves at the start of each game, so games differ (default: %(default)s)",
    )
    options.add_variant(games)
    options.add_pool(games)
    options.add_resume(games)
    games.set_defaults(run=_selfplay)

    duel = commands.add_parser(
        "match",
        help="play two engines against each other (ours or UCI/XBoard programs): score, Elo, SPRT",
    )
    for engine in ("a", "b"):
        duel.add_argument(
            f"--engine-{engine}",
            required=True,
            metavar="ENGINE",
            help=f"engine {engine.upper()}: our search with depth=N, time=SECONDS and/or "
            "nodes=N per move, comma-separated (whichever ends first), or another engine as "
            "uci:COMMAND or xboard:COMMAND",
        )
        duel.add_argument(
            f"--limits-{engine}",
            type=options.limits,
            metavar="LIMITS",
            help=f"engine {engine.upper()}'s limits per move when it is a UCI or XBoard "
            "command: depth=N, time=SECONDS and/or nodes=N (default: time=1)",
        )
        duel.add_argument(
            f"--option-{engine}",
            action="append",
            default=[],
            type=options.engine_option,
            metavar="NAME=VALUE",
            help=f"a UCI option for engine {engine.upper()} (repeatable), e.g. Threads=1",
        )
    duel.add_argument(
        "--patience",
        type=options.seconds,
        default=30.0,
        metavar="SECONDS",
        help="how long past its time limit a UCI or XBoard engine may stay silent before it "
        "loses the game (default: %(default)s)",
    )
    duel.add_argument(
        "--openings",
        metavar="FILE",
        help="start pair k from line k of FILE: a FEN or moves in coordinate notation "
        "(instead of random moves)",
    )
    duel.add_argument(
        "--games",
        type=options.number("game count", 2),
        default=100,
        metavar="N",
        help="an even number of games: pairs from the same opening, colours swapped "
        "(default: %(default)s)",
    )
    duel.add_argument(
        "--sprt",
        nargs=2,
        type=options.elo,
        metavar=("ELO0", "ELO1"),
        help="stop when fishtest's SPRT decides between normalized Elo ELO0 and ELO1 of A over B",
    )
    for name in ("alpha", "beta"):
        duel.add_argument(
            f"--{name}",
            type=options.error_rate,
            default=0.05,
            help=f"the SPRT's {name} (default: %(default)s)",
        )
    duel.add_argument("--out", metavar="FILE", help="write the game records to FILE")
    duel.add_argument(
        "--max-plies",
        type=options.number("ply limit", 1),
        default=300,
        metavar="P",
        help="a game still on after P plies counts as a draw (default: %(default)s)",
    )
    duel.add_argument(
        "--perpetual-check-loses",
        action="store_true",
        help="a side that gave check with every move of a threefold repetition loses, as in "
        "Xiangqi's Asian rules, which Fairy-Stockfish plays (our rules have no repetition rule "
        "there)",
    )
    duel.add_argument(
        "--opening-plies",
        type=options.number("opening plies", 0),
        default=4,
        metavar="K",
        help="random moves at the start of each pair's games (default: %(default)s)",
    )
    duel.add_argument("--seed", type=int, help="seed of the random openings")
    options.add_variant(duel)
    options.add_pool(duel)
    options.add_resume(duel)
    duel.set_defaults(run=_match)

    convert = commands.add_parser("convert", help="check and rewrite game records")
    convert.add_argument("input", metavar="INPUT", help="the records to read ('-': stdin)")
    convert.add_argument("-o", "--output", default="-", metavar="OUTPUT", help="default: stdout")
    convert.add_argument("--fen", action="store_true", help="write each game's final FEN only")
    options.add_variant_file(convert)
    convert.set_defaults(run=_convert)

    perft = commands.add_parser("perft", help="count the leaves of the legal move tree")
    perft.add_argument("depth", type=options.number("depth", 0, 20), help="number of plies")
    perft.add_argument("--fen", help="start from this position instead of the initial one")
    perft.add_argument("--divide", action="store_true", help="print the count below each move")
    perft.add_argument(
        "--threads",
        type=options.number("thread count", 1),
        help="worker threads (default: all cores)",
    )
    perft.add_argument("--time", action="store_true", help="print the time and speed to stderr")
    options.add_variant(perft)
    options.add_pool(perft)
    perft.set_defaults(run=_perft)

    engines = (
        ("xboard", "be an engine for XBoard/WinBoard (CECP); see docs/engines.md", xboard.main),
        ("uci", "be a UCI engine (option UCI_Variant); see docs/engines.md", uci.main),
    )
    for name, summary, serve in engines:
        engine_parser = commands.add_parser(
            name,
            help=summary,
            description=_ENGINE_USAGE[name],
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        options.add_variant_file(engine_parser)
        engine_parser.set_defaults(run=lambda _, serve=serve: serve())

    variant_command.add_parser(commands)
    web_server.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    With no arguments, or only options (``meiriqi --black human``), it runs ``play``. Any command
    ends quietly on Ctrl-C, with status 130 (128 + SIGINT, as a shell reports it), and when its
    standard output is closed (``meiriqi perft 5 --divide | head -1``), with status 1, by Python's
    recipe for a broken pipe (docs.python.org/3/library/signal.html#note-on-sigpipe).
    """
    try:
        status = _run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Python flushes the standard streams at exit: what is left goes to devnull instead.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


def _run(argv: Sequence[str] | None) -> int:
    """:func:`main` without its handling of Ctrl-C and closed pipes."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    top_level = ("-h", "--help", "--version")
    if not arguments or (arguments[0].startswith("-") and arguments[0] not in top_level):
        arguments.insert(0, "play")
    args = build_parser().parse_args(arguments)
    try:
        _choose_variant(args)
        if getattr(args, "variant", None) == "list":
            return variant_command.list_variants()
        return int(args.run(args))
    except ValueError as error:
        # Every unfit argument (a FEN, a depth, a thread count) ends here with its reason.
        print(f"meiriqi {arguments[0]}: {error}", file=sys.stderr)
        return 2
