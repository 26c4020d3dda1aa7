#!/usr/bin/env python3
"""An independent, deliberately naive perft counter for the three Chaturaji games.

It shares no code with the Rust engine: it follows the rules notes
(engine/src/chaturaji/RULES.md) square by square, without bitboards, to
cross-check the engine's perft fixtures. Dice are ignored, as perft does:
every kind may move and each turn is one move.

    tools/chaturaji_perft.py GAME "POSITION TEXT" DEPTH [KEY=VALUE ...]

GAME is chaturaji, chaturaji-classic or chaturaji-nodice; the position text
is the engine's (see engine/src/chaturaji/text.rs). Options: swap is not
needed (positions give the men), kingless=stop, bishop=short, end=chaturaji,
win=kings, dead_men=0, alliance=partners (Red with Yellow, Green with Black:
taking the partner's king or mounting its throne commands its army, and the
game ends when one pair is left).
"""
import sys

# Seats in clockwise order, with the edge each army starts on.
SEATS = {
    'dice': [('r', 'E'), ('g', 'S'), ('y', 'W'), ('k', 'N')],
    'nodice': [('r', 'S'), ('b', 'W'), ('y', 'N'), ('g', 'E')],
}
FORWARD = {'S': (0, 1), 'W': (1, 0), 'N': (0, -1), 'E': (-1, 0)}
KING_STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
VALUES = {
    'chaturaji': {'P': 1, 'B': 3, 'H': 3, 'E': 5, 'K': 10},
    'chaturaji-classic': {'P': 1, 'B': 2, 'H': 3, 'E': 4, 'K': 5},
    'chaturaji-nodice': {'P': 1, 'N': 3, 'B': 5, 'R': 5, 'K': 3},
}


def on(x, y):
    return 0 <= x < 8 and 0 <= y < 8


