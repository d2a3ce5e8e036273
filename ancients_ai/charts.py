"""The charts of an Awoken balance run's result page (the platform draws them:
`games.platform.charts`): the win rate, game lengths, why the party lost and the rounds
crystals were taken in, two runs on shared axes."""
from __future__ import annotations

from typing import Sequence

from games.platform.charts import LOSS, WIN, bar_chart, win_rate_chart


def run_charts(results: dict, *, rounds: Sequence, crystal_rounds: Sequence, causes: Sequence,
               top_rounds: float, top_crystals: float, top_causes: float) -> dict:
    """The four charts of a run's result page, on shared axes."""
    return {
        "win_rate": win_rate_chart(results["win_rate"], results["ci_low"], results["ci_high"]),
        "rounds": bar_chart(results["rounds"], title="Game length", x_label="rounds played",
                            categories=rounds, top=top_rounds, css_class="chart rounds"),
        "loss_causes": bar_chart(results["loss_causes"], title="Why the party lost",
                                 categories=causes, top=top_causes, colour=LOSS,
                                 css_class="chart loss-causes"),
        "crystal_rounds": bar_chart(results["crystal_rounds"], title="Crystals taken, by round",
                                    x_label="round", y_label="crystals", categories=crystal_rounds,
                                    top=top_crystals, colour=WIN, css_class="chart crystal-rounds"),
    }


def shared_axes(*runs: dict) -> dict:
    """Categories and heights that make the charts of several runs comparable."""
    def keys(name):
        found = {k for r in runs for k, _ in r.get(name, [])}
        return sorted(found)

    def top(name):
        return max([v for r in runs for _, v in r.get(name, [])] or [1])

    rounds = keys("rounds")
    if rounds:
        rounds = list(range(min(rounds), max(rounds) + 1))
    crystal_rounds = keys("crystal_rounds")
    if crystal_rounds:
        crystal_rounds = list(range(min(crystal_rounds), max(crystal_rounds) + 1))
    return {"rounds": rounds, "crystal_rounds": crystal_rounds,
            "causes": keys("loss_causes") or ["track", "wiped_out"],
            "top_rounds": top("rounds"), "top_crystals": top("crystal_rounds"),
            "top_causes": top("loss_causes")}
