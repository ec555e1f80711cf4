"""``meiriqi match`` and its statistics: game pairs, the Elo estimate, fishtest's SPRT."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from meiriqi import match, sprt
from meiriqi.cli import main
from meiriqi.selfplay import Player

MATCH = ["match", "--engine-a", "depth=2", "--engine-b", "depth=1", "--max-plies", "24"]


def approximate_llr(pentanomial: list[int], elo0: float, elo1: float) -> float:
    """The closed-form approximation of the normalized-Elo LLR (normalized_elo_practical.pdf,
    section 4.2), close to the exact value when the Elo are small."""
    pairs = sum(pentanomial)
    mean = sum(i / 4 * n for i, n in enumerate(pentanomial)) / pairs
    variance = sum(n * (i / 4 - mean) ** 2 for i, n in enumerate(pentanomial)) / pairs
    t = (mean - 0.5) / math.sqrt(2 * variance)
    t0, t1 = (elo / (800 / math.log(10)) for elo in (elo0, elo1))
    return pairs * math.log((1 + (t - t0) ** 2) / (1 + (t - t1) ** 2))


@pytest.mark.parametrize(
    ("pentanomial", "elo0", "elo1"),
    [
        ([39, 2226, 31451, 2412, 40], 0.764, 3.439),
        ([10789, 19328, 33806, 19402, 10543], -3, 1),
        ([1187, 7410, 13475, 7378, 1164], 0, 5),
        ([2, 10, 20, 14, 4], 0, 10),
    ],
)
def test_llr_agrees_with_its_approximation(
    pentanomial: list[int], elo0: float, elo1: float
) -> None:
    exact = sprt.log_likelihood_ratio(pentanomial, elo0, elo1)
    assert exact == pytest.approx(approximate_llr(pentanomial, elo0, elo1), abs=0.01)


def test_llr_mirrors_and_regularizes() -> None:
    pentanomial = [3, 8, 20, 11, 5]
    # Engine A's losses are B's wins: H1 "A is 10 better" is H0 of "B is 10 worse".
    assert sprt.log_likelihood_ratio(pentanomial[::-1], -10, 0) == pytest.approx(
        -sprt.log_likelihood_ratio(pentanomial, 0, 10), abs=1e-9
    )
    # Unseen outcomes count 0.001 times, as in fishtest: three won pairs are a little evidence.
    assert sprt.log_likelihood_ratio([0, 0, 0, 0, 3], -1.75, 0.25) == pytest.approx(0.0245, 1e-2)
    assert sprt.log_likelihood_ratio([0, 0, 0, 0, 0], 0, 5) == pytest.approx(0, abs=1e-9)


def test_llr_of_a_crushing_score() -> None:
    # Nine pairs won in ten: strong evidence for 150 normalized Elo over 0, and none for 0.
    assert sprt.log_likelihood_ratio([0, 0, 0, 1, 9], 0, 150) > 2.9
    assert sprt.log_likelihood_ratio([0, 0, 1, 0, 0], 0, 200) < 0
    with pytest.raises(ValueError, match="out of this test's reach"):
        sprt.log_likelihood_ratio([0, 0, 0, 2, 8], 0, 300)


def test_sprt_bounds_and_verdicts() -> None:
    test = sprt.Sprt(0, 5)
    assert test.bounds == pytest.approx((-2.944, 2.944), abs=1e-3)
    assert [test.verdict(llr) for llr in (-3, 0, 3)] == ["H0", None, "H1"]


def test_elo_estimate() -> None:
    elo, margin = sprt.elo_estimate([5, 10, 20, 10, 5])
    assert elo == pytest.approx(0, abs=1e-9)
    assert 0 < margin < sprt.elo_estimate([1, 2, 4, 2, 1])[1]
    better, _ = sprt.elo_estimate([1, 5, 20, 15, 9])
    assert better > 0
    assert sprt.logistic_elo(0.75) == pytest.approx(190.85, abs=0.01)


def test_standing_counts_pairs_from_a_s_side() -> None:
    standing = match.Standing()
    # Pair 1: A (White) wins, then A (Black) draws; pair 2: A loses as White, wins as Black.
    for round_number, result in enumerate(["1-0", "1/2-1/2", "0-1", "0-1"], 1):
        standing.add(round_number, result)
    assert (standing.wins, standing.draws, standing.losses) == (2, 1, 1)
    assert standing.pentanomial == [0, 0, 1, 1, 0]
    standing.add(5, "*")
    assert standing.draws == 2, "an adjudicated game counts as a draw"
    assert not standing.decided(sprt.Sprt(0, 5, alpha=0.45, beta=0.45)), "in the middle of a pair"


def test_match_game_colours_alternate() -> None:
    settings = match.MatchSettings(Player(depth=2), Player(depth=1), seed=3, max_plies=6)
    first, second = (match.play_match_game((settings, number)) for number in (1, 2))
    assert '[White "A depth=2"]' in first.text
    assert '[White "B depth=1"]' in second.text
    moves = [game.text.split("\n\n")[1].split() for game in (first, second)]
    assert moves[0][:3] == moves[1][:3], "the pair's games start from the same opening"


@pytest.fixture(scope="module")
def single_process_match(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The records and the report of a 6-game match played in this process."""
    out = tmp_path_factory.mktemp("match") / "match.pgn"
    result = meiriqi_cli(*MATCH, "--games", "6", "--seed", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8"), result.stdout


def meiriqi_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m meiriqi ARGV`` as a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "meiriqi", *argv], capture_output=True, text=True, timeout=300
    )


