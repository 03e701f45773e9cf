"""Graph algorithms over small integer graphs: nodes ``0..n-1``, ``adjacency[i]`` sorted successors.

Everything here is deterministic: nodes are visited in index order and successors in the order
given, ties are broken by the smaller index, and float results are rounded before they are
compared, so hash seeds and float noise cannot change an answer.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

Adjacency = Sequence[Sequence[int]]

__all__ = ["betweenness", "pagerank", "shortest_cycle", "strongly_connected_components"]


def strongly_connected_components(adjacency: Adjacency) -> list[list[int]]:
    """Tarjan's algorithm, iterative; each component sorted, components ordered by their smallest node."""
    n = len(adjacency)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    components: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            node, position = work[-1]
            successors = adjacency[node]
            if position < len(successors):
                work[-1] = (node, position + 1)
                nxt = successors[position]
                if index[nxt] == -1:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack[nxt] = True
                    work.append((nxt, 0))
                elif on_stack[nxt]:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[int] = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    components.sort(key=lambda c: c[0])
    return components


def shortest_cycle(adjacency: Adjacency, members: Sequence[int]) -> list[int]:
    """A shortest cycle inside one strongly connected component, as its nodes in order.

    A breadth-first search from each member (in index order), staying inside the component,
    finds the shortest way back to the start; the first shortest cycle found wins, so the
    cycle starts at the smallest node that lies on a shortest cycle. A self-loop is ``[n]``.
    """
    inside = set(members)
    best: list[int] = []
    for start in sorted(members):
        if start in adjacency[start]:
            return [start]
        parent = {start: -1}
        queue = deque([start])
        found = -1
        while queue and found == -1:
            node = queue.popleft()
            if best and _depth(parent, node) + 1 >= len(best):
                break
            for nxt in adjacency[node]:
                if nxt not in inside:
                    continue
                if nxt == start:
                    found = node
                    break
                if nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if found != -1:
            path = [found]
            while parent[path[-1]] != -1:
                path.append(parent[path[-1]])
            path.reverse()
            if not best or len(path) < len(best):
                best = path
                if len(best) == 2:
                    break
    return best


def _depth(parent: dict[int, int], node: int) -> int:
    depth = 0
    while parent[node] != -1:
        node = parent[node]
        depth += 1
    return depth


def pagerank(adjacency: Adjacency, *, damping: float = 0.85, tolerance: float = 1e-6,
             max_rounds: int = 100) -> list[float]:
    """PageRank with uniform teleport; a dangling node's rank is spread over every node.

    Every edge weighs the same (a pair of nodes counts once however often it is used).
    Stops when the ranks change by less than ``tolerance`` per node in total, or after
    ``max_rounds``. Ranks sum to 1.
    """
    n = len(adjacency)
    if n == 0:
        return []
    rank = [1.0 / n] * n
    for _ in range(max_rounds):
        dangling = sum(rank[i] for i in range(n) if not adjacency[i])
        base = (1.0 - damping) / n + damping * dangling / n
        new = [base] * n
        for node, successors in enumerate(adjacency):
            if successors:
                share = damping * rank[node] / len(successors)
                for nxt in successors:
                    new[nxt] += share
        change = sum(abs(a - b) for a, b in zip(new, rank, strict=True))
        rank = new
        if change < tolerance * n:
            break
    return rank


def betweenness(adjacency: Adjacency, *, samples: int = 0, seed: int = 0) -> tuple[list[float], int]:
    """Brandes' betweenness centrality of a directed, unweighted graph, normalised to ``[0, 1]``.

    With ``samples`` > 0 and fewer than the node count, the sum runs over that many source
    nodes chosen by a fixed-seed generator and is scaled up by ``n / samples`` (Brandes and
    Pich's estimate); otherwise it is exact. Returns the scores and the number of sources used.
    """
    n = len(adjacency)
    scores = [0.0] * n
    if n < 3:
        return scores, n
    if 0 < samples < n:
        sources = sorted(random.Random(seed).sample(range(n), samples))
    else:
        sources = list(range(n))
    for source in sources:
        order: list[int] = []
        preds: dict[int, list[int]] = {}
        paths = {source: 1}
        distance = {source: 0}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            order.append(node)
            step = distance[node] + 1
            for nxt in adjacency[node]:
                seen = distance.get(nxt)
                if seen is None:
                    distance[nxt] = step
                    paths[nxt] = 0
                    queue.append(nxt)
                    seen = step
                if seen == step:
                    paths[nxt] += paths[node]
                    preds.setdefault(nxt, []).append(node)
        dependency = dict.fromkeys(order, 0.0)
        for node in reversed(order):
            incoming = preds.get(node, ())
            coefficient = (1.0 + dependency[node]) / paths[node]
            for previous in incoming:
                dependency[previous] += paths[previous] * coefficient
            if node != source:
                scores[node] += dependency[node]
    scale = (n / len(sources)) / ((n - 1) * (n - 2))
    return [score * scale for score in scores], len(sources)
