"""Numba kernels for My Word (1980): every legal play of a hand on a layout, and the best.

Inputs are the arrays of ``arrays.py``: the grid of top cards (0 = empty), the deck's edge
ids and the word table the rules filled in. A play is a grid cell and a card from the hand
that makes a word on every edge where the cell touches a card (rule 5a, or 5b on an
occupied cell) and, when ``limited``, keeps the layout within six by six (rule 9).
``reference.py`` is the plain-Python twin the tests compare with; ``board.placements``
stays the definition, and the players turn the play they choose back into a ``Placement``
through it.
"""

from __future__ import annotations

import numpy as np

from solver.layout.board import LIMIT
from solver.runtime.jit import njit


@njit(cache=True)
def _bounds(grid):
    """Rows and columns the layout spans: (first row, last row, first column, last column)."""
    first_row, last_row, first_column, last_column = grid.shape[0], -1, grid.shape[1], -1
    for i in range(grid.shape[0]):
        for j in range(grid.shape[1]):
            if grid[i, j] != 0:
                first_row = min(first_row, i)
                last_row = max(last_row, i)
                first_column = min(first_column, j)
                last_column = max(last_column, j)
    return first_row, last_row, first_column, last_column


@njit(cache=True)
def _cell_points(grid, edges, points, card, i, j):
    """What ``card`` scores at cell (i, j), or -1 when it touches no card or a touching edge
    makes no word."""
    rows, columns = grid.shape
    total = 0
    touching = 0
    if j > 0 and grid[i, j - 1] != 0:  # left neighbour: its right pair, then our left pair
        value = points[edges[grid[i, j - 1], 1], edges[card, 3]]
        if value < 0:
            return -1
        total += value
        touching += 1
    if j + 1 < columns and grid[i, j + 1] != 0:  # right neighbour: our right, its left
        value = points[edges[card, 1], edges[grid[i, j + 1], 3]]
        if value < 0:
            return -1
        total += value
        touching += 1
    if i > 0 and grid[i - 1, j] != 0:  # above: its bottom pair, then our top pair
        value = points[edges[grid[i - 1, j], 2], edges[card, 0]]
        if value < 0:
            return -1
        total += value
        touching += 1
    if i + 1 < rows and grid[i + 1, j] != 0:  # below: our bottom, its top
        value = points[edges[card, 2], edges[grid[i + 1, j], 0]]
        if value < 0:
            return -1
        total += value
        touching += 1
    return total if touching else -1


@njit(cache=True)
def legal_moves(grid, edges, points, hand, limited):
    """Every legal play as rows (card, grid row, grid column, on top 0/1, points), hand
    order first, then cells row by row: the order ``board.placements`` gives."""
    rows, columns = grid.shape
    first_row, last_row, first_column, last_column = _bounds(grid)
    found = np.empty((hand.shape[0] * rows * columns, 5), dtype=np.int32)
    count = 0
    for h in range(hand.shape[0]):
        card = hand[h]
        for i in range(rows):
            if limited and max(last_row, i) - min(first_row, i) >= LIMIT:
                continue
            for j in range(columns):
                if limited and max(last_column, j) - min(first_column, j) >= LIMIT:
                    continue
                value = _cell_points(grid, edges, points, np.int64(card), i, j)
                if value >= 0:
                    found[count, 0] = card
                    found[count, 1] = i
                    found[count, 2] = j
                    found[count, 3] = 1 if grid[i, j] != 0 else 0
                    found[count, 4] = value
                    count += 1
    return found[:count]


@njit(cache=True)
def best_points(grid, edges, points, hand, limited):
    """The most one play of the hand scores on this layout, or -1 when none is legal."""
    moves = legal_moves(grid, edges, points, hand, limited)
    return moves[:, 4].max() if moves.shape[0] else -1


# --- the reader's kernels: what every card could score, deals drawn from the belief, and
# greedy play-outs (``belief.py``, ``reader.py``; twins in ``reference.py``) -----------------
UNKNOWN, MINE = 0, -1  # a slot's card in ``sample_deals``: not yet drawn, or the seat's own


