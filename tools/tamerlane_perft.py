#!/usr/bin/env python3
"""An independent, deliberately naive perft counter for Tamerlane chess.

It shares no code with the Rust engine: a square-by-square board, every move
played out and checked, following the rules notes (engine/src/tamerlane/RULES.md)
for what perft from the opening can reach: the eleven pieces and pawns,
promotion, the citadels, the single-royal check rule, mate and stalemate, and
the king swap (seed: only when not in check; swap=in-check: only in check).
The pawn of pawns' later arrivals cannot happen in a few plies and are not
modelled.

    tools/tamerlane_perft.py DEPTH [swap=in-check] [steppers=historical] [setup=feminine]
                             [citadels=always]
"""
import sys

W, H = 11, 10
WHITE_CITADEL, BLACK_CITADEL = (11, 1), (-1, 8)
GATES = {WHITE_CITADEL: [(10, 0), (10, 1), (10, 2)], BLACK_CITADEL: [(0, 7), (0, 8), (0, 9)]}
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
CAMEL = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]
ROYALS = 'KIA'
PROMOTION = {'D': 'D', 'C': 'C', 'E': 'E', 'G': 'G', 'K': 'I', 'V': 'V', 'Z': 'Z', 'T': 'T', 'N': 'N', 'R': 'R'}

# White's ranks 1 to 3 of each array (rules reference A.2 and A.3).
SETUPS = {
    'masculine': [
        ['E', '', 'C', '', 'D', '', 'D', '', 'C', '', 'E'],
        ['R', 'N', 'T', 'Z', 'G', 'K', 'V', 'Z', 'T', 'N', 'R'],
        ['PP', 'PD', 'PC', 'PE', 'PG', 'PK', 'PV', 'PZ', 'PT', 'PN', 'PR'],
    ],
    'feminine': [
        ['E', '', 'C', '', 'G', 'K', 'V', '', 'C', '', 'E'],
        ['R', 'N', 'T', 'Z', 'D', 'PK', 'D', 'Z', 'T', 'N', 'R'],
        ['PP', 'PD', 'PC', 'PE', 'PG', '', 'PV', 'PZ', 'PT', 'PN', 'PR'],
    ],
    'arabshah': [
        ['E', '', 'C', '', 'G', 'K', 'V', '', 'C', '', 'E'],
        ['R', 'N', 'D', 'T', 'Z', 'PK', 'Z', 'T', 'D', 'N', 'R'],
        ['PP', 'PG', 'PV', 'PC', 'PE', '', 'PZ', 'PT', 'PD', 'PN', 'PR'],
    ],
}


def on(x, y):
    return 0 <= x < W and 0 <= y < H


def start(setup):
    board = {}
    for y, row in enumerate(SETUPS[setup]):
        for x, token in enumerate(row):
            if token:
                board[(x, y)] = ('w', token)
                board[(W - 1 - x, H - 1 - y)] = ('b', token)
    return board


