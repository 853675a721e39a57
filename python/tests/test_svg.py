"""Board pictures: xiangqi_rs.svg.board and Board._repr_svg_."""

import xml.etree.ElementTree as ET

from xiangqi_rs import Board, Move, svg


def parse(text):
    root = ET.fromstring(text)
    assert root.tag.endswith("svg")
    return root


def test_repr_svg():
    b = Board()
    plain = b._repr_svg_()
    parse(plain)
    b.push_str("h2e2")
    # The last move is highlighted.
    assert b._repr_svg_() != plain
    parse(b._repr_svg_())


def test_options():
    b = Board()
    default = svg.board(b)
    assert default == b._repr_svg_()
    assert 'width="300"' in svg.board(b, size=300)
    assert svg.board(b, flipped=True) != default
    assert svg.board(b, letters=True) != default
    with_arrow = svg.board(b, arrows=[Move.from_iccs("h2e2")], lastmove=Move.from_iccs("b0c2"))
    parse(with_arrow)
    assert with_arrow != default
    # Chinese characters by default.
    assert "帥" in default or "帅" in default