@njit(cache=True)
def card_bests(grid, edges, points, cards, limited):
    """For every card in ``cards``, the most one play of it scores on this layout, or -1."""
    found = np.full(cards.shape[0], -1, dtype=np.int32)
    rows, columns = grid.shape
    first_row, last_row, first_column, last_column = _bounds(grid)
    for i in range(rows):
        if limited and max(last_row, i) - min(first_row, i) >= LIMIT:
            continue
        for j in range(columns):
            if limited and max(last_column, j) - min(first_column, j) >= LIMIT:
                continue
            for h in range(cards.shape[0]):
                value = _cell_points(grid, edges, points, np.int64(cards[h]), i, j)
                if value > found[h]:
                    found[h] = value
    return found


@njit(cache=True)
def _uniform(state):
    """The next number in [0, 1) of a xorshift32 generator kept in ``state[0]`` (written out
    so that the plain-Python twin draws exactly the same numbers)."""
    x = state[0]
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    state[0] = x
    return x / 4294967296.0


@njit(cache=True)
def _remove(hands, counts, p, h):
    for k in range(h, counts[p] - 1):
        hands[p, k] = hands[p, k + 1]
    counts[p] -= 1


@njit(cache=True)
def _weighted(logs, chosen, count, state):
    """Index into ``chosen[:count]`` drawn with weights exp(logs), and the log of their sum."""
    top = -np.inf
    for k in range(count):
        top = max(top, logs[chosen[k]])
    if top == -np.inf:
        return -1, -np.inf
    total = 0.0
    for k in range(count):
        total += np.exp(logs[chosen[k]] - top)
    u = _uniform(state) * total
    pick = count - 1
    running = 0.0
    for k in range(count):
        running += np.exp(logs[chosen[k]] - top)
        if u < running:
            pick = k
            break
    return pick, top + np.log(total)


