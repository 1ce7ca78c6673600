"""Plain-Python twins of ``kernels.py``: the same arrays in, the same answers out, written
as plainly as the rules read, for the tests and the benchmarks to compare with."""

from __future__ import annotations

import math

import numpy as np

from solver.layout.arrays import BOTTOM, EMPTY, LEFT, RIGHT, TOP
from solver.layout.board import LIMIT


def _cell_points(grid: list, edges: list, points: list, card: int, i: int, j: int) -> int:
    rows, columns = len(grid), len(grid[0])
    words = []
    if j > 0 and grid[i][j - 1] != EMPTY:
        words.append(points[edges[grid[i][j - 1]][RIGHT]][edges[card][LEFT]])
    if j + 1 < columns and grid[i][j + 1] != EMPTY:
        words.append(points[edges[card][RIGHT]][edges[grid[i][j + 1]][LEFT]])
    if i > 0 and grid[i - 1][j] != EMPTY:
        words.append(points[edges[grid[i - 1][j]][BOTTOM]][edges[card][TOP]])
    if i + 1 < rows and grid[i + 1][j] != EMPTY:
        words.append(points[edges[card][BOTTOM]][edges[grid[i + 1][j]][TOP]])
    if not words or min(words) < 0:
        return -1
    return sum(words)


def _allowed(occupied: list[tuple[int, int]], i: int, j: int) -> bool:
    """Would a card at (i, j) keep the layout within six by six?"""
    rows = [r for r, _ in occupied] + [i]
    columns = [c for _, c in occupied] + [j]
    return max(rows) - min(rows) < LIMIT and max(columns) - min(columns) < LIMIT


def legal_moves(
    grid: np.ndarray, edges: np.ndarray, points: np.ndarray, hand: np.ndarray, limited: bool
) -> np.ndarray:
    cells, edge_ids, table = grid.tolist(), edges.tolist(), points.tolist()
    occupied = [(r, c) for r, row in enumerate(cells) for c, card in enumerate(row) if card]
    found = []
    for card in hand.tolist():
        for i in range(len(cells)):
            for j in range(len(cells[0])):
                if limited and not _allowed(occupied, i, j):
                    continue
                value = _cell_points(cells, edge_ids, table, card, i, j)
                if value >= 0:
                    found.append((card, i, j, int(cells[i][j] != EMPTY), value))
    return np.array(found, dtype=np.int32).reshape(-1, 5)


def best_points(
    grid: np.ndarray, edges: np.ndarray, points: np.ndarray, hand: np.ndarray, limited: bool
) -> int:
    moves = legal_moves(grid, edges, points, hand, limited)
    return int(moves[:, 4].max()) if len(moves) else -1


# --- the reader's kernels (``kernels.card_bests``, ``sample_deals``, ``play_out``,
# ``candidate_values``), the same steps in plain Python, drawing the same random numbers --
UNKNOWN, MINE = 0, -1


def card_bests(
    grid: np.ndarray, edges: np.ndarray, points: np.ndarray, cards: np.ndarray, limited: bool
) -> np.ndarray:
    return np.array(
        [best_points(grid, edges, points, np.array([card]), limited) for card in cards.tolist()],
        dtype=np.int32,
    )


class _Xorshift:
    """The kernels' generator: xorshift32, a number in [0, 1) per draw."""

    def __init__(self, seed: int) -> None:
        self.x = seed % 4294967295 + 1

    def uniform(self) -> float:
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x / 4294967296.0


def _weighted(logs: list[float], rng: _Xorshift) -> tuple[int, float]:
    """An index drawn with weights exp(logs), and the log of their sum."""
    top = max(logs, default=-math.inf)
    if top == -math.inf:
        return -1, -math.inf
    weights = [math.exp(v - top) for v in logs]
    total = 0.0
    for v in weights:
        total += v
    u = rng.uniform() * total
    running = 0.0
    for k, v in enumerate(weights):
        running += v
        if u < running:
            return k, top + math.log(total)
    return len(logs) - 1, top + math.log(total)


