"""Draw a shipped map (or any board definition file) to SVG, and to PNG when rsvg-convert exists.

    python -m wildlands.content.render_map dungeon              # writes dungeon.svg (+ dungeon.png)
    python -m wildlands.content.render_map path/to/board.yaml -o out.svg

For checking a map by eye while editing it: walls are thick dark lines, open boundaries
thin white ones, cover cores dark, high ground shaded with arrows on its climbs.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

from wildlands.board_svg import board_svg
from games.platform.content_common import read_yaml
from wildlands.content.maps import load_map
from wildlands.rules.board import board_from_data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw a board to SVG (and PNG if rsvg-convert is installed).")
    parser.add_argument("board", help="a shipped map name, or a YAML file with a board definition")
    parser.add_argument("-o", "--output", help="the SVG file to write (default: <name>.svg here)")
    parser.add_argument("--scale", type=float, default=22.0, help="pixels per board unit")
    args = parser.parse_args(argv)

    path = Path(args.board)
    if path.suffix in (".yaml", ".yml"):
        data = read_yaml(path)
        board = board_from_data(data.get("board", data), name=path.stem, source=str(path))
    else:
        board = load_map(args.board)
    out = Path(args.output or f"{board.name}.svg")
    out.write_text(board_svg(board, pixels_per_unit=args.scale), encoding="utf-8")
    print(f"wrote {out}")
    converter = shutil.which("rsvg-convert")
    if converter:
        png = out.with_suffix(".png")
        subprocess.run([converter, "-o", str(png), str(out)], check=True)
        print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