@njit(cache=True)
def sample_deals(
    players, me, size, pack0, seat, kind, card, draws, decision, factors, seen, proposals, seed
):
    """``proposals`` deals of the cards seat ``me`` has not seen, each with its log weight.

    The game is replayed over slots, one per card dealt (the hands, then the pack in order):
    plays and knocks move slots between the hands and the pack as the public history
    (``seat``, ``kind`` 0 play / 1 knock, ``card`` (0 when hidden), ``draws``) says. A slot
    keeps its card, unknown until a play shows it; each decision of another seat adds that
    decision's row of ``factors`` (log likelihood of each card having been in the hand,
    ``belief.py``) to every slot then in the hand. A played card goes to one of the player's
    unknown slots, drawn by those weights; a hidden knock takes a slot at random. At the end
    the cards not ``seen`` go to the unknown slots, the most watched first (other hands,
    then the pack), each drawn by its slot's weights. The log weight is the sum of the logs
    of the normalisers (sequential importance sampling of the product of the factors).

    Returns the other hands (``me``'s row empty), their sizes, the pack top first, its
    length (the same in every deal) and the log weights (-inf: the history cannot be).
    """
    events = seat.shape[0]
    slots = players * size + pack0
    ncards = factors.shape[1]
    capacity = pack0 + events + 1
    out_hands = np.zeros((proposals, players, size), dtype=np.int16)
    out_counts = np.zeros((proposals, players), dtype=np.int16)
    out_pack = np.zeros((proposals, capacity), dtype=np.int16)
    logw = np.zeros(proposals)
    state = np.empty(1, dtype=np.int64)
    state[0] = seed % 4294967295 + 1
    ident = np.empty(slots, dtype=np.int64)
    watched = np.empty(slots, dtype=np.bool_)
    logu = np.empty((slots, ncards))
    hands = np.empty((players, size), dtype=np.int64)
    counts = np.empty(players, dtype=np.int64)
    queue = np.empty(capacity, dtype=np.int64)
    chosen = np.empty(max(size, ncards), dtype=np.int64)
    logs = np.empty(max(slots, ncards))
    used = np.empty(ncards, dtype=np.bool_)
    pool = np.empty(ncards, dtype=np.int64)
    order = np.empty(slots, dtype=np.int64)
    length = 0
    for n in range(proposals):
        ident[:] = UNKNOWN
        watched[:] = False
        logu[:, :] = 0.0
        for p in range(players):
            counts[p] = size
            for h in range(size):
                hands[p, h] = p * size + h
                if p == me:
                    ident[p * size + h] = MINE
        for q in range(pack0):
            queue[q] = players * size + q
        head, tail = 0, pack0
        w = 0.0
        for e in range(events):
            p = seat[e]
            d = decision[e]
            if d >= 0:  # another seat's decision: every slot in its hand saw it
                for h in range(counts[p]):
                    s = hands[p, h]
                    if ident[s] == UNKNOWN:
                        watched[s] = True
                        for x in range(ncards):
                            logu[s, x] += factors[d, x]
                    elif ident[s] > 0:
                        w += factors[d, ident[s]]
            if kind[e] == 1 and draws[e] == 0:
                continue  # a knock with the pack used up moves nothing
            if p == me:
                pick = counts[p] - 1  # the seat's own slots are all alike to it
                if kind[e] == 1:
                    ident[hands[p, pick]] = card[e]
            elif kind[e] == 0:
                pick = -1
                for h in range(counts[p]):
                    if ident[hands[p, h]] == card[e]:
                        pick = h
                if pick < 0:
                    found = 0
                    for h in range(counts[p]):
                        s = hands[p, h]
                        if ident[s] == UNKNOWN:
                            chosen[found] = h
                            logs[h] = logu[s, card[e]]
                            found += 1
                    k, mass = _weighted(logs, chosen, np.int64(found), state)
                    if k < 0:
                        w = -np.inf
                        break
                    pick = chosen[k]
                    w += mass
                    ident[hands[p, pick]] = card[e]
            else:
                pick = int(_uniform(state) * counts[p])
            s = hands[p, pick]
            _remove(hands, counts, p, pick)
            if kind[e] == 1:
                queue[tail] = s
                tail += 1
            if draws[e]:
                drawn = queue[head]
                head += 1
                hands[p, counts[p]] = drawn
                counts[p] += 1
                if p == me:
                    ident[drawn] = MINE
        # the cards nobody has shown, to the slots not yet known
        for x in range(ncards):
            used[x] = seen[x] != 0
        unknown = 0
        for p in range(players):
            if p != me:
                for h in range(counts[p]):
                    s = hands[p, h]
                    if ident[s] > 0:
                        used[ident[s]] = True
                    elif ident[s] == UNKNOWN:
                        order[unknown] = s
                        unknown += 1
        for q in range(head, tail):
            s = queue[q]
            if ident[s] > 0:
                used[ident[s]] = True
            elif ident[s] == UNKNOWN and watched[s]:
                order[unknown] = s
                unknown += 1
        for q in range(head, tail):
            s = queue[q]
            if ident[s] == UNKNOWN and not watched[s]:
                order[unknown] = s
                unknown += 1
        left = 0
        for x in range(ncards):
            if not used[x]:
                pool[left] = x
                left += 1
        if left != unknown:
            w = -np.inf
        if w > -np.inf:
            for k in range(unknown):
                s = order[k]
                if watched[s]:
                    for m in range(left):
                        chosen[m] = m
                        logs[m] = logu[s, pool[m]]
                    pick, mass = _weighted(logs, chosen, np.int64(left), state)
                    if pick < 0:
                        w = -np.inf
                        break
                    w += mass
                else:
                    pick = int(_uniform(state) * left)
                ident[s] = pool[pick]
                left -= 1
                pool[pick] = pool[left]
        logw[n] = w
        for p in range(players):
            if p != me:
                out_counts[n, p] = counts[p]
                for h in range(counts[p]):
                    out_hands[n, p, h] = max(ident[hands[p, h]], 0)
        length = tail - head
        for q in range(length):
            out_pack[n, q] = max(ident[queue[head + q]], 0)
    return out_hands, out_counts, out_pack[:, :length], logw


@njit(cache=True)
def _best_play(grid, edges, points, hands, counts, p, limited):
    """The greedy play of hand ``p``: (index in the hand, row, column, points), the first of
    the most points in ``legal_moves``' order; points -1 when it has none."""
    rows, columns = grid.shape
    first_row, last_row, first_column, last_column = _bounds(grid)
    best_h, best_i, best_j, best = -1, -1, -1, -1
    for h in range(counts[p]):
        for i in range(rows):
            if limited and max(last_row, i) - min(first_row, i) >= LIMIT:
                continue
            for j in range(columns):
                if limited and max(last_column, j) - min(first_column, j) >= LIMIT:
                    continue
                value = _cell_points(grid, edges, points, hands[p, h], i, j)
                if value > best:
                    best_h, best_i, best_j, best = h, i, j, value
    return best_h, best_i, best_j, best