class Game:
    def __init__(self, options):
        self.board = start(options.get('setup', 'masculine'))
        self.turn = 'w'
        self.swapped = {'w': False, 'b': False}
        self.options = options

    def copy(self):
        g = Game.__new__(Game)
        g.board = dict(self.board)
        g.turn = self.turn
        g.swapped = dict(self.swapped)
        g.options = self.options
        return g

    def steps(self, kind):
        general_orth = self.options.get('steppers', 'seed') == 'seed'
        if kind == 'G':
            return ORTH if general_orth else DIAG
        if kind == 'V':
            return DIAG if general_orth else ORTH
        return None

    def targets(self, sq, side, kind):
        """Squares the man attacks or moves to: (quiet, capture) lists."""
        x, y = sq
        if sq in GATES:
            return GATES[sq], GATES[sq]
        if kind[0] == 'P':
            fy = 1 if side == 'w' else -1
            quiet = [(x, y + fy)] if on(x, y + fy) else []
            capture = [(x + dx, y + fy) for dx in (-1, 1) if on(x + dx, y + fy)]
            return quiet, capture
        out = []

        def leap(offsets):
            out.extend((x + dx, y + dy) for dx, dy in offsets if on(x + dx, y + dy))

        def ride(dirs, minimum):
            for dx, dy in dirs:
                k = 1
                while on(x + k * dx, y + k * dy):
                    t = (x + k * dx, y + k * dy)
                    if k >= minimum:
                        out.append(t)
                    if t in self.board:
                        break
                    k += 1

        if kind in ROYALS:
            leap(ORTH + DIAG)
        elif kind in 'GV':
            leap(self.steps(kind))
        elif kind == 'R':
            ride(ORTH, 1)
        elif kind == 'N':
            leap(KNIGHT)
        elif kind == 'T':
            ride(DIAG, 2)
        elif kind == 'E':
            leap([(2 * dx, 2 * dy) for dx, dy in DIAG])
        elif kind == 'C':
            leap(CAMEL)
        elif kind == 'D':
            leap([(2 * dx, 2 * dy) for dx, dy in ORTH])
        elif kind == 'Z':
            for dx, dy in DIAG:
                corner = (x + dx, y + dy)
                if not on(*corner) or corner in self.board:
                    continue
                for ox, oy in [(dx, 0), (0, dy)]:
                    k = 1
                    while on(corner[0] + k * ox, corner[1] + k * oy):
                        t = (corner[0] + k * ox, corner[1] + k * oy)
                        if k >= 3:
                            out.append(t)
                        if t in self.board:
                            break
                        k += 1
        return out, out

    def attacked(self, sq, by):
        if sq in GATES:
            return False
        for s, (side, kind) in self.board.items():
            if side == by and sq in self.targets(s, side, kind)[1]:
                return True
        return False

    def royals(self, side):
        return [s for s, (c, k) in self.board.items() if c == side and k in ROYALS]

    def in_check(self, side):
        royals = self.royals(side)
        other = 'b' if side == 'w' else 'w'
        return len(royals) == 1 and self.attacked(royals[0], other)

    def pseudo(self, side):
        other = 'b' if side == 'w' else 'w'
        last = H - 1 if side == 'w' else 0
        moves = []
        for s, (c, kind) in list(self.board.items()):
            if c != side:
                continue
            if kind == 'PP' and s[1] == last:
                continue  # the waiting pawn of pawns (no relocation this early)
            quiet, capture = self.targets(s, side, kind)
            for t in quiet:
                if t not in self.board:
                    moves.append(('step', s, t))
            for t in capture:
                if t in self.board and self.board[t][0] == other:
                    victim = self.board[t]
                    if victim[1] == 'PP' and t[1] == (H - 1 if other == 'w' else 0):
                        continue
                    moves.append(('step', s, t))
            # The arabshah array has no citadels (citadels=always keeps them).
            citadels = (self.options.get('setup') != 'arabshah'
                        or self.options.get('citadels') == 'always')
            if kind in 'KA' and citadels:
                enemy = BLACK_CITADEL if side == 'w' else WHITE_CITADEL
                own = WHITE_CITADEL if side == 'w' else BLACK_CITADEL
                target = enemy if kind == 'K' else own
                if s in GATES[target] and target not in self.board:
                    moves.append(('step', s, target))
        return moves

    def play(self, move):
        kind_of, s, t = move
        side = self.turn
        if kind_of == 'swap':
            king, partner = self.board[s], self.board[t]
            self.board[s], self.board[t] = partner, king
            self.swapped[side] = True
        else:
            man = self.board.pop(s)
            self.board.pop(t, None)
            last = H - 1 if side == 'w' else 0
            if man[1][0] == 'P' and man[1] != 'PP' and t[1] == last:
                man = (side, PROMOTION[man[1][1]])
            self.board[t] = man
        self.turn = 'b' if side == 'w' else 'w'

    def legal(self):
        side = self.turn
        moves = []
        for m in self.pseudo(side):
            g = self.copy()
            g.play(m)
            if not g.in_check(side):
                moves.append(m)
        check = self.in_check(side)
        when = self.options.get('swap', 'not-in-check')
        if not self.swapped[side] and ((when == 'in-check') == check):
            kings = [s for s, (c, k) in self.board.items() if c == side and k == 'K' and s not in GATES]
            for k in kings:
                for s, (c, kind) in list(self.board.items()):
                    last = H - 1 if side == 'w' else 0
                    waiting = kind == 'PP' and s[1] == last
                    if c != side or kind in ROYALS or waiting or s in GATES:
                        continue
                    if kind[0] == 'P' and k[1] == last:
                        continue
                    g = self.copy()
                    g.play(('swap', k, s))
                    if not g.in_check(side):
                        moves.append(('swap', k, s))
        return moves

    def over(self):
        for side in 'wb':
            if not self.royals(side):
                return True
            enemy = BLACK_CITADEL if side == 'w' else WHITE_CITADEL
            if self.board.get(enemy) == (side, 'K'):
                return True
        return False


def perft(game, depth):
    if depth == 0:
        return 1
    if game.over():
        return 0
    moves = game.legal()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        g = game.copy()
        g.play(m)
        total += perft(g, depth - 1)
    return total


def main():
    depth = int(sys.argv[1])
    options = dict(arg.split('=') for arg in sys.argv[2:])
    game = Game(options)
    for d in range(1, depth + 1):
        print(d, perft(game, d))


if __name__ == '__main__':
    main()
