"""How deep UCI engines search, and with how many nodes, on the same positions.

For each engine: the mean nodes and depth reached in a fixed time a move, and the nodes each
needs to reach fixed depths, over the positions of one game in a positions file (lines of a
variant's name and a FEN, as `benches/search_positions.txt`). Each position is searched after a
`ucinewgame`, alone. Figures are in benches/RESULTS.md (twenty-first round):

    python3 benches/depth_race.py --variant chess --movetime 100 --depths 8,10,12 \\
        "python3 -m meiriqi uci" benches/compare/fairy-stockfish/src/stockfish
"""

import argparse
from pathlib import Path

from tune_data import UciEngine


class Engine(UciEngine):
    """A UCI engine whose searches report their nodes and depth."""

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


def race(command: str, variant: str, fens: list[str], movetime: int, depths: list[int]) -> str:
    """How engine `command` searches `fens`: its mean nodes and depth in `movetime` ms, and its
    nodes to each of `depths` over them all."""
    engine = Engine(command, variant)
    timed = [engine.search(fen, f"movetime {movetime}") for fen in fens]
    nodes = sum(n for n, _ in timed) // len(fens)
    depth = sum(d for _, d in timed) / len(fens)
    to_depth = [sum(engine.search(fen, f"depth {d}")[0] for fen in fens) for d in depths]
    engine.close()
    counts = " / ".join(f"{count:,}" for count in to_depth)
    listed = "/".join(map(str, depths))
    return (
        f"{nodes:,} nodes and depth {depth:.1f} in {movetime} ms; nodes to depth {listed}: {counts}"
    )


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
        try:
            print(
                f"{command}: {race(command, arguments.variant, fens, arguments.movetime, depths)}"
            )
        except (OSError, RuntimeError, ValueError) as error:
            parser.error(f"{command}: {error}")


if __name__ == "__main__":
    main()