@njit(cache=True)
def _can_play(grid, edges, points, cards, first, last, limited):
    rows, columns = grid.shape
    first_row, last_row, first_column, last_column = _bounds(grid)
    for i in range(rows):
        if limited and max(last_row, i) - min(first_row, i) >= LIMIT:
            continue
        for j in range(columns):
            if limited and max(last_column, j) - min(first_column, j) >= LIMIT:
                continue
            for k in range(first, last):
                if _cell_points(grid, edges, points, np.int64(cards[k]), i, j) >= 0:
                    return True
    return False


@njit(cache=True)
def _lookahead_play(grid, edges, points, hands, counts, p, limited, lookahead, replies=1):
    """The play of hand ``p`` a one-ply look ahead picks: of its ``lookahead`` plays that
    score most (``legal_moves``' order among equals), the one whose points less the most
    the next hand could then score (0 without a play) is highest, the first of equals.
    Beam and people pass up points that open a rich spot; greedy play-outs do not, and
    so misjudge what a play leaves the next player. With ``replies`` above 1, the most
    any of the next ``replies`` hands (not ``p``'s own) could then score: with three
    opponents a rich spot is taken by whichever comes first. Returns what
    ``_best_play`` does."""
    rows, columns = grid.shape
    first_row, last_row, first_column, last_column = _bounds(grid)
    top_h = np.full(lookahead, -1, dtype=np.int64)
    top_i = np.zeros(lookahead, dtype=np.int64)
    top_j = np.zeros(lookahead, dtype=np.int64)
    top_v = np.full(lookahead, -1, dtype=np.int64)
    for h in range(counts[p]):
        for i in range(rows):
            if limited and max(last_row, i) - min(first_row, i) >= LIMIT:
                continue
            for j in range(columns):
                if limited and max(last_column, j) - min(first_column, j) >= LIMIT:
                    continue
                value = _cell_points(grid, edges, points, hands[p, h], i, j)
                if value < 0 or value <= top_v[lookahead - 1]:
                    continue
                k = lookahead - 1
                while k > 0 and top_v[k - 1] < value:  # after the equals found before
                    top_h[k], top_i[k], top_j[k], top_v[k] = (
                        top_h[k - 1], top_i[k - 1], top_j[k - 1], top_v[k - 1]
                    )  # fmt: skip
                    k -= 1
                top_h[k], top_i[k], top_j[k], top_v[k] = h, i, j, value
    if top_h[0] < 0 or lookahead == 1:
        return top_h[0], top_i[0], top_j[0], top_v[0]
    players = counts.shape[0]
    best_k, best = 0, -1e18
    for k in range(lookahead):
        if top_h[k] < 0:
            break
        kept = grid[top_i[k], top_j[k]]
        grid[top_i[k], top_j[k]] = hands[p, top_h[k]]
        reply = 0
        for r in range(1, min(max(replies, 1), players - 1) + 1):
            nxt = (p + r) % players
            found = _best_play(grid, edges, points, hands, counts, nxt, limited)[3]
            reply = max(reply, found)
        grid[top_i[k], top_j[k]] = kept
        if top_v[k] - reply > best:
            best_k, best = k, top_v[k] - reply
    return top_h[best_k], top_i[best_k], top_j[best_k], top_v[best_k]


@njit(cache=True)
def play_out(
    grid, edges, points, hands, counts, pack, head, tail, first, plies, limited, lookahead,
    replies,
):  # fmt: skip
    """Points each player makes in ``plies`` greedy turns from seat ``first`` on, or until
    the game ends by ``state.ending``'s rule; a player without a play knocks their first
    card. ``grid``, ``hands``, ``counts`` and ``pack`` (``pack[head:tail]``, room behind
    for the knocks) are used up. ``players._play_out`` step for step. With ``lookahead``
    above 1 every player picks by ``_lookahead_play`` (weighing ``replies`` hands' best
    replies) instead of greedily."""
    players = counts.shape[0]
    gained = np.zeros(players, dtype=np.int64)
    current = first
    for _ in range(plies):
        if lookahead > 1:
            h, i, j, value = _lookahead_play(
                grid, edges, points, hands, counts, current, limited, lookahead, replies
            )
        else:
            h, i, j, value = _best_play(grid, edges, points, hands, counts, current, limited)
        ended = False
        if head == tail:
            for p in range(players):
                if counts[p] == 0:
                    ended = True
        if not ended and value < 0:
            ended = True
            for k in range(1, players):
                p = (current + k) % players
                if counts[p] and _can_play(
                    grid, edges, points, hands[p], np.int64(0), counts[p], limited
                ):
                    ended = False
                    break
            if ended and head < tail and _can_play(grid, edges, points, pack, head, tail, limited):
                ended = False
        if ended:
            break
        if value >= 0:
            grid[i, j] = hands[current, h]
            gained[current] += value
            _remove(hands, counts, current, h)
            if head < tail:
                hands[current, counts[current]] = pack[head]
                counts[current] += 1
                head += 1
        elif head < tail:
            pack[tail] = hands[current, 0]
            tail += 1
            _remove(hands, counts, current, np.int64(0))
            hands[current, counts[current]] = pack[head]
            counts[current] += 1
            head += 1
        current = (current + 1) % players
    return gained


