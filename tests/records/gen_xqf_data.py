#!/usr/bin/env python3
"""Makes the XQF test data of tests/suite/tests/records_xqf.rs.

1. Our writer's files, `tests/suite/tests/data/xqf/*-v18.xqf` (XQF 1.8, key
   bytes zero), written by the test itself:
       XQF_WRITE_SAMPLES=1 cargo test -p xiangqi-suite --test suite records_xqf::samples
   (this script runs that first).
2. From each, the same game in every other version, written here with this
   script's own implementation of the format (from XQStudio's XQF.TXT for
   1.0 and cchess's reader for the 1.1+ key scheme): `*-v10.xqf` (no keys,
   1.0 flag nibbles, a comment length on every record) and `*-v11.xqf` to
   `*-v17.xqf`, `*-v18k.xqf`, encrypted with random keys (seeded).
3. cchess (`pip install cchess`) reads every file: its start position,
   lines, comments and headers go to `expected.json`, the reference the
   Rust test compares our reading with (nothing in it comes from our
   reader). The script checks that cchess reads every version of a game
   the same (else the encryption here would be wrong).

    python tests/records/gen_xqf_data.py        (with cchess importable)
"""

import json
import os
import random
import struct
import subprocess

from compare_cchess import REPO, read_cchess

DATA = os.path.join(REPO, "tests", "suite", "tests", "data", "xqf")
MASK = b"[(C) Copyright Mr. Dong Shiwei.]"


def parse_ours(b):
    """The pieces (slot -> square) and records (src, dst, next, sibling, comment) of our v18 zero-key file."""
    assert b[:3] == b"XQ\x12" and b[3:16] == bytes(13)
    raw = b[0x10:0x30]
    # Key 0: slot i is read from byte (i + 1) mod 32, so byte i holds slot (i + 1) mod 32.
    slots = [raw[(i - 1) % 32] for i in range(32)]
    recs = []
    pos = 0x400
    while pos < len(b):
        src, dst, tag, _ = b[pos : pos + 4]
        pos += 4
        comment = b""
        if tag & 0x20:
            (n,) = struct.unpack("<I", b[pos : pos + 4])
            n -= 767
            comment = b[pos + 4 : pos + 4 + n]
            pos += 4 + n
        recs.append((src - 24, dst - 32, bool(tag & 0x80), bool(tag & 0x40), comment))
    return b[:0x400], slots, recs


def square_key(k, x):
    return ((((((k * k) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * x) & 0xFF


def write_version(header, slots, recs, version, rng):
    h = bytearray(header)
    h[2] = version
    if version == 10:
        h[3:16] = bytes(13)
        h[0x10:0x30] = bytes(slots)
        body = bytearray()
        for i, (src, dst, nxt, sib, comment) in enumerate(recs):
            tag = (0xF0 if nxt else 0) | (0x0F if sib else 0)
            if i == 0:
                src, dst = 0, 0
            body += bytes([(src + 24) & 0xFF, (dst + 32) & 0xFF, tag, 0xFF if i == 0 else 0])
            body += struct.pack("<I", len(comment)) + comment
        return bytes(h) + bytes(body)
    keys = [rng.randrange(256) for _ in range(13)]
    keys[1:5] = [0, 0, 0, 0]  # the product id
    h[3:16] = bytes(keys)
    mask, ors, ksum, kxy, kxyf, kxyt = keys[0], keys[5:9], keys[9], keys[10], keys[11], keys[12]
    xy = square_key(kxy, kxy)
    xyf = square_key(kxyf, xy)
    xyt = square_key(kxyt, xyf)
    rmk = (ksum * 256 + kxy) % 32000 + 767
    fkey = [(k & mask) | o for k, o in zip((ksum, kxy, kxyf, kxyt), ors)]
    stream = [MASK[i] & fkey[i % 4] for i in range(32)]
    enc = [(s + xy) & 0xFF for s in slots]
    if version >= 12:
        raw = [enc[(xy + i + 1) & 31] for i in range(32)]
    else:
        raw = enc
    h[0x10:0x30] = bytes(raw)
    body = bytearray()
    for i, (src, dst, nxt, sib, comment) in enumerate(recs):
        tag = (0x80 if nxt else 0) | (0x40 if sib else 0) | (0x20 if comment else 0) | rng.randrange(0x20)
        body += bytes([(src + 24 + xyf) & 0xFF, (dst + 32 + xyt) & 0xFF, tag, rng.randrange(256)])
        if comment:
            body += struct.pack("<I", len(comment) + rmk) + comment
    body = bytes((c + stream[i % 32]) & 0xFF for i, c in enumerate(body))
    return bytes(h) + body


def main():
    env = dict(os.environ, XQF_WRITE_SAMPLES="1")
    subprocess.run(
        ["cargo", "test", "-q", "-p", "xiangqi-suite", "--test", "suite", "records_xqf::samples"],
        cwd=REPO, env=env, check=True,
    )
    rng = random.Random(51)
    expected = {}
    for base in sorted(f for f in os.listdir(DATA) if f.endswith("-v18.xqf")):
        name = base[: -len("-v18.xqf")]
        with open(os.path.join(DATA, base), "rb") as f:
            header, slots, recs = parse_ours(f.read())
        files = [base]
        for version in list(range(10, 18)) + [18]:
            out = "%s-v%d%s.xqf" % (name, version, "k" if version == 18 else "")
            with open(os.path.join(DATA, out), "wb") as f:
                f.write(write_version(header, slots, recs, version, rng))
            files.append(out)
        readings = {}
        for f in files:
            r = read_cchess(os.path.join(DATA, f))
            assert not isinstance(r, str), (f, r)
            board, side, lines, comments, headers = r
            readings[f] = {
                "board": board,
                "side": side,
                "lines": sorted(lines) if lines else [""],
                "comments": comments,
                "headers": headers,
            }
        first = readings[base]
        for f, r in readings.items():
            assert r == first, "cchess reads %s and %s differently" % (base, f)
        expected.update(readings)
    with open(os.path.join(DATA, "expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    print("%d files" % len(expected))


if __name__ == "__main__":
    main()
