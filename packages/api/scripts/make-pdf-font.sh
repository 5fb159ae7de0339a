#!/bin/sh
# Makes the font the offer-letter PDF embeds: a standalone TrueType subset of Noto Sans CJK SC Regular.
# pdf-lib cannot read a .ttc collection, and its CFF subsetter writes CID fonts that viewers reject
# (poppler: "Embedded font file may be invalid"), so the CFF outlines are converted to TrueType (glyf)
# quadratic curves, padded so pdf-lib's TrueType subsetter keeps every glyph. Run once on Debian after `apt-get install -y fonts-noto-cjk fonttools`;
# the output is committed, so neither package is needed at run time.
#   sh packages/api/scripts/make-pdf-font.sh
# Subset: printable ASCII, Latin-1 punctuation and ¥, every GB 2312 character (6,763 hanzi plus its symbols,
# full-width forms and punctuation), CJK punctuation, general punctuation. Names outside it (rare
# characters) are drawn with a fallback by the PDF code (see offer-letter-pdf.ts).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
src=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
out="$here/assets/fonts/NotoSansSC-Regular-subset.ttf"
text=$(mktemp)
cff=$(mktemp --suffix=.otf)
trap 'rm -f "$text" "$cff"' EXIT

# Face 2 of the collection is "Noto Sans CJK SC"; check rather than trust the index.
face=$(/usr/bin/python3 - "$src" <<'PY'
import sys
from fontTools.ttLib import TTCollection
for i, f in enumerate(TTCollection(sys.argv[1]).fonts):
    if f['name'].getDebugName(4) == 'Noto Sans CJK SC':
        print(i)
        break
else:
    sys.exit('Noto Sans CJK SC not found in ' + sys.argv[1])
PY
)

# Every character GB 2312 can encode (rows 0xA1-0xF7, cells 0xA1-0xFE).
/usr/bin/python3 - > "$text" <<'PY'
chars = []
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.append(bytes([hi, lo]).decode('gb2312'))
        except UnicodeDecodeError:
            pass
print(''.join(chars))
PY

pyftsubset "$src" --font-number="$face" \
  --text-file="$text" \
  --unicodes="U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-205E,U+3000-303F,U+FF01-FF5E,U+FFE0-FFE6" \
  --name-IDs='*' --name-legacy --name-languages='*' \
  --no-hinting --desubroutinize \
  --output-file="$cff"

# CFF (cubic) to TrueType (quadratic) outlines; post table format 3 (no glyph names) keeps it small.
/usr/bin/python3 - "$cff" "$out" <<'PY'
import sys
from fontTools.ttLib import TTFont, newTable
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

font = TTFont(sys.argv[1])
order = font.getGlyphOrder()
glyphs = font.getGlyphSet()
glyf = newTable('glyf')
glyf.glyphOrder = order
glyf.glyphs = {}
for name in order:
    pen = TTGlyphPen(glyphs)
    glyphs[name].draw(Cu2QuPen(pen, max_err=2.0, reverse_direction=True))
    glyf[name] = pen.glyph()
# Pad every glyph to 4 bytes: fontkit (pdf-lib) writes a short loca (offset / 2) when its subset is small,
# and unpadded odd-length glyphs then point half a byte off and vanish.
glyf.padding = 4
font['glyf'] = glyf
font['loca'] = newTable('loca')
maxp = font['maxp']
maxp.tableVersion = 0x00010000
for attr in ('maxTwilightPoints', 'maxStorage', 'maxFunctionDefs', 'maxInstructionDefs', 'maxStackElements', 'maxSizeOfInstructions', 'maxComponentElements'):
    setattr(maxp, attr, 0)
maxp.maxZones = 1
font['head'].indexToLocFormat = 1
font['head'].glyphDataFormat = 0
font['post'].formatType = 3.0
for table in ('CFF ', 'VORG'):
    if table in font:
        del font[table]
font.sfntVersion = '\x00\x01\x00\x00'
font.save(sys.argv[2])
PY

# The SIL Open Font License 1.1 travels with the font (text from Debian's copyright file of fonts-noto-cjk).
{
  echo "Noto Sans CJK SC (subset: $(basename "$out"))"
  echo "Copyright © 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'."
  echo "Source: https://github.com/googlefonts/noto-cjk, Debian package fonts-noto-cjk."
  echo
  zcat -f /usr/share/doc/fonts-noto-cjk/copyright | awk '/^License: SIL-1.1$/ {on++; if (on == 2) next} on == 2 && /^License:/ {exit} on == 2 {sub(/^ /, ""); if ($0 == ".") $0 = ""; print}'
} > "$here/assets/fonts/OFL.txt"

ls -l "$out"
