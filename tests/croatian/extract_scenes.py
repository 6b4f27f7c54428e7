#!/usr/bin/env python3
"""Dumps the facts of the Croatian Chess book's scenes into tests/data/croatian/scenes.json.

Runs the book's own scene code (mmlacak/crochess, book/py/scene_*.py, GPL: run, never
copied) from a checkout given as the first argument, e.g.

    git -C /work/.mirror/mmlacak+crochess/repo archive HEAD book/py | tar x -C /tmp/crochess
    python3 tests/croatian/extract_scenes.py /tmp/crochess/book/py > tests/data/croatian/scenes.json

and writes, per scene: its name, variant, board size, the pieces (cell and letter:
upper case the light side, lower case the dark one; a Star `T` bright, `t` dim; the
Monolith `M`), the view's cell bounds, the arrows (from, to, mark type; a cell is null
when the arrow's end is not a cell's centre), the texts (cell, text, mark type) and the
field markers (cell, mark type); an arrow's end or a text is in the cell whose square
holds the point the book draws it at (a cell is null off the board). Mark types: legal, illegal, action, blocked. Also the
start position of each variant as the book's Board.setup() draws it (rows from rank 1).
Only facts: positions and marks.
"""

import json
import math
import os
import sys


def main():
    book = sys.argv[1] if len(sys.argv) > 1 else "/tmp/crochess/book/py"
    sys.path.insert(0, book)
    os.chdir(book)
    from board import BoardType, Board
    from mark import MarkType
    from scene_mix import SceneMix

    kinds = {
        MarkType.Legal: "legal",
        MarkType.Illegal: "illegal",
        MarkType.Action: "action",
        MarkType.Blocked: "blocked",
    }

    def cell(x, y, size):
        # An arrow's ends and a text's place are drawn inside their cell (the book's
        # scene code moves them off its centre): the cell is the floor of each.
        i, j = math.floor(x), math.floor(y)
        if not (0 <= i < size and 0 <= j < size):
            return None
        return "%s%d" % (chr(ord("a") + i), j + 1)

    def letter(p):
        return p.get_label()

    def pieces_of(board):
        size = board.get_width()
        out = []
        for j in range(size):
            for i in range(size):
                p = board.get_piece(i, j)
                if p != 0:
                    out.append([cell(i, j, size), letter(p)])
        return out

    variants = [
        BoardType.Classical, BoardType.CroatianTies, BoardType.MayanAscendancy,
        BoardType.AgeOfAquarius, BoardType.MirandasVeil, BoardType.Nineteen,
        BoardType.HemerasDawn, BoardType.TamoanchanRevisited,
        BoardType.ConquestOfTlalocan, BoardType.Discovery, BoardType.One,
    ]
    starts = {}
    for bt in variants:
        b = Board(bt)
        b.setup()
        starts[BoardType(bt).get_name()] = {"size": b.get_width(), "pieces": pieces_of(b)}

    scenes = []
    sm = SceneMix()
    for method in sm.get_all_scene_methods():
        s = method()
        board = s.board
        size = board.get_width()
        (l, b), (r, t) = s.board_view.get_position_limits()
        scenes.append({
            "name": method.__name__,
            "variant": board.type.get_name(),
            "size": size,
            "pieces": pieces_of(board),
            "view": [cell(max(0, int(l)), max(0, int(b)), size),
                     cell(min(size - 1, int(r)), min(size - 1, int(t)), size)],
            "arrows": [[cell(*a.start, size), cell(*a.end, size), kinds[a.mark_type]]
                       for a in s.arrows],
            "texts": [[cell(*x.pos, size), x.text, kinds[x.mark_type]] for x in s.texts],
            "markers": [[cell(*f.field, size), kinds[f.mark_type]] for f in s.field_markers],
        })

    out = {
        "source": "mmlacak/crochess book/py (scenes run, facts only)",
        "starts": starts,
        "scenes": scenes,
    }
    json.dump(out, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
