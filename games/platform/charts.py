"""Small server-rendered SVG charts for balance results (no JavaScript library), for every
game's balance pages.

Each function returns one `<svg>` string: bars with their counts written on them and a
`<title>` per bar for a hover tooltip. Two runs shown side by side pass the same
`categories` and `top` so their charts share axes and can be compared by eye.
"""
from __future__ import annotations

from html import escape
from typing import Iterable, Optional, Sequence

INK = "#2b2620"
GRID = "#d9d2c3"
BAR = "#5a7d9a"
WIN = "#4f8a4a"
LOSS = "#a5473d"


def nice_ticks(top: float, count: int = 4) -> list:
    """Axis values from 0 up to at least `top` in steps of 1, 2 or 5 times a power of ten
    (whole numbers for counts: an axis of games never reads 2.5)."""
    rough = max(top, 1) / count
    power = 10 ** max(0, len(str(int(rough))) - 1)
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    ticks = [0]
    while ticks[-1] < top:
        ticks.append(ticks[-1] + step)
    return ticks


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def bar_chart(pairs: Iterable[Sequence], *, title: str, x_label: str = "", y_label: str = "games",
              categories: Optional[Sequence] = None, top: Optional[float] = None,
              colour: str = BAR, width: int = 460, height: int = 200,
              css_class: str = "chart") -> str:
    """Vertical bars, one per category (in the order given), labelled underneath.

    `pairs` is [(category, count), ...]; categories missing from it are drawn as zero.
    """
    counts = {str(k): v for k, v in pairs}
    labels = [str(c) for c in categories] if categories is not None else list(counts)
    ticks = nice_ticks(max([top or 0, *counts.values(), 1]))
    top = ticks[-1]
    left, right, upper, lower = 40, 10, 36, 42
    plot_w, plot_h = width - left - right, height - upper - lower
    slot = plot_w / max(len(labels), 1)
    bar_w = min(max(slot * 0.72, 1.0), 64.0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{escape(css_class)}" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'aria-label="{escape(title)}" font-family="sans-serif" font-size="11">',
        f'<title>{escape(title)}</title>',
        f'<text x="{left}" y="15" font-size="13" font-weight="bold" fill="{INK}">{escape(title)}</text>',
    ]
    for value in ticks:
        y = upper + plot_h - plot_h * value / top
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{_n(y)}" y2="{_n(y)}" '
                     f'stroke="{GRID}" stroke-width="1"/>')
        parts.append(f'<text x="{left - 4}" y="{_n(y + 4)}" text-anchor="end" fill="{INK}">'
                     f'{value}</text>')
    every = max(1, len(labels) // 16)  # keep the axis readable with many categories
    for i, label in enumerate(labels):
        value = counts.get(label, 0)
        h = plot_h * value / top
        x = left + i * slot + (slot - bar_w) / 2
        y = upper + plot_h - h
        parts.append(f'<rect class="bar" data-category="{escape(label)}" data-value="{value}" '
                     f'x="{_n(x)}" y="{_n(y)}" width="{_n(bar_w)}" height="{_n(h)}" fill="{colour}">'
                     f'<title>{escape(label)}: {value}</title></rect>')
        if value and slot >= 18:
            parts.append(f'<text x="{_n(x + bar_w / 2)}" y="{_n(y - 3)}" text-anchor="middle" '
                         f'fill="{INK}" font-size="9">{value}</text>')
        if i % every == 0:
            parts.append(f'<text x="{_n(x + bar_w / 2)}" y="{upper + plot_h + 14}" '
                         f'text-anchor="middle" fill="{INK}">{escape(label)}</text>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{upper + plot_h}" y2="{upper + plot_h}" '
                 f'stroke="{INK}" stroke-width="1"/>')
    if x_label:
        parts.append(f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle" '
                     f'fill="{INK}">{escape(x_label)}</text>')
    if y_label:
        parts.append(f'<text x="10" y="{upper + plot_h / 2}" text-anchor="middle" fill="{INK}" '
                     f'transform="rotate(-90 10 {upper + plot_h / 2})">{escape(y_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def win_rate_chart(rate: float, low: float, high: float, *, title: str = "Win rate",
                   width: int = 460, height: int = 64) -> str:
    """A 0-100% bar with the win rate filled in and its 95% interval as a whisker."""
    left, right = 10, 10
    plot_w = width - left - right
    y, h = 26, 16

    def at(p: float) -> float:
        return left + plot_w * max(0.0, min(1.0, p))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart win-rate" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'aria-label="{escape(title)}" font-family="sans-serif" font-size="11">',
        f'<title>{escape(title)}: {rate:.1%} (95% interval {low:.1%} to {high:.1%})</title>',
        f'<text x="{left}" y="15" font-size="13" font-weight="bold" fill="{INK}">'
        f'{escape(title)}: {rate:.1%}</text>',
        f'<rect x="{left}" y="{y}" width="{plot_w}" height="{h}" fill="#efe9dc" stroke="{GRID}"/>',
        f'<rect class="bar" x="{left}" y="{y}" width="{_n(at(rate) - left)}" height="{h}" fill="{WIN}"/>',
        f'<line class="interval" x1="{_n(at(low))}" x2="{_n(at(high))}" y1="{y + h / 2}" '
        f'y2="{y + h / 2}" stroke="{INK}" stroke-width="2"/>',
        f'<line x1="{_n(at(low))}" x2="{_n(at(low))}" y1="{y + 3}" y2="{y + h - 3}" stroke="{INK}" stroke-width="2"/>',
        f'<line x1="{_n(at(high))}" x2="{_n(at(high))}" y1="{y + 3}" y2="{y + h - 3}" stroke="{INK}" stroke-width="2"/>',
    ]
    for p in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<text x="{_n(at(p))}" y="{y + h + 13}" text-anchor="middle" fill="{INK}" '
                     f'font-size="9">{int(p * 100)}%</text>')
    parts.append("</svg>")
    return "".join(parts)