class Game:
    def __init__(self, game, text, options):
        self.game = game
        self.kind = 'nodice' if game == 'chaturaji-nodice' else 'dice'
        self.seats = SEATS[self.kind]
        self.options = options
        fields = text.split()
        self.board = {}
        for row, line in enumerate(fields[0].split('/')):
            x, i = 0, 0
            while i < len(line):
                if line[i].isdigit():
                    x += int(line[i])
                    i += 1
                else:
                    self.board[(x, 7 - row)] = (self.seat_of(line[i]), line[i + 1])
                    x += 1
                    i += 2
        self.turn = self.seat_of(fields[1])
        self.scores = [int(s) for s in fields[3].split(',')]
        self.out = [False] * 4
        if fields[4] != '-':
            for c in fields[4]:
                self.out[self.seat_of(c)] = True
        self.quiet = int(fields[5])
        self.held = [None] * 4
        if fields[6] != '-':
            for entry in fields[6].split(','):
                self.held[self.seat_of(entry[0])] = (self.seat_of(entry[1]), entry.endswith('!'))
        # Who plays each army: its own seat, or a partner commanding it.
        self.controller = list(range(4))
        if len(fields) > 7 and fields[7] != '-':
            for entry in fields[7].split(','):
                self.controller[self.seat_of(entry[0])] = self.seat_of(entry[1])
        self.partners = options.get('alliance') == 'partners'
        self.stuck = False

    def seat_of(self, letter):
        return [s[0] for s in self.seats].index(letter.lower())

    def copy(self):
        other = Game.__new__(Game)
        other.__dict__ = dict(self.__dict__)
        other.board = dict(self.board)
        other.scores = list(self.scores)
        other.out = list(self.out)
        other.held = list(self.held)
        other.controller = list(self.controller)
        return other

    def letters(self):
        if self.kind == 'nodice':
            return {'boat': 'R', 'horse': 'N', 'elephant': 'B'}
        return {'boat': 'B', 'horse': 'H', 'elephant': 'E'}

    def has_king(self, seat):
        return any(v == (seat, 'K') for v in self.board.values())

    def in_play(self, seat):
        return not self.out[seat] and any(s == seat for s, _ in self.board.values())

    # Where the man of `seat` of kind `man` on (x, y) may go: (quiet, capture) lists.
    def reach(self, seat, man, x, y):
        side = self.seats[seat][1]
        fx, fy = FORWARD[side]
        quiet, capture = [], []

        def ride(dirs, limit=8):
            out = []
            for dx, dy in dirs:
                for k in range(1, limit + 1):
                    t = (x + k * dx, y + k * dy)
                    if not on(*t):
                        break
                    out.append(t)
                    if t in self.board:
                        break
            return out

        def leap(steps):
            return [(x + dx, y + dy) for dx, dy in steps if on(x + dx, y + dy)]

        L = self.letters()
        if man == 'K':
            both = leap(KING_STEPS)
        elif man == 'P':
            quiet = leap([(fx, fy)])
            # the two forward diagonals
            side_steps = [(fx + fy, fy + fx), (fx - fy, fy - fx)] if fx == 0 or fy == 0 else []
            capture = leap(side_steps)
            return quiet, capture
        elif man == L['horse']:
            both = leap(KNIGHT)
        elif man == L['boat']:
            if self.game == 'chaturaji':
                both = leap(DIAG) + leap([(2 * dx, 2 * dy) for dx, dy in DIAG])
            elif self.game == 'chaturaji-classic':
                both = leap([(2 * dx, 2 * dy) for dx, dy in DIAG])
            else:
                both = ride(ORTHO)
        else:  # elephant, or the no-dice bishop
            if self.kind == 'dice':
                both = ride(ORTHO)
            else:
                both = ride(DIAG, 2 if self.options.get('bishop') == 'short' else 8)
        return both, both

    def line_index(self, seat, x, y):
        side = self.seats[seat][1]
        along = x if side in 'SN' else y
        return min(along, 7 - along)

    def on_far_edge(self, seat, x, y):
        side = self.seats[seat][1]
        fx, fy = FORWARD[side]
        return not on(x + fx, y + fy)

    def promotions(self, seat, x, y):
        L = self.letters()
        if self.game == 'chaturaji':
            return [L['horse'], L['boat'], L['elephant']]
        if self.game == 'chaturaji-nodice':
            return [L['boat']]
        master = ['B', 'H', 'E', 'K'][self.line_index(seat, x, y)]
        mine = [m for (s, m) in self.board.values() if s == seat]
        pawns = mine.count('P')
        # The king, one boat and this pawn: nothing else («кроме короля»).
        lone = (self.has_king(seat) and pawns == 1 and mine.count('B') == 1
                and 'H' not in mine and 'E' not in mine)
        allowed = {
            'H': pawns < 3,
            'E': pawns < 3,
            'B': lone,
            'K': lone,
        }[master]
        if not allowed:
            return []
        # On the king's square, with the king standing, any other piece.
        return ['H', 'B', 'E'] if master == 'K' else [master]

    def moves(self, seat):
        out = []
        for (x, y), (s, man) in list(self.board.items()):
            if s != seat:
                continue
            quiet, capture = self.reach(seat, man, x, y)
            targets = [t for t in quiet if t not in self.board]
            # Anyone's man but those the same player moves.
            mover = self.controller[seat]
            targets += [t for t in capture
                        if t in self.board and self.controller[self.board[t][0]] != mover]
            for t in dict.fromkeys(targets):
                if man == 'P' and self.on_far_edge(seat, *t):
                    for p in self.promotions(seat, *t):
                        out.append(((x, y), t, p))
                else:
                    out.append(((x, y), t, None))
        return out

    def value(self, victim, man):
        dead = self.kind == 'nodice' and self.out[victim]
        if dead and (man != 'K' or self.options.get('dead_men') == '0'):
            return 0
        return VALUES[self.game][man]

    def allied(self, a, b):
        return a == b or (self.partners and a % 2 == b % 2)

    def capture(self, seat, square, by_king_on_throne):
        victim, man = self.board.pop(square)
        taker = self.controller[seat]
        ally = self.allied(victim, taker)
        if not ally:
            self.scores[taker] += self.value(victim, man)
        if man == 'K' and not self.has_king(victim):
            self.held[victim] = (taker, by_king_on_throne)
            if ally:
                self.controller[victim] = taker
            elif self.game != 'chaturaji-classic' or self.options.get('kingless') == 'stop':
                self.out[victim] = True

    def throne(self, seat):
        side = self.seats[seat][1]
        return {'S': (3, 0), 'W': (0, 4), 'N': (4, 7), 'E': (7, 3)}[side]

    def attackers(self, seat, square):
        found = set()
        for (x, y), (s, man) in list(self.board.items()):
            if s == seat and square in self.reach(seat, man, x, y)[1]:
                found.add((x, y))
        return found

    def play(self, mv):
        seat = self.turn
        frm, to, promo = mv
        man = self.board[frm][1]
        before = self.copy()
        captured = to in self.board
        if captured:
            self.capture(seat, to, man == 'K' and to == self.throne(self.board[to][0]))
        del self.board[frm]
        self.board[to] = (seat, promo or man)
        if self.game == 'chaturaji-classic' and man == 'B':
            self.triumph(seat, to)
        if self.partners and man == 'K':
            # A king on the partner's throne commands the partner's army.
            taker = self.controller[seat]
            for t in range(4):
                if t not in (seat, taker) and self.allied(t, taker) and to == self.throne(t):
                    self.controller[t] = taker
        if self.game == 'chaturaji-nodice' and sum(before.in_play(s) for s in range(4)) >= 3:
            self.scores[seat] += self.check_bonus(before, seat)
        if captured or man == 'P':
            self.quiet = 0
        self.end_turn()

    def check_bonus(self, before, mover):
        newly = 0
        for c in range(4):
            if c == mover or not self.in_play(c) or not self.has_king(c):
                continue
            king = [sq for sq, v in self.board.items() if v == (c, 'K')][0]
            for d in range(4):
                if d == c:
                    continue
                now = self.attackers(d, king) if self.in_play(d) else set()
                then = before.attackers(d, king) if before.in_play(d) else set()
                if now - then:
                    newly += 1
                    break
        return {2: 1, 3: 5}.get(newly, 0)

    def triumph(self, seat, to):
        x, y = to
        for x0, y0 in [(x - 1, y - 1), (x - 1, y), (x, y - 1), (x, y)]:
            block = [(x0 + dx, y0 + dy) for dx, dy in [(0, 0), (1, 0), (0, 1), (1, 1)]]
            if not all(on(*b) for b in block):
                continue
            men = [self.board.get(b) for b in block]
            if all(m and m[1] == 'B' for m in men) and len({m[0] for m in men}) == 4:
                for b in block:
                    if self.controller[self.board[b][0]] != self.controller[seat]:
                        self.capture(seat, b, False)

    def end_turn(self):
        self.quiet += 1
        seat = self.turn
        for _ in range(4):
            seat = (seat + 1) % 4
            if not self.in_play(seat):
                continue
            if not self.moves(seat):
                if self.kind == 'nodice':
                    self.out[seat] = True
                continue
            self.turn = seat
            return
        self.stuck = True

    def chaturaji(self):
        # Every other king held with one's own standing; with partners, both
        # enemy kings held and the partner's army commanded.
        for p in range(4):
            if self.partners and self.controller[(p + 2) % 4] != p:
                continue
            if self.has_king(p) and all(
                not self.has_king(o) and self.held[o] and self.held[o][0] == p
                for o in range(4) if not self.allied(o, p)
            ):
                return True
        return False

    def unreachable(self):
        seats = [s for s in range(4) if self.in_play(s)]
        if len(seats) != 2 or self.options.get('win') == 'kings':
            return False
        a, b = seats
        leader, other = (a, b) if self.scores[a] > self.scores[b] else (b, a)
        worth = sum(
            VALUES[self.game]['R' if man == 'P' else man]
            for (s, man) in self.board.values() if s == leader
        )
        dead_kings = sum(1 for (s, man) in self.board.values() if man == 'K' and self.out[s])
        if self.options.get('dead_men') == '0':
            dead_kings = 0
        return self.scores[leader] > self.scores[other] + worth + 3 * dead_kings

    def ended(self):
        # The reference ends the classical game when at most one army is left;
        # option end=chaturaji ends it at the chaturaji too.
        if self.game == 'chaturaji-classic' and self.options.get('end') == 'chaturaji' \
                and self.chaturaji():
            return True
        in_play = sum(self.in_play(s) for s in range(4))
        sides = {s % 2 if self.partners else s for s in range(4) if self.in_play(s)}
        if len(sides) <= 1 or self.stuck or self.quiet >= 50 * in_play:
            return True
        return self.game == 'chaturaji-nodice' and self.unreachable()


def perft(game, depth):
    if depth == 0:
        return 1
    if game.ended():
        return 0
    moves = game.moves(game.turn)
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        child = game.copy()
        child.play(mv)
        total += perft(child, depth - 1)
    return total


def main():
    game_id, text, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    options = dict(arg.split('=') for arg in sys.argv[4:])
    game = Game(game_id, text, options)
    if game.kind == 'dice' and not game.moves(game.turn):
        game.end_turn()
    for d in range(1, depth + 1):
        print(d, perft(game, d))


if __name__ == '__main__':
    main()
