"""Map a localised fault back to the graph and the user's code (pure: no I/O, no torch).

Provenance (`kernel_information.json`, read by `runner.read_provenance`) ties each launched
kernel to the FX nodes fused into it and their stack traces; these helpers turn that into cut
points for graph bisection, the nodes behind a kernel and the user's `file:line`s.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.text.frames import user_frames as _user_frames
from ...core.text.launch_trace import AFTER, LaunchTrace

Provenance = Mapping[str, Sequence[Mapping[str, Any]]]   # kernel -> entries, in handle order
Cut = tuple[int, str | None, int]                         # (node index, kernel, occurrence)


def user_frames(stack_traces: Sequence[str], limit: int = 4) -> tuple[str, ...]:
    """`file:line` of the user's frames in stack traces (the one rule in `core.text.frames`)."""
    return tuple(f"{f.file}:{f.line}" for f in _user_frames(list(stack_traces), limit))


def provenance_for(prov: Provenance, kernel: str, occurrence: int) -> Mapping[str, Any]:
    """The provenance entry of the `occurrence`-th launch of `kernel` ({} when none)."""
    entries = prov.get(kernel) or []
    if not entries:
        return {}
    return entries[min(max(occurrence, 0), len(entries) - 1)]


def kernel_cuts(nodes: Sequence[Mapping[str, Any]], launched: Sequence[str],
                prov: Provenance) -> list[Cut]:
    """Cut points for graph bisection at kernel boundaries: (node index, kernel, occurrence),
    one per launched kernel that provenance ties to graph nodes, in graph order."""
    index = {n["name"]: i for i, n in enumerate(nodes)}
    seen: dict[str, int] = {}
    cuts: dict[int, Cut] = {}
    for kernel in launched:
        occ = seen.get(kernel, 0)
        seen[kernel] = occ + 1
        entry = provenance_for(prov, kernel, occ)
        idx = [index[n] for n in entry.get("pre_grad_nodes", ()) if n in index]
        if idx:
            cut = max(idx)
            cuts.setdefault(cut, (cut, kernel, occ))
    return [cuts[k] for k in sorted(cuts)]


def occurrence_of_first_bad(trace: LaunchTrace, kernel: str) -> int:
    """Which launch (0-based) of `kernel` first left non-finite arguments (mode-2 stats)."""
    count, prev = -1, None
    for s in trace.stats:
        if s.kernel == kernel and s.phase == AFTER and prev != (AFTER, kernel):
            count += 1
        prev = (s.phase, s.kernel)
        if s.kernel == kernel and s.phase == AFTER and s.finite is False:
            return max(count, 0)
    return 0


def source_nodes_of(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The graph nodes a provenance entry names: pre-grad first, then post-grad, each once."""
    return tuple(dict.fromkeys(list(entry.get("pre_grad_nodes") or ())
                               + list(entry.get("post_grad_nodes") or ())))


def frames_for(entry: Mapping[str, Any], nodes: Sequence[Mapping[str, Any]],
               names: Sequence[str]) -> tuple[str, ...]:
    """The user's lines behind a kernel: its provenance stack traces, else those of `names`."""
    traces = list(entry.get("stack_traces") or ())
    if not traces:
        traces = [n.get("stack_trace", "") for n in nodes if n.get("name") in names]
    return user_frames(traces)


__all__ = ["user_frames", "provenance_for", "kernel_cuts", "occurrence_of_first_bad",
           "source_nodes_of", "frames_for"]