def sample_deals(
    players: int,
    me: int,
    size: int,
    pack0: int,
    seat: np.ndarray,
    kind: np.ndarray,
    card: np.ndarray,
    draws: np.ndarray,
    decision: np.ndarray,
    factors: np.ndarray,
    seen: np.ndarray,
    proposals: int,
    seed: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = _Xorshift(seed)
    ncards = factors.shape[1]
    table = factors.tolist()
    capacity = pack0 + len(seat) + 1
    out_hands = np.zeros((proposals, players, size), dtype=np.int16)
    out_counts = np.zeros((proposals, players), dtype=np.int16)
    out_pack = np.zeros((proposals, capacity), dtype=np.int16)
    logw = np.zeros(proposals)
    length = 0
    for n in range(proposals):
        ident: dict[int, int] = {}  # slot -> card (or MINE); absent: unknown
        logu: dict[int, list[float]] = {}  # the slots some decision saw
        hands = [list(range(p * size, (p + 1) * size)) for p in range(players)]
        for s in hands[me]:
            ident[s] = MINE
        queue = list(range(players * size, players * size + pack0))
        w = 0.0
        for p, k, c, drew, d in zip(
            seat.tolist(),
            kind.tolist(),
            card.tolist(),
            draws.tolist(),
            decision.tolist(),
            strict=True,
        ):
            if d >= 0:
                for s in hands[p]:
                    if ident.get(s, UNKNOWN) == UNKNOWN:
                        row = logu.setdefault(s, [0.0] * ncards)
                        for x in range(ncards):
                            row[x] += table[d][x]
                    elif ident[s] > 0:
                        w += table[d][ident[s]]
            if k == 1 and not drew:
                continue
            if p == me:
                pick = len(hands[p]) - 1
                if k == 1:
                    ident[hands[p][pick]] = c
            elif k == 0:
                matches = [h for h, s in enumerate(hands[p]) if ident.get(s) == c]
                if matches:
                    pick = matches[-1]
                else:
                    free = [h for h, s in enumerate(hands[p]) if s not in ident]
                    logs = [logu.get(hands[p][h], [0.0] * ncards)[c] for h in free]
                    chosen, mass = _weighted(logs, rng)
                    if chosen < 0:
                        w = -math.inf
                        break
                    pick = free[chosen]
                    w += mass
                    ident[hands[p][pick]] = c
            else:
                pick = int(rng.uniform() * len(hands[p]))
            slot = hands[p].pop(pick)
            if k == 1:
                queue.append(slot)
            if drew:
                drawn = queue.pop(0)
                hands[p].append(drawn)
                if p == me:
                    ident[drawn] = MINE
        used = [bool(v) for v in seen.tolist()]
        order = []
        for p in range(players):
            if p != me:
                for s in hands[p]:
                    if ident.get(s, UNKNOWN) > 0:
                        used[ident[s]] = True
                    elif s not in ident:
                        order.append(s)
        for s in queue:
            if ident.get(s, UNKNOWN) > 0:
                used[ident[s]] = True
        order += [s for s in queue if s not in ident and s in logu]
        order += [s for s in queue if s not in ident and s not in logu]
        pool = [x for x in range(ncards) if not used[x]]
        if len(pool) != len(order):
            w = -math.inf
        if w > -math.inf:
            for s in order:
                if s in logu:
                    pick, mass = _weighted([logu[s][x] for x in pool], rng)
                    if pick < 0:
                        w = -math.inf
                        break
                    w += mass
                else:
                    pick = int(rng.uniform() * len(pool))
                ident[s] = pool[pick]
                pool[pick] = pool[-1]
                pool.pop()
        logw[n] = w
        for p in range(players):
            if p != me:
                out_counts[n, p] = len(hands[p])
                for h, s in enumerate(hands[p]):
                    out_hands[n, p, h] = max(ident.get(s, UNKNOWN), 0)
        length = len(queue)
        for q, s in enumerate(queue):
            out_pack[n, q] = max(ident.get(s, UNKNOWN), 0)
    return out_hands, out_counts, out_pack[:, :length], logw


def _greedy(grid: np.ndarray, edges, points, hand: list[int], limited: bool):
    """The first play of the most points in ``legal_moves``' order, or None."""
    moves = legal_moves(grid, edges, points, np.array(hand, dtype=np.int16), limited)
    if not len(moves):
        return None
    return tuple(int(v) for v in moves[int(np.argmax(moves[:, 4]))])


def _looking_ahead(
    grid: np.ndarray, edges, points, hands, current, limited, lookahead, replies: int = 1
):
    """``kernels._lookahead_play`` on lists: of the ``lookahead`` plays that score most,
    the first whose points less the best reply of the next ``replies`` hands (0 without
    one) is highest."""
    moves = legal_moves(grid, edges, points, np.array(hands[current], dtype=np.int16), limited)
    if not len(moves):
        return None
    order = np.argsort(-moves[:, 4], kind="stable")[:lookahead]
    later = [(current + r) % len(hands) for r in range(1, min(replies, len(hands) - 1) + 1)]
    found, best = None, None
    for k in order:
        number, i, j, top, value = (int(v) for v in moves[k])
        reply = 0
        kept = grid[i, j]
        grid[i, j] = number
        for nxt in later:
            if hands[nxt]:
                cards = np.array(hands[nxt], dtype=np.int16)
                reply = max(reply, best_points(grid, edges, points, cards, limited))
        grid[i, j] = kept
        if best is None or value - reply > best:
            found, best = (number, i, j, top, value), value - reply
    return found


def play_out(
    grid: np.ndarray,
    edges: np.ndarray,
    points: np.ndarray,
    hands: list[list[int]],
    pack: list[int],
    first: int,
    plies: int,
    limited: bool,
    lookahead: int = 1,
    replies: int = 1,
) -> list[int]:
    """``kernels.play_out`` on lists: ``hands`` and ``pack`` (top first) are used up."""

    def can_play(cards: list[int]) -> bool:
        return best_points(grid, edges, points, np.array(cards, dtype=np.int16), limited) >= 0

    gained = [0] * len(hands)
    current = first
    for _ in range(plies):
        hand = hands[current]
        if lookahead > 1:
            best = _looking_ahead(grid, edges, points, hands, current, limited, lookahead, replies)
        else:
            best = _greedy(grid, edges, points, hand, limited) if hand else None
        order = hands[current:] + hands[:current]
        if not pack and not all(order):
            break
        stuck = best is None and not any(h and can_play(h) for h in order[1:])
        if stuck and not (pack and can_play(pack)):
            break
        if best is not None:
            number, i, j, _, value = best
            grid[i, j] = number
            gained[current] += value
            hand.remove(number)
            if pack:
                hand.append(pack.pop(0))
        elif pack:
            pack.append(hand.pop(0))
            hand.append(pack.pop(0))
        current = (current + 1) % len(hands)
    return gained


def candidate_values(
    grid: np.ndarray,
    edges: np.ndarray,
    points: np.ndarray,
    moves: np.ndarray,
    hand: np.ndarray,
    me: int,
    hands: np.ndarray,
    counts: np.ndarray,
    packs: np.ndarray,
    plies: int,
    limited: bool,
    weight: float,
    lookahead: int = 1,
    replies: int = 1,
    standing: np.ndarray | None = None,
    decisive: float = 0.0,
) -> np.ndarray:
    players = hands.shape[1]
    if standing is not None and len(standing) == 0:  # the kernel's form of none
        standing = None
    base = [0] * players if standing is None else [int(s - standing[me]) for s in standing]
    values = []
    for number, i, j, now in moves.tolist():
        total = 0.0
        for n in range(hands.shape[0]):
            cells = grid.copy()
            held = [hands[n, p, : counts[n, p]].tolist() for p in range(hands.shape[1])]
            held[me] = hand.tolist()
            pack = packs[n].tolist()
            if i >= 0 or pack:
                held[me].remove(number)
                if i >= 0:
                    cells[i, j] = number
                else:
                    pack.append(number)
                if pack:
                    held[me].append(pack.pop(0))
            gained = play_out(
                cells, edges, points, held, pack, (me + 1) % len(held), plies, limited,
                lookahead, replies,
            )  # fmt: skip
            others = max((base[p] + g for p, g in enumerate(gained) if p != me), default=0)
            if standing is None:
                others = max(others, 0)
            total += gained[me] - weight * others
            if decisive > 0 and standing is not None and players > 1:
                final = now + gained[me] - others
                total += decisive * (1.0 if final > 0 else 0.5 if final == 0 else 0.0)
        values.append(now + total / max(hands.shape[0], 1))
    return np.array(values)
