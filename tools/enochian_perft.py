#!/usr/bin/env python3
"""An independent, deliberately naive perft counter for Enochian chess.

It shares no code with the Rust engine: men kept as lists per square, every
rule followed from the rules notes (engine/src/enochian/RULES.md): the arrays,
the two-square queen, shared thrones captured together, the check rules (an
attacked king must move if it can, an unattacked one may not step into
attack), frozen armies, seizing the ally's throne, concourses, promotion and
the privileged pawn, stalemate skips. It counts the eight arrays:

    tools/enochian_perft.py DEPTH             every board and setting
    tools/enochian_perft.py DEPTH earth fire  one of them
    tools/enochian_perft.py DEPTH "POSITION"  a position text of the engine's
"""
import sys

ARMIES = ['y', 'b', 'r', 'k']  # clockwise from Yellow
HOME = {
    'y': ['a8', 'b8', 'c8', 'd8'], 'b': ['h8', 'h7', 'h6', 'h5'],
    'r': ['h1', 'g1', 'f1', 'e1'], 'k': ['a1', 'a2', 'a3', 'a4'],
}
PAWNS = {
    'y': ['a7', 'b7', 'c7', 'd7'], 'b': ['g8', 'g7', 'g6', 'g5'],
    'r': ['h2', 'g2', 'f2', 'e2'], 'k': ['b1', 'b2', 'b3', 'b4'],
}
FORWARD = {'y': (0, -1), 'b': (-1, 0), 'r': (0, 1), 'k': (1, 0)}
SETTINGS = {
    'fire-earth': {'earth': 'RBQN', 'air': 'BRNQ', 'water': 'QNRB', 'fire': 'NQBR'},
    'air-water': {'earth': 'RNQB', 'air': 'BQNR', 'water': 'QBRN', 'fire': 'NRBQ'},
}
FIRST = {'air': 'y', 'water': 'b', 'fire': 'r', 'earth': 'k'}
CONCOURSE = ['b2', 'f2', 'b6', 'f6', 'd4']


def sq(name):
    return (ord(name[0]) - 97, int(name[1:]) - 1)


def on(x, y):
    return 0 <= x < 8 and 0 <= y < 8


def ally(a):
    return ARMIES[(ARMIES.index(a) + 2) % 4]


def enemy(a, b):
    return ARMIES.index(a) % 2 != ARMIES.index(b) % 2


def far_edge(a, s):
    x, y = s
    return {'y': y == 0, 'r': y == 7, 'b': x == 0, 'k': x == 7}[a]


