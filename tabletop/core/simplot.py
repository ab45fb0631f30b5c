"""Plots of a simulation's report (``tabletop.core.sim``), drawn with matplotlib.

``plot_report(report, path)`` writes one PNG with three panels: the win rate with its
95% interval, the mean of the game's per-round figure (the card game: threat at the
start of each round), and the histogram of the rounds the games lasted (won and lost).
``plot_reports([...], path)`` puts several reports side by side (one bar each, one
line each).  matplotlib is used headless (the Agg backend) and imported only here.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _


def _label(report: dict[str, Any]) -> str:
    opts = report.get("options") or {}
    decks = opts.get("decks")
    what = "+".join(decks) if isinstance(decks, (list, tuple)) else str(decks or "")
    return " ".join(x for x in (report["policy"], what) if x)


def plot_reports(reports: list[dict[str, Any]], path: str, title: str | None = None) -> str:
    """Draw the reports into the PNG file ``path`` (returned)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4.8), dpi=100)
    labels = [_label(r) for r in reports]
    rates = [r["win_rate"] * 100 for r in reports]
    lows = [r["win_rate"] * 100 - r["ci95"][0] * 100 for r in reports]
    highs = [r["ci95"][1] * 100 - r["win_rate"] * 100 for r in reports]
    xs = list(range(len(reports)))
    ax1.bar(xs, rates, yerr=[lows, highs], capsize=6, color="#4C72B0", alpha=0.85)
    for x, r in zip(xs, reports):
        ax1.annotate(f"{r['win_rate']:.0%}\n({r['wins']}/{r['n']})", (x, r["ci95"][1] * 100),
                     ha="center", va="bottom", fontsize=9, xytext=(0, 3),
                     textcoords="offset points")
    ax1.set_xticks(xs, labels, rotation=15 if len(xs) > 2 else 0)
    ax1.set_ylim(0, 100)
    ax1.set_ylabel(_("win rate (%)"))
    ax1.set_title(_("Win rate and its 95% interval"))

    figure = "threat"
    for r, label in zip(reports, labels):
        per: list = r["per_round"].get(figure) or next(iter(r["per_round"].values()), [])
        pts = [(i + 1, v) for i, v in enumerate(per) if v is not None]
        if pts:
            ax2.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=label)
    if any(r["per_round"].get(figure) for r in reports):
        ax2.axhline(50, color="#C44E52", ls="--", lw=1)
        ax2.annotate(_("50: eliminated"), (1, 50), xytext=(2, 3), textcoords="offset points",
                     fontsize=8, color="#C44E52")
        low, _high = ax2.get_ylim()
        ax2.set_ylim(low, 53)
    ax2.set_xlabel(_("round"))
    ax2.set_ylabel(_("mean threat at the start of the round"))
    ax2.set_title(_("Threat per round (games still going)"))
    if len(reports) > 1:
        ax2.legend(fontsize=8)

    width = 0.8 / max(1, len(reports))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (r, label) in enumerate(zip(reports, labels)):
        hist = {int(k): v for k, v in r["rounds"]["histogram"].items()}
        won = {int(k): v for k, v in r["rounds"]["won"].items()}
        ks = sorted(hist)
        off = (i - (len(reports) - 1) / 2) * width
        lost_c, won_c = ("#C44E52", "#55A868") if len(reports) == 1 else (colours[i % 10],) * 2
        prefix = "" if len(reports) == 1 else label + ": "
        ax3.bar([k + off for k in ks], [hist[k] - won.get(k, 0) for k in ks], width,
                color=lost_c, alpha=0.55, label=prefix + _("lost"))
        ax3.bar([k + off for k in ks], [won.get(k, 0) for k in ks], width,
                bottom=[hist[k] - won.get(k, 0) for k in ks], color=won_c, alpha=1.0,
                hatch="" if len(reports) == 1 else "//", edgecolor="white",
                label=prefix + _("won"))
    from matplotlib.ticker import MaxNLocator
    ax3.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax3.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax3.set_xlabel(_("rounds played"))
    ax3.set_ylabel(_("games"))
    ax3.set_title(_("How long the games lasted"))
    ax3.legend(fontsize=8)
    r0 = reports[0]
    opts = r0.get("options") or {}
    fig.suptitle(title or _("{game} {scenario}: {n} games per policy from seed {seed}").format(
        game=r0["game"], scenario=opts.get("scenario", ""), n=r0["n"], seed=r0["seed"]))
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)
    return path


def plot_report(report: dict[str, Any], path: str) -> str:
    """Draw one report into the PNG file ``path`` (returned)."""
    return plot_reports([report], path)
