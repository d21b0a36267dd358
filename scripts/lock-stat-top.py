#!/usr/bin/env python3
"""The most contended lock classes of a saved /proc/lock_stat.

    lock-stat-top.py [-n N] [--by contentions|waittime] [-o FILE.png|svg] [FILE]

FILE is a saved /proc/lock_stat (default: the live file), in the layout
of Documentation/locking/lockstat.rst that both engines print.  Prints the
top N classes (default 10) with their contentions, wait times,
acquisitions and first contention point; -o also draws them with gnuplot
as a bar chart of contentions and total wait.  A file that does not parse
is refused with the line at fault and exit status 1.
"""
import argparse
import os
import subprocess
import sys
import tempfile

NAME_WIDTH = 40
COLUMNS = ["con-bounces", "contentions", "waittime-min", "waittime-max",
           "waittime-total", "waittime-avg", "acq-bounces", "acquisitions",
           "holdtime-min", "holdtime-max", "holdtime-total", "holdtime-avg"]
RULE = NAME_WIDTH + 1 + 12 * 15


class ParseError(Exception):
    pass


def is_time(tok):
    whole, _, frac = tok.partition(".")
    return whole.isdigit() and len(frac) == 2 and frac.isdigit()


def parse_class(line):
    """A class line: "name:" in 40 columns, then the 12 figures."""
    if len(line) <= NAME_WIDTH or line[NAME_WIDTH] != ":":
        return None
    toks = line[NAME_WIDTH + 1:].split()
    if len(toks) != len(COLUMNS):
        return None
    row = {"name": line[:NAME_WIDTH].strip(), "points": []}
    for col, tok in zip(COLUMNS, toks):
        if "time" in col:
            if not is_time(tok):
                return None
            row[col] = float(tok)
        elif tok.isdigit():
            row[col] = int(tok)
        else:
            return None
    return row if row["name"] else None


def parse_point(line):
    """A call site: name, count, [<address>], symbol."""
    if len(line) <= NAME_WIDTH or line[NAME_WIDTH] != " ":
        return None
    toks = line[NAME_WIDTH:].split(None, 2)
    if len(toks) != 3 or not toks[0].isdigit() or \
            not (toks[1].startswith("[<") and toks[1].endswith(">]")):
        return None
    return line[:NAME_WIDTH].strip(), int(toks[0]), toks[2]


def is_rule(line, char):
    body = line.lstrip(" ")
    return body and body == char * len(body) and \
        (len(line) == RULE if char == "." else len(line) in (RULE, NAME_WIDTH))


def header_ok(lines):
    want = "%40s" % "class name" + "".join(" %14s" % c for c in COLUMNS)
    i = 1 if lines and lines[0] == "lock_stat version 0.4" else None
    if i is None:
        raise ParseError("line 1: not 'lock_stat version 0.4'")
    if lines[i].startswith("*WARNING*"):
        i += 1
    if lines[i:i + 4] != ["-" * RULE, want, "-" * RULE, ""]:
        raise ParseError("line %d: not the column header" % (i + 1))
    return i + 4


def parse(text):
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    classes = []
    for n in range(header_ok(lines), len(lines)):
        line = lines[n]
        if line == "" or is_rule(line, ".") or is_rule(line, "-"):
            continue
        row = parse_class(line)
        if row:
            classes.append(row)
            continue
        point = parse_point(line)
        # A class taken both ways has a -W and a -R line; its points follow.
        owners = [c for c in classes[-2:] if c["name"] in
                  (point[0], point[0] + "-W", point[0] + "-R")] if point else []
        if owners and owners[-1] is classes[-1]:
            for c in owners:
                c["points"].append(point)
            continue
        raise ParseError("line %d: %s" % (n + 1, line[:100]))
    return classes


def plot(rows, out, by):
    data = tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False)
    with data:
        for i, r in enumerate(rows):
            data.write('%d "%s" %d %.2f\n' % (i, r["name"], r["contentions"],
                                             r["waittime-total"]))
    term = "svg" if out.endswith(".svg") else "pngcairo size 900,%d" % \
        (200 + 30 * len(rows))
    script = f"""
set terminal {term}
set output '{out}'
set title 'Most contended lock classes (by {by})'
set style fill solid 0.8
set yrange [-1:{len(rows)}] reverse
set ytics nomirror
set xlabel 'contentions'
set x2label 'total wait (us)'
set x2tics
set key bottom right
plot '{data.name}' using 3:1:(0):3:($1-0.2):($1+0.02):ytic(2) with boxxyerror title 'contentions', \\
     '' using 4:1:(0):4:($1+0.02):($1+0.2) axes x2y1 with boxxyerror title 'total wait (us)'
"""
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
    finally:
        os.unlink(data.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10, help="how many classes")
    ap.add_argument("--by", choices=["contentions", "waittime"],
                    default="contentions")
    ap.add_argument("-o", dest="out", help="draw to FILE.png or FILE.svg")
    ap.add_argument("file", nargs="?", default="/proc/lock_stat")
    args = ap.parse_args()
    try:
        with open(args.file) as f:
            classes = parse(f.read())
    except (OSError, ParseError) as e:
        print("lock-stat-top: %s: %s" % (args.file, e), file=sys.stderr)
        return 1
    key = "contentions" if args.by == "contentions" else "waittime-total"
    rows = sorted((c for c in classes if c["contentions"]),
                  key=lambda c: c[key], reverse=True)[:args.n]
    print("%-40s %12s %14s %12s %14s  %s" % ("class", "contentions",
          "wait-total/us", "wait-avg/us", "acquisitions", "first contention point"))
    for r in rows:
        site = r["points"][0][2] if r["points"] else "-"
        print("%-40s %12d %14.2f %12.2f %14d  %s" % (
            r["name"], r["contentions"], r["waittime-total"],
            r["waittime-avg"], r["acquisitions"], site))
    if args.out:
        if not rows:
            print("lock-stat-top: nothing contended to draw", file=sys.stderr)
            return 1
        plot(rows, args.out, args.by)
    return 0


if __name__ == "__main__":
    sys.exit(main())