class Game:
    def __init__(self, board, setting):
        group = 'fire-earth' if board in ('fire', 'earth') else 'air-water'
        pieces = SETTINGS[group][setting]
        self.men = {}  # square -> list of (army, kind); kind 'K','Q','R','B','N' or 'Pq' etc.
        for a in ARMIES:
            self.men[sq(HOME[a][0])] = [(a, 'K')]
            for i, p in enumerate(pieces):
                self.men.setdefault(sq(HOME[a][i]), []).append((a, p))
                self.men[sq(PAWNS[a][i])] = [(a, 'P' + p.lower())]
        self.turn = FIRST[board]
        self.frozen = set()
        self.control = {a: a for a in ARMIES}
        self.drawn = False

    @staticmethod
    def from_text(text):
        """Reads the engine's position text (see engine/src/enochian/text.rs)."""
        fields = text.split()
        g = Game.__new__(Game)
        g.men = {}
        for row, line in enumerate(fields[0].split('/')):
            x, i = 0, 0
            while i < len(line):
                c = line[i]
                if c.isdigit():
                    x += int(c)
                    i += 1
                    continue
                army, i = c, i + 1
                kinds = []
                while True:
                    kind = line[i]
                    i += 1
                    if kind == 'P':
                        kind += line[i]
                        i += 1
                    kinds.append((army, kind))
                    if i < len(line) and line[i] == '+':
                        i += 1
                        continue
                    break
                g.men[(x, 7 - row)] = kinds
                x += 1
        g.turn = fields[1]
        g.frozen = set() if fields[2] == '-' else set(fields[2])
        g.control = {a: a for a in ARMIES}
        if fields[3] != '-':
            for j in range(0, len(fields[3]), 2):
                g.control[fields[3][j]] = fields[3][j + 1]
        g.drawn = False
        return g

    def copy(self):
        g = Game.__new__(Game)
        g.men = {s: list(v) for s, v in self.men.items()}
        g.turn = self.turn
        g.frozen = set(self.frozen)
        g.control = dict(self.control)
        g.drawn = self.drawn
        return g

    def army_at(self, s):
        return self.men[s][0][0] if s in self.men else None

    def king(self, a):
        for s, v in self.men.items():
            if (a, 'K') in v:
                return s
        return None

    def in_play(self, a):
        return a not in self.frozen and any(m[0] == a for v in self.men.values() for m in v)

    def targets(self, s, a, kind, occupied):
        """Squares the man reaches: (quiet, capture)."""
        x, y = s
        if kind[0] == 'P':
            fx, fy = FORWARD[a]
            quiet = [(x + fx, y + fy)] if on(x + fx, y + fy) else []
            diag = [(x + fx + fy, y + fy + fx), (x + fx - fy, y + fy - fx)]
            return quiet, [t for t in diag if on(*t)]
        out = []
        if kind == 'K':
            out = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (dx, dy) != (0, 0) and on(x + dx, y + dy)]
        elif kind == 'Q':
            out = [(x + dx, y + dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2)
                   if (dx, dy) != (0, 0) and on(x + dx, y + dy)]
        elif kind == 'N':
            out = [(x + dx, y + dy) for dx, dy in [(1, 2), (2, 1), (-1, 2), (-2, 1),
                                                   (1, -2), (2, -1), (-1, -2), (-2, -1)]
                   if on(x + dx, y + dy)]
        else:
            dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)] if kind == 'R' else [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            for dx, dy in dirs:
                k = 1
                while on(x + k * dx, y + k * dy):
                    t = (x + k * dx, y + k * dy)
                    out.append(t)
                    if t in occupied:
                        break
                    k += 1
        return out, out

    def pseudo(self, a):
        occupied = set(self.men)
        moves = []
        for s, v in list(self.men.items()):
            for (army, kind) in v:
                if army != a:
                    continue
                quiet, capture = self.targets(s, a, kind, occupied)
                for t in quiet:
                    if t not in self.men:
                        moves.append((s, t, kind))
                for t in capture:
                    if t in self.men:
                        b = self.army_at(t)
                        if not enemy(a, b) or b in self.frozen:
                            continue
                        if kind in 'BQ' and any(m[1] == kind for m in self.men[t]):
                            continue
                        moves.append((s, t, kind))
        return list(dict.fromkeys(moves))

    def attacked(self, square, a, men=None):
        men = self.men if men is None else men
        occupied = set(men)
        held = [m[1] for m in men.get(square, [])]
        for s, v in men.items():
            for (b, kind) in v:
                if not enemy(a, b) or b in self.frozen:
                    continue
                # A bishop never takes a bishop, a queen never a queen (D13).
                if kind in 'BQ' and kind in held:
                    continue
                if square in self.targets(s, b, kind, occupied)[1]:
                    return True
        return False

    def privileged(self, a):
        kinds = [m[1] for v in self.men.values() for m in v if m[0] == a]
        pawns = [k for k in kinds if k[0] == 'P']
        rest = [k for k in kinds if k[0] != 'P' and k != 'K']
        return ('K' in kinds and len(pawns) == 1 and len(rest) <= 1
                and all(k in 'BQ' for k in rest))

    def legal(self, a):
        king = self.king(a)
        moves = self.pseudo(a)
        in_check = king is not None and self.attacked(king, a)
        king_moves = [m for m in moves if m[2] == 'K']
        if not in_check:
            safe = []
            for m in king_moves:
                men = {s: list(v) for s, v in self.men.items()}
                men[m[0]] = [x for x in men[m[0]] if x != (a, 'K')]
                if not men[m[0]]:
                    del men[m[0]]
                men[m[1]] = [(a, 'K')]
                if not self.attacked(m[1], a, men):
                    safe.append(m)
            king_moves = safe
        if in_check and king_moves:
            return [m + (None,) for m in king_moves]
        out = [m + (None,) for m in king_moves]
        priv = self.privileged(a)
        for m in moves:
            if m[2] == 'K':
                continue
            if m[2][0] == 'P' and priv and far_edge(a, m[1]):
                out.extend(m + (p,) for p in 'QRBN')
            else:
                out.append(m + (None,))
        return out

    def pawn_squares(self, b):
        return [s for s, v in self.men.items() for m in v if m[0] == b and m[1][0] == 'P']

    def play(self, move):
        self.apply(self.turn, move)
        self.end_turn()

    def apply(self, a, move):
        frm, to, kind, promo = move
        before = {b: len(self.pawn_squares(b)) for b in ARMIES}
        victims = self.men.pop(to, [])
        for (b, k) in victims:
            if k == 'K':
                self.frozen.add(b)
                for c in ARMIES:
                    if c != b and self.control[c] == b:
                        self.control[c] = c
                        if self.king(c) is None:
                            self.frozen.add(c)
        self.men[frm].remove((a, kind))
        if not self.men[frm]:
            del self.men[frm]
        arrived = promo or kind
        if promo and True:  # the seed's demotion
            for s, v in self.men.items():
                if (a, promo) in v:
                    v[v.index((a, promo))] = (a, 'P' + promo.lower())
                    break
        self.men[to] = [(a, arrived)]
        if arrived in 'BQ' and not promo:
            self.concourse(a, arrived, to)
        if kind == 'K' and to == sq(HOME[ally(a)][0]):
            self.control[ally(a)] = self.control[a]
            self.frozen.discard(ally(a))
        # A pawn on its far edge converts when it arrives there (its army
        # having fewer than four pawns), or, waiting there, in the ply its
        # army's pawns drop below four. A demoted piece stays a pawn.
        for b in ARMIES:
            pawns = self.pawn_squares(b)
            if len(pawns) >= 4:
                continue
            for s in pawns:
                arrived = b == a and s == to and kind[0] == 'P' and not promo
                if far_edge(b, s) and (arrived or before[b] >= 4):
                    self.men[s] = [(b, self.men[s][0][1][1].upper())]

    def concourse(self, a, kind, to):
        for corner in CONCOURSE:
            cx, cy = sq(corner)
            block = [(cx, cy), (cx + 1, cy), (cx, cy + 1), (cx + 1, cy + 1)]
            if to not in block:
                continue
            owners = []
            for s in block:
                v = self.men.get(s, [])
                if len(v) != 1 or v[0][1] != kind:
                    break
                owners.append(v[0][0])
            else:
                if len(set(owners)) == 4 and not (set(owners) & self.frozen):
                    for s in block:
                        if self.men[s][0][0] != a:
                            del self.men[s]

    def stalemated(self, a):
        """The seed: the king is not attacked, and every move would leave it
        attacked (a kingless army: it has no move)."""
        king = self.king(a)
        if king is not None and self.attacked(king, a):
            return False
        for m in self.legal(a):
            g = self.copy()
            g.apply(a, m)
            k = g.king(a)
            if k is None or not g.attacked(k, a):
                return False
        return True

    def end_turn(self):
        i = ARMIES.index(self.turn)
        for step in range(1, 5):
            a = ARMIES[(i + step) % 4]
            if not self.in_play(a):
                continue
            if self.stalemated(a):
                b = ally(a)
                if not self.in_play(b) or self.control[a] == self.control[b] or self.stalemated(b):
                    self.drawn = True
                    self.turn = a
                    return
                continue
            if self.legal(a):
                self.turn = a
                return
        self.drawn = True

    def over(self):
        for team in (0, 1):
            kings = [self.king(a) for a in ARMIES if ARMIES.index(a) % 2 == team]
            if all(k is None for k in kings):
                return True
            bare = all(
                k is not None and [m for v in self.men.values() for m in v if m[0] == a] == [(a, 'K')]
                for a, k in zip([a for a in ARMIES if ARMIES.index(a) % 2 == team], kings))
            if bare:
                return True
        return self.drawn


def perft(game, depth):
    if depth == 0:
        return 1
    if game.over():
        return 0
    moves = game.legal(game.turn)
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
    if len(sys.argv) == 3:
        game = Game.from_text(sys.argv[2])
        print(' '.join(str(perft(game, d)) for d in range(1, depth + 1)))
        return
    pairs = [(sys.argv[2], sys.argv[3])] if len(sys.argv) > 3 else [
        (b, s) for b in ('earth', 'air', 'water', 'fire') for s in ('earth', 'air', 'water', 'fire')]
    for board, setting in pairs:
        game = Game(board, setting)
        print(board, setting, ' '.join(str(perft(game, d)) for d in range(1, depth + 1)))


if __name__ == '__main__':
    main()
