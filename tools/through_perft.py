#!/usr/bin/env python3
"""An independent, deliberately naive Through chess move counter.

It shares no code with the Rust engine: it reads the rules straight from
the rules reference (sliders pass through everything, pawns step 1 or 2 from
any rank onto an empty square and never capture nor are captured, a pawn
reaching the last rank becomes a superqueen, a side without its queens has
lost, 100 plies without capture or pawn move draw). It exists to cross-check
the engine's perft fixtures:

    tools/through_perft.py "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w 0 1" 4
    tools/through_perft.py POSITION DEPTH [superqueen_capture=...] [win=...]
"""
import sys

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def parse(text):
    fields = text.split()
    board = {}
    for row, line in enumerate(fields[0].split('/')):
        f = 0
        for c in line:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, 7 - row)] = c
                f += 1
    halfmoves = int(fields[2]) if len(fields) > 2 else 0
    return board, fields[1], halfmoves


def white(c):
    return c.isupper()


def line_squares(f, r, dirs):
    for dx, dy in dirs:
        x, y = f + dx, r + dy
        while 0 <= x < 8 and 0 <= y < 8:
            yield (x, y)
            x, y = x + dx, y + dy


def moves(board, turn, rules):
    mine = (lambda c: c.isupper()) if turn == 'w' else (lambda c: c.islower())
    out = []
    for (f, r), c in list(board.items()):
        if not mine(c):
            continue
        kind = c.upper()

        def ok_quiet(sq):
            return sq not in board

        def ok_capture(sq):
            return sq in board and not mine(board[sq]) and board[sq].upper() != 'P'

        if kind == 'P':
            step = 1 if turn == 'w' else -1
            for k in (1, 2):
                sq = (f, r + k * step)
                if 0 <= sq[1] < 8 and sq not in board:
                    out.append(((f, r), sq))
            continue
        if kind == 'N':
            targets = [(f + dx, r + dy) for dx, dy in KNIGHT if 0 <= f + dx < 8 and 0 <= r + dy < 8]
            quiet = capture = targets
        elif kind in 'BRQ':
            dirs = {'B': DIAG, 'R': ORTHO, 'Q': DIAG + ORTHO}[kind]
            quiet = capture = list(line_squares(f, r, dirs))
        else:  # superqueen
            everywhere = [(x, y) for x in range(8) for y in range(8) if (x, y) != (f, r)]
            quiet = everywhere
            capture = {
                'anywhere': everywhere,
                'queen-lines': list(line_squares(f, r, DIAG + ORTHO)),
                'none': [],
            }[rules['superqueen_capture']]
        for sq in quiet:
            if ok_quiet(sq):
                out.append(((f, r), sq))
        for sq in capture:
            if ok_capture(sq):
                out.append(((f, r), sq))
    return out


def play(board, turn, halfmoves, mv):
    board = dict(board)
    frm, to = mv
    piece = board.pop(frm)
    captured = to in board
    pawn = piece.upper() == 'P'
    if pawn and to[1] in (0, 7):
        piece = 'S' if piece.isupper() else 's'
    board[to] = piece
    return board, ('b' if turn == 'w' else 'w'), 0 if captured or pawn else halfmoves + 1


def lost(board, side, rules):
    royal = 'Q' if rules['win'] == 'queens' else 'QS'
    return not any(
        c.upper() in royal and (c.isupper() == (side == 'w')) for c in board.values()
    )


def ended(board, halfmoves, rules):
    return lost(board, 'w', rules) or lost(board, 'b', rules) or halfmoves >= 100


def perft(board, turn, halfmoves, depth, rules):
    if depth == 0:
        return 1
    if ended(board, halfmoves, rules):
        return 0
    ms = moves(board, turn, rules)
    if depth == 1:
        return len(ms)
    total = 0
    for mv in ms:
        b, t, h = play(board, turn, halfmoves, mv)
        total += perft(b, t, h, depth - 1, rules)
    return total


def main():
    text, depth = sys.argv[1], int(sys.argv[2])
    rules = {'superqueen_capture': 'anywhere', 'win': 'queens'}
    for option in sys.argv[3:]:
        key, value = option.split('=')
        rules[key] = value
    board, turn, halfmoves = parse(text)
    for d in range(1, depth + 1):
        print(d, perft(board, turn, halfmoves, d, rules))


if __name__ == '__main__':
    main()
