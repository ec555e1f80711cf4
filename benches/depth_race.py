"""How deep UCI engines search, and with how many nodes, on the same positions.

For each engine: the mean nodes and depth reached in a fixed time a move, and the nodes each
needs to reach fixed depths, over the positions of one game in a positions file (lines of a
variant's name and a FEN, as `benches/search_positions.txt`). Each position is searched after a
`ucinewgame`, alone. Figures are in benches/RESULTS.md (twenty-first round):

    python3 benches/depth_race.py --variant chess --movetime 100 --depths 8,10,12 \\
        "python3 -m meiriqi uci" benches/compare/fairy-stockfish/src/stockfish
"""

import argparse
import shlex
import subprocess
from pathlib import Path


class Engine:
    """A UCI engine run as a child process, driven line by line."""

    def __init__(self, command: str, variant: str) -> None:
        self.process = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word: str) -> list[str]:
        """The lines read up to the first that starts with `word`, which ends the list."""
        assert self.process.stdout is not None
        lines = []
        for line in self.process.stdout:
            lines.append(line.strip())
            if line.startswith(word):
                return lines
        raise RuntimeError(f"the engine stopped before {word!r}")

    def search(self, fen: str, limit: str) -> tuple[int, int]:
        """The nodes and depth of the last `info` line of a search of `fen` under `limit`."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go {limit}")
        nodes = depth = 0
        for line in self.wait_for("bestmove"):
            words = line.split()
            if words[:1] == ["info"]:
                nodes = field(words, "nodes", nodes)
                depth = field(words, "depth", depth)
        return nodes, depth

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def field(words: list[str], name: str, default: int) -> int:
    """The number after `name` in an `info` line's `words`, or `default`."""
    if name in words[:-1]:
        return int(words[words.index(name) + 1])
    return default


def positions(path: Path, variant: str) -> list[str]:
    """The FENs of `variant` in the positions file at `path`."""
    fens = []
    for line in path.read_text().splitlines():
        name, _, fen = line.partition(" ")
        if name == variant and fen:
            fens.append(fen.strip())
    return fens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs="+", help="UCI engine commands")
    parser.add_argument("--variant", default="chess", help="the game, as the file names it")
    parser.add_argument(
        "--positions",
        type=Path,
        default=Path(__file__).with_name("search_positions.txt"),
        help="a positions file (default: benches/search_positions.txt)",
    )
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds a search")
    parser.add_argument("--depths", default="8", help="depths to count nodes to, with commas")
    arguments = parser.parse_args()
    try:
        fens = positions(arguments.positions, arguments.variant)
        depths = [int(depth) for depth in arguments.depths.split(",")]
    except (OSError, ValueError) as error:
        parser.error(str(error))
    if not fens:
        parser.error(f"no {arguments.variant} positions in {arguments.positions}")
    print(f"{len(fens)} {arguments.variant} positions")
    for command in arguments.engines:
        engine = Engine(command, arguments.variant)
        timed = [engine.search(fen, f"movetime {arguments.movetime}") for fen in fens]
        nodes = sum(n for n, _ in timed) // len(fens)
        depth = sum(d for _, d in timed) / len(fens)
        to_depth = [sum(engine.search(fen, f"depth {d}")[0] for fen in fens) for d in depths]
        engine.close()
        counts = " / ".join(f"{count:,}" for count in to_depth)
        print(
            f"{command}: {nodes:,} nodes and depth {depth:.1f} in {arguments.movetime} ms; "
            f"nodes to depth {'/'.join(map(str, depths))}: {counts}"
        )


if __name__ == "__main__":
    main()
