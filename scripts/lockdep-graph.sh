#!/bin/sh
# Draw what the lock validator knows as a Graphviz graph (DOT on stdout, or
# a picture with -o): lock classes as nodes, "taken while holding" as edges.
#
#   lockdep-graph.sh [--class NAME [--depth N]] [--chains FILE] [LOCKDEP]
#       LOCKDEP is a saved /proc/lockdep (default: the live /proc/lockdep).
#       --class keeps the classes within N edges (default 1) of NAME, both
#       ways; --chains adds the validated chains of a saved
#       /proc/lockdep_chains as dashed edges between consecutive classes.
#   lockdep-graph.sh --report CONSOLE_LOG
#       draws the cycle of the first "possible circular locking dependency"
#       report in a console log: the known dependencies, and in red the new
#       one that closes the cycle.
#   -o FILE.png|FILE.svg  render with dot instead of printing DOT.
set -eu
. "$(dirname "$0")/lib.sh"

class= depth=1 chains= report= out=
while [ $# -gt 0 ]; do
	case "$1" in
	--class) class=${2:?--class needs a name}; shift 2 ;;
	--depth) depth=${2:?--depth needs a number}; shift 2 ;;
	--chains) chains=${2:?--chains needs a file}; shift 2 ;;
	--report) report=${2:?--report needs a console log}; shift 2 ;;
	-o) out=${2:?-o needs a file}; shift 2 ;;
	-*) die "unknown option $1 (see the header of $0)" ;;
	*) break ;;
	esac
done
input=${1:-/proc/lockdep}
case "$depth" in *[!0-9]* | '') die "--depth wants a number, not '$depth'" ;; esac

# The cycle of a circular-dependency report, from its "-> #N (name)" lines
# and the lock being acquired / the lock held.
report_dot() {
	awk '
	# "... (name){usage}-{x:y} ..." -> name; names may hold parentheses
	# ("(wq_completion)name"), so the name starts after the last " ("
	# before "){".
	function name(s,    i) {
		s = " " substr(s, 1, index(s, "){") - 1)
		while ((i = index(s, " (")) > 0)
			s = substr(s, i + 2)
		return s
	}
	{ sub(/^\[ *[0-9.]+\] /, "") }
	/WARNING: possible circular locking dependency detected/ { on = 1; next }
	!on { next }
	on == 1 && /\(.*\)\{/ && !acq { acq = name($0); next }
	on == 1 && /\(.*\)\{/ && !held { held = name($0); next }
	/^-> #[0-9]+ / { n++; node[n] = name($0); next }
	/stack backtrace:/ { exit }
	END {
		if (!acq || !held || n < 2) { print "no circular report found" > "/dev/stderr"; exit 1 }
		print "digraph cycle {"
		print "  node [shape=box, fontname=\"monospace\"];"
		# "-> #k" lines run newest first: #k was taken after #k-1.
		for (i = n; i > 1; i--)
			printf "  \"%s\" -> \"%s\";\n", node[i], node[i - 1]
		printf "  \"%s\" -> \"%s\" [color=red, label=\"new\"];\n", held, acq
		print "}"
	}' "$1"
}

# The class graph of a /proc/lockdep text, maybe cut to one neighbourhood.
lockdep_dot() {
	awk -v want="$class" -v depth="$depth" -v chains="$chains" '
	function label(n, u) { return u == "" ? n : n "\\n" u }
	/^all lock classes:/ { next }
	/^ -> \[/ {
		n = $0; sub(/^ -> \[[^]]*\] /, "", n)
		if (cur != "") { ne++; efrom[ne] = cur; eto[ne] = n; known[n] = 1 }
		next
	}
	/ FD: *[0-9]+ BD: *[0-9]+ / {
		n = $0; sub(/^.* FD: *[0-9]+ BD: *[0-9]+ [-+?.]+: /, "", n)
		u = $0; sub(/^.* BD: *[0-9]+ /, "", u); sub(/:.*$/, "", u)
		cur = n; known[n] = 1; usage[n] = u
		next
	}
	/^$/ { cur = ""; next }
	END {
		if (chains != "") {
			while ((getline line < chains) > 0) {
				if (line ~ /^irq_context:/ || line == "") { prev = ""; continue }
				if (line !~ /^\[/) continue
				n = line; sub(/^\[[^]]*\] /, "", n)
				if (prev != "") { nc++; cfrom[nc] = prev; cto[nc] = n }
				prev = n
			}
		}
		if (want != "") {
			if (!(want in known)) { print "no class \"" want "\"" > "/dev/stderr"; exit 1 }
			keep[want] = 1
			for (d = 0; d < depth; d++) {
				for (i = 1; i <= ne; i++) {
					if (efrom[i] in keep) add[eto[i]] = 1
					if (eto[i] in keep) add[efrom[i]] = 1
				}
				for (k in add) keep[k] = 1
			}
		} else {
			for (k in known) keep[k] = 1
		}
		print "digraph lockdep {"
		print "  rankdir=LR;"
		print "  node [shape=box, fontname=\"monospace\"];"
		for (k in keep)
			printf "  \"%s\" [label=\"%s\"%s];\n", k, label(k, usage[k]),
				k == want ? ", style=bold" : ""
		for (i = 1; i <= ne; i++)
			if ((efrom[i] in keep) && (eto[i] in keep))
				printf "  \"%s\" -> \"%s\";\n", efrom[i], eto[i]
		for (i = 1; i <= nc; i++)
			if ((cfrom[i] in keep) && (cto[i] in keep) && !seen[cfrom[i], cto[i]]++)
				printf "  \"%s\" -> \"%s\" [style=dashed];\n", cfrom[i], cto[i]
		print "}"
	}' "$1"
}

if [ -n "$report" ]; then
	[ -r "$report" ] || die "cannot read $report"
	dot_text=$(report_dot "$report") || die "no circular dependency report in $report"
else
	[ -r "$input" ] || die "cannot read $input (a saved /proc/lockdep, or run as root)"
	[ -z "$chains" ] || [ -r "$chains" ] || die "cannot read $chains"
	dot_text=$(lockdep_dot "$input") || die "nothing to draw from $input"
fi

if [ -z "$out" ]; then
	printf '%s\n' "$dot_text"
	exit 0
fi
command -v dot >/dev/null 2>&1 || die "dot (graphviz) is needed for -o"
case "$out" in
*.png) fmt=png ;;
*.svg) fmt=svg ;;
*) die "-o wants a .png or .svg file" ;;
esac
printf '%s\n' "$dot_text" | dot -T"$fmt" -o "$out" || die "dot failed"
echo "graph: $out"