def test_match_report(single_process_match: tuple[str, str]) -> None:
    records, report = single_process_match
    assert records.count('[Event "meiriqi match"]') == 6
    lines = report.splitlines()
    assert lines[0] == "A: depth=2, B: depth=1, variant meiriqi"
    assert lines[1].startswith("Games: 6, A scored ")
    assert lines[2].startswith("Elo of A over B: ")
    assert lines[2].endswith("(95%)")
    assert lines[3].startswith("Pairs scoring 0, 1/2, 1, 3/2, 2: [")


def test_match_on_workers_is_the_same(
    single_process_match: tuple[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "match.pgn"
    result = meiriqi_cli(*MATCH, "--games", "6", "--seed", "2", "--out", str(out), "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert (out.read_text(encoding="utf-8"), result.stdout) == single_process_match


def test_match_resumes(single_process_match: tuple[str, str], tmp_path: Path) -> None:
    records = single_process_match[0]
    out = tmp_path / "match.pgn"
    out.write_text(records[: len(records) // 2], "utf-8")
    result = meiriqi_cli(*MATCH, "--games", "6", "--seed", "2", "--out", str(out), "--resume")
    assert result.returncode == 0, result.stderr
    assert (out.read_text(encoding="utf-8"), result.stdout) == single_process_match


def test_sprt_stops_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    # Every game is adjudicated after 4 plies, a draw: evidence for Elo 0 over Elo -100.
    argv = ["match", "--engine-a", "depth=1", "--engine-b", "nodes=50,depth=1", "--games", "40"]
    argv += ["--max-plies", "4", "--sprt", "-100", "0", "--alpha", "0.4", "--beta", "0.4"]
    assert main([*argv, "--seed", "1"]) == 0
    report = capsys.readouterr().out
    assert "Games: 6, A scored 3 - 3 (50.0%): 0 wins, 6 draws, 0 losses" in report
    assert report.rstrip().endswith("(-0.41, 0.41): H1 accepted")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "3"], "meiriqi match: --games must be even"),
        (["--sprt", "5", "0"], "meiriqi match: --sprt ELO0 ELO1 needs ELO0 below ELO1"),
        (["--sprt", "0", "x"], "invalid Elo 'x': expected a number"),
        (["--sprt", "0", "300"], "meiriqi match: --sprt ELO0 ELO1 must lie within +-200"),
        (["--alpha", "0.5"], "invalid error rate '0.5': expected above 0, below 0.5"),
        (["--resume"], "meiriqi match: --resume needs --out FILE"),
        (["--engine-a", "deep=3"], "invalid search setting 'deep=3'"),
        (["--engine-a", "depth=3,depth=4"], "invalid search setting 'depth=3,depth=4'"),
        (["--engine-a", "time=0"], "invalid time 0: expected more than 0 seconds"),
        (["--engine-b", "nodes=x"], "invalid nodes 'x': expected a whole number"),
    ],
)
def test_match_bad_options(argv: list[str], message: str) -> None:
    result = meiriqi_cli(*MATCH, *argv)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