@njit(cache=True)
def candidate_values(
    grid, edges, points, moves, hand, me, hands, counts, packs, plies, limited, weight,
    lookahead, replies, standing, decisive,
):  # fmt: skip
    """What each of ``moves`` is worth to seat ``me`` over the deals (``sample_deals``):
    its points now plus, on average, what ``me`` makes in the play-out after it (with
    ``lookahead`` and ``replies`` as ``play_out``'s) less ``weight`` times the most any
    other seat makes. With ``standing`` (the seats' scores so far, ``me``'s included; an
    empty array for none), the most any other seat then has: its score plus its play-out,
    less ``me``'s score (a game of several players is won by beating its leader, not its
    luckiest play-out).
    A move is a row (card, grid row, grid column, points); row -1 is a knock of the card
    (under the pack, the top card drawn). With ``standing`` and ``decisive`` above 0 (for
    play-outs that reach the end of the game), a deal in which the move ends the game ahead
    of every other seat is worth ``decisive`` points more, a tie for first half of it: the
    chance of winning first, the margin among equal chances.

    Every argument is required, and ``standing`` is an array even when empty: each
    different form of a call (an argument left out, ``None`` for an array) is a signature
    Numba compiles and caches apart, seconds each (``move_values`` in ``reader.py`` makes
    the one form every caller uses)."""
    deals, players, size = hands.shape
    length = packs.shape[1]
    values = np.zeros(moves.shape[0])
    cells = np.empty_like(grid)
    held = np.empty((players, size), dtype=np.int64)
    sizes = np.empty(players, dtype=np.int64)
    pack = np.empty(length + plies + 2, dtype=np.int64)
    base = np.zeros(players)  # what each seat has so far beyond ``me``
    weighs_standing = standing.shape[0] > 0
    if weighs_standing:
        for p in range(players):
            base[p] = standing[p] - standing[me]
    for m in range(moves.shape[0]):
        total = 0.0
        for n in range(deals):
            cells[:, :] = grid
            for p in range(players):
                sizes[p] = counts[n, p]
                for h in range(counts[n, p]):
                    held[p, h] = hands[n, p, h]
            sizes[me] = 0
            for h in range(hand.shape[0]):
                held[me, h] = hand[h]
                sizes[me] += 1
            for q in range(length):
                pack[q] = packs[n, q]
            head, tail = 0, length
            moved = moves[m, 1] >= 0 or length > 0  # a knock with no pack keeps the card
            if moved:
                for h in range(sizes[me]):
                    if held[me, h] == moves[m, 0]:
                        _remove(held, sizes, me, h)
                        break
                if moves[m, 1] >= 0:
                    cells[moves[m, 1], moves[m, 2]] = moves[m, 0]
                else:
                    pack[tail] = moves[m, 0]
                    tail += 1
                if head < tail:
                    held[me, sizes[me]] = pack[head]
                    sizes[me] += 1
                    head += 1
            gained = play_out(
                cells, edges, points, held, sizes, pack, head, tail, (me + 1) % players,
                plies, limited, lookahead, replies,
            )  # fmt: skip
            others = -1e18 if weighs_standing else 0.0
            for p in range(players):
                if p != me and base[p] + gained[p] > others:
                    others = base[p] + gained[p]
            if players == 1:
                others = 0.0
            total += gained[me] - weight * others
            if decisive > 0.0 and weighs_standing and players > 1:
                final = moves[m, 3] + gained[me] - others
                if final > 0:
                    total += decisive
                elif final == 0:
                    total += 0.5 * decisive
        values[m] = moves[m, 3] + total / max(deals, 1)
    return values
