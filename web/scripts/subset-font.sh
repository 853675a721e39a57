#!/bin/sh
# Makes web/fonts/xiangqi-glyphs.woff2: Noto Serif CJK SC (SIL Open Font
# License 1.1, Debian's fonts-noto-cjk) cut down to the characters the board
# and the move list draw: the pieces in both scripts, the river (楚河 汉界 /
# 漢界), the numerals and words of Chinese notation, full-width and ASCII
# digits and the file letters. The page loads it (style.css, @font-face), so
# that the board looks the same with or without a CJK font installed.
#
# Needs: apt-get install fonts-noto-cjk; a Python with fonttools and brotli
# (python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools brotli;
# PYTHON=/tmp/ft/bin/python). Run from anywhere: sh web/scripts/subset-font.sh
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
font=${NOTO_SERIF_CJK:-/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc}
# The collection's Simplified Chinese face (its index found by name).
index=$("$python" - "$font" <<'PY'
import sys
from fontTools.ttLib import TTCollection
for i, f in enumerate(TTCollection(sys.argv[1]).fonts):
    if f["name"].getDebugName(1).endswith(" SC"):
        print(i)
        break
else:
    sys.exit("no SC face in " + sys.argv[1])
PY
)
# Pieces (traditional and simplified, both colours' forms), river, notation.
text='帥帅將将仕士相象傌馬马俥車车炮砲包兵卒楚河漢汉界一二三四五六七八九十进進退平前后後中飞'
text="$text"'０１２３４５６７８９0123456789abcdefghi'
"$python" -m fontTools.subset "$font" --font-number="$index" --text="$text" \
  --flavor=woff2 --layout-features='' --no-hinting --desubroutinize \
  --name-IDs='0,1,2,3,4,5,6,13,14' --output-file="$here/fonts/xiangqi-glyphs.woff2"
ls -l "$here/fonts/xiangqi-glyphs.woff2"
