#!/usr/bin/env python3
"""outside_bot.py - a small UGI engine for Tabula's Onitama, Senet and capture checkers.

Written from docs/protocol.md and docs/rules/*.md only (no Tabula code), as a template
for bot authors.  Python 3, standard library only.

    python3 outside_bot.py onitama          # or: senet, checkers
    python3 outside_bot.py                  # guess the game from the first `position fen`

The UGI protocol does not name the game, so the game is the first command-line argument
(as with `tabula ugi GAME`).  Without it the bot guesses the game from the shape of the
first `position fen ...` line; `position startpos` then needs the argument.

Strength is deliberately modest:
  onitama   a short iterative-deepening negamax (material, wins), stopped by the clock
  senet     expectimax one throw ahead (a player who cannot move loses), then a race score
  checkers  the capture chain with the most marbles, minus what the next player can then take
"""

import sys
import time

WIN = 100000  # score of a won position (minus plies to reach it)


class OutOfTime(Exception):
    """Raised inside a search when its time is up."""


# ---------------------------------------------------------------------------------------
# Onitama (docs/rules/onitama.md)
# ---------------------------------------------------------------------------------------

# name -> (jumps (dx, dy) seen from the holder, stamp colour); in the rules' table order.
CARDS = {
    "tiger": ([(0, 2), (0, -1)], "blue"),
    "crab": ([(-2, 0), (0, 1), (2, 0)], "blue"),
    "monkey": ([(-1, 1), (1, 1), (-1, -1), (1, -1)], "blue"),
    "crane": ([(0, 1), (-1, -1), (1, -1)], "blue"),
    "dragon": ([(-2, 1), (2, 1), (-1, -1), (1, -1)], "red"),
    "elephant": ([(-1, 1), (1, 1), (-1, 0), (1, 0)], "red"),
    "mantis": ([(-1, 1), (1, 1), (0, -1)], "red"),
    "boar": ([(-1, 0), (0, 1), (1, 0)], "red"),
    "frog": ([(-2, 0), (-1, 1), (1, -1)], "red"),
    "goose": ([(-1, 1), (-1, 0), (1, 0), (1, -1)], "blue"),
    "horse": ([(-1, 0), (0, 1), (0, -1)], "red"),
    "eel": ([(-1, 1), (-1, -1), (1, 0)], "blue"),
    "rabbit": ([(-1, -1), (1, 1), (2, 0)], "blue"),
    "rooster": ([(-1, -1), (-1, 0), (1, 0), (1, 1)], "red"),
    "ox": ([(0, 1), (1, 0), (0, -1)], "blue"),
    "cobra": ([(-1, 0), (1, 1), (1, -1)], "red"),
}
CARD_ORDER = list(CARDS)


def sq_name(sq):
    """Square index 0..24 (rank-major from a1) -> 'c1'."""
    return "abcde"[sq % 5] + str(sq // 5 + 1)


def sq_index(name):
    if len(name) != 2 or name[0] not in "abcde" or name[1] not in "12345":
        raise ValueError("bad square '%s'" % name)
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


RED_TEMPLE, BLUE_TEMPLE = sq_index("c1"), sq_index("c5")


class Onitama:
    """State: (board tuple of 25 chars, side 0=Red/1=Blue, (red hand, blue hand), side card).
    Board chars: 'M','S' Red, 'm','s' Blue, '.' empty.  Hands are sorted in table order."""

    name = "onitama"
    options = {"cards": "horse,elephant,ox,boar,crab", "seed": "<empty>", "ply-limit": "300"}

    # -- reading positions -------------------------------------------------------------
    def start(self, opts):
        if opts.get("seed", "<empty>") not in ("", "<empty>"):
            raise ValueError("a random deal (seed) cannot be rebuilt here; send position fen")
        cards = [c.strip().lower() for c in opts.get("cards", self.options["cards"]).split(",")]
        if len(cards) != 5:
            raise ValueError("cards needs five names")
        return self._make("ssmss/5/5/5/SSMSS", None, cards[0:2], cards[2:4], cards[4])

    def parse(self, fen):
        f = fen.split()
        if len(f) != 5:
            raise ValueError("onitama position needs 5 fields")
        return self._make(f[0], f[1], f[2].lower().split(","), f[3].lower().split(","), f[4].lower())

    def _make(self, board_text, side, red, blue, side_card):
        ranks = board_text.split("/")
        if len(ranks) != 5:
            raise ValueError("board needs 5 ranks")
        board = ["."] * 25
        for i, rank_text in enumerate(ranks):  # rank 5 first
            rank, file = 5 - i, 0
            for ch in rank_text:
                if ch in "12345":
                    file += int(ch)
                elif ch in "MSms":
                    if file > 4:
                        raise ValueError("rank too long")
                    board[(rank - 1) * 5 + file] = ch
                    file += 1
                else:
                    raise ValueError("bad board char '%s'" % ch)
            if file != 5:
                raise ValueError("rank does not add up to 5")
        cards = list(red) + list(blue) + [side_card]
        if len(cards) != 5 or len(set(cards)) != 5 or any(c not in CARDS for c in cards):
            raise ValueError("need five different known cards")
        if side is None:  # start position: the side card's stamp moves first
            side = "r" if CARDS[side_card][1] == "red" else "b"
        if side not in ("r", "b"):
            raise ValueError("side must be r or b")
        hands = (self._hand(red), self._hand(blue))
        return (tuple(board), 0 if side == "r" else 1, hands, side_card)

    def fen(self, st):
        board, side, hands, side_card = st
        ranks = []
        for rank in range(4, -1, -1):
            text, empty = "", 0
            for f in range(5):
                ch = board[rank * 5 + f]
                if ch == ".":
                    empty += 1
                    continue
                text += (str(empty) if empty else "") + ch
                empty = 0
            ranks.append(text + (str(empty) if empty else ""))
        return "%s %s %s %s %s" % ("/".join(ranks), "rb"[side], ",".join(hands[0]),
                                   ",".join(hands[1]), side_card)

    @staticmethod
    def _hand(cards):
        return tuple(sorted(cards, key=CARD_ORDER.index))

    # -- rules ---------------------------------------------------------------------------
    def winner(self, st):
        """0 (Red) or 1 (Blue) if the position is already won, else None."""
        board = st[0]
        if "M" not in board or board[RED_TEMPLE] == "m":
            return 1
        if "m" not in board or board[BLUE_TEMPLE] == "M":
            return 0
        return None

    def turn(self, st):
        return None if self.winner(st) is not None else st[1]

    def result(self, st):
        w = self.winner(st)
        return None if w is None else [1.0 - w, float(w)]

    def legal_moves(self, st):
        if self.winner(st) is not None:
            return []
        board, side, hands, _ = st
        own = "MS" if side == 0 else "ms"
        sign = 1 if side == 0 else -1  # Blue's jumps are turned half a circle
        moves = []
        for card in hands[side]:
            for sq in range(25):
                if board[sq] not in own:
                    continue
                f, r = sq % 5, sq // 5
                for dx, dy in CARDS[card][0]:
                    nf, nr = f + sign * dx, r + sign * dy
                    if 0 <= nf < 5 and 0 <= nr < 5 and board[nr * 5 + nf] not in own:
                        moves.append("%s:%s%s" % (card, sq_name(sq), sq_name(nr * 5 + nf)))
        if not moves:  # no jump at all: the two passes
            moves = ["%s:pass" % card for card in hands[side]]
        return moves

    def play(self, st, move):
        board, side, hands, side_card = st
        card, _, rest = move.lower().partition(":")
        if card not in hands[side]:
            raise ValueError("'%s': card not in the mover's hand" % move)
        legal = self.legal_moves(st)
        if move.lower() not in legal:
            raise ValueError("'%s' is not legal here" % move)
        board = list(board)
        if rest != "pass":
            a, b = sq_index(rest[:2]), sq_index(rest[2:])
            board[b], board[a] = board[a], "."
        hand = [c for c in hands[side] if c != card] + [side_card]
        new_hands = list(hands)
        new_hands[side] = self._hand(hand)
        return (tuple(board), 1 - side, tuple(new_hands), card)

    def repetition_key(self, st):
        return st  # board, side, hands (sorted) and side card: the whole position

    # -- choosing a move -----------------------------------------------------------------
    def evaluate(self, st):
        """Score for the side to move: material, and the master's distance to the enemy arch."""
        board, side = st[0], st[1]
        score = 100 * (board.count("S") - board.count("s"))
        for sq, ch in enumerate(board):
            if ch == "M":
                score -= 4 * max(abs(sq % 5 - 2), abs(sq // 5 - 4))
            elif ch == "m":
                score += 4 * max(abs(sq % 5 - 2), abs(sq // 5 - 0))
        return score if side == 0 else -score

    def _negamax(self, st, depth, alpha, beta, ply, clock):
        clock.tick()
        w = self.winner(st)
        if w is not None:  # the side to move has lost (the opponent just won)
            return -(WIN - ply)
        if depth == 0:
            return self.evaluate(st)
        best = -WIN * 2
        for move in self._ordered(st):
            score = -self._negamax(self.play_fast(st, move), depth - 1, -beta, -alpha, ply + 1, clock)
            if score > best:
                best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best

    def _ordered(self, st):
        """Legal moves, captures first (helps alpha-beta cut)."""
        board = st[0]
        moves = self.legal_moves(st)
        return sorted(moves, key=lambda m: m.endswith("pass") or board[sq_index(m[-2:])] == ".")

    def play_fast(self, st, move):
        """play() without the legality check, for moves the generator made."""
        board, side, hands, side_card = st
        card, _, rest = move.partition(":")
        board = list(board)
        if rest != "pass":
            a, b = sq_index(rest[:2]), sq_index(rest[2:])
            board[b], board[a] = board[a], "."
        new_hands = list(hands)
        new_hands[side] = self._hand([c for c in hands[side] if c != card] + [side_card])
        return (tuple(board), 1 - side, tuple(new_hands), card)

    def choose(self, st, clock, history=()):
        moves = self._ordered(st)
        best = moves[0]
        # a move that repeats a position already seen twice draws: avoid it unless losing
        seen = {}
        for h in history:
            seen[h] = seen.get(h, 0) + 1
        try:
            for depth in range(1, (clock.max_depth or 7) + 1):
                scores = {}
                alpha = -WIN * 2
                for move in moves:
                    child = self.play_fast(st, move)
                    if seen.get(child, 0) >= 2:
                        score = 0  # third occurrence: a draw
                    else:
                        score = -self._negamax(child, depth - 1, -WIN * 2, -alpha, 1, clock)
                    scores[move] = score
                    alpha = max(alpha, score)
                moves.sort(key=lambda m: -scores[m])  # best first for the next iteration
                best, clock.depth = moves[0], depth
                # stop at a proven win, or when the next (several times longer) iteration
                # would probably not finish within the soft limit
                if scores[best] >= WIN - 100 or clock.elapsed() * 3 > clock.soft:
                    break
        except OutOfTime:
            pass
        return best


# ---------------------------------------------------------------------------------------
# Senet (docs/rules/senet.md)
# ---------------------------------------------------------------------------------------

THROWS = ("1", "2", "3", "4", "6")
THROW_CHANCE = {1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16, 6: 1 / 16}


class Senet:
    """State: (squares tuple of 30 chars 'L'/'D'/'.', mover 'D' or 'L', throw int or None).
    Dark ('D') is seat 0 (p1), light ('L') seat 1."""

    name = "senet"
    options = {"ply-limit": "1000"}

    def start(self, opts):
        return self.parse("LDLDLDLDL.D................... D -")

    def parse(self, fen):
        f = fen.split()
        if len(f) != 3 or len(f[0]) != 30 or any(c not in "LD." for c in f[0]):
            raise ValueError("senet position is <30 squares> <L|D> <throw>")
        if f[1] not in ("L", "D") or f[2] not in ("-",) + THROWS:
            raise ValueError("bad side or throw")
        if f[0].count("L") > 5 or f[0].count("D") > 5:
            raise ValueError("more than five pieces")
        return (tuple(f[0]), f[1], None if f[2] == "-" else int(f[2]))

    def fen(self, st):
        return "%s %s %s" % ("".join(st[0]), st[1], "-" if st[2] is None else st[2])

    @staticmethod
    def other(colour):
        return "L" if colour == "D" else "D"

    # -- rules ---------------------------------------------------------------------------
    def _target(self, sq, me, s, t):
        """Can my piece on square s (1-based) go to t?  True/False by blockade and landing."""
        enemy = self.other(me)
        lo, hi = (s, t) if t > s else (t, s)
        # squares strictly between s and t; bearing off passes every square up to 30
        between = range(lo + 1, min(hi, 31)) if t <= 30 else range(s + 1, 31)
        run = 0
        for q in between:
            run = run + 1 if sq[q - 1] == enemy else 0
            if run >= 3:
                return False
        if t > 30:
            return True  # borne off
        if sq[t - 1] == me:
            return False
        if sq[t - 1] == enemy:  # only a lone enemy may be swapped
            if (t > 1 and sq[t - 2] == enemy) or (t < 30 and sq[t] == enemy):
                return False
        return True

    def _moves_for(self, st):
        sq, me, throw = st
        forward = [s for s in range(1, 31) if sq[s - 1] == me and self._target(sq, me, s, s + throw)]
        if forward:
            return ["%d+" % s for s in forward]
        back = [s for s in range(1, 31)
                if sq[s - 1] == me and s - throw >= 1 and self._target(sq, me, s, s - throw)]
        return ["%d-" % s for s in back]

    def winner(self, st):
        """Seat that has won, else None."""
        sq, me, throw = st
        if "D" not in sq:
            return 0
        if "L" not in sq:
            return 1
        if throw is not None and not self._moves_for(st):
            return 1 if me == "D" else 0  # the mover cannot move: the mover loses
        return None

    def turn(self, st):
        if self.winner(st) is not None:
            return None
        if st[2] is None:
            return "chance"
        return 0 if st[1] == "D" else 1

    def result(self, st):
        w = self.winner(st)
        return None if w is None else [1.0 - w, float(w)]

    def legal_moves(self, st):
        if self.winner(st) is not None:
            return []
        if st[2] is None:
            return list(THROWS)  # chance outcomes
        return self._moves_for(st)

    def play(self, st, move):
        if move not in self.legal_moves(st):
            raise ValueError("'%s' is not legal here" % move)
        return self.play_fast(st, move)

    def play_fast(self, st, move):
        sq, me, throw = st
        if throw is None:
            return (sq, me, int(move))
        s = int(move[:-1])
        t = s + throw if move.endswith("+") else s - throw
        sq = list(sq)
        if t > 30:
            sq[s - 1] = "."
        else:
            sq[s - 1], sq[t - 1] = sq[t - 1], me  # an enemy on t goes back to s (a swap)
        nxt = me if throw in (1, 4, 6) else self.other(me)
        return (tuple(sq), nxt, None)

    def repetition_key(self, st):
        return None  # Senet has no repetition rule

    # -- choosing a move -----------------------------------------------------------------
    def evaluate(self, sq, me):
        """For `me`: progress of my pieces minus the enemy's, where a piece borne off counts
        as square 20 (pieces kept on the board block and keep moves available: in tests this
        beat valuing them higher), a pair is worth a little, and a lone piece loses what an
        enemy piece behind it would gain by swapping it back (weighted by the throw's chance)."""
        def side_score(colour):
            foe = self.other(colour)
            on_board = [i + 1 for i, c in enumerate(sq) if c == colour]
            score = (5 - len(on_board)) * 20
            for s in on_board:
                score += s
                if (s > 1 and sq[s - 2] == colour) or (s < 30 and sq[s] == colour):
                    score += 3  # protected
                    continue
                for v, chance in THROW_CHANCE.items():
                    if s - v >= 1 and sq[s - v - 1] == foe:
                        score -= chance * 2 * v  # the swap costs me v and gives them v
            return score
        return side_score(me) - side_score(self.other(me))

    def value(self, st, me, depth):
        """Expected score for `me` of a position where the sticks are thrown next:
        each throw weighted by its chance, then the best move for whoever throws
        (`depth` more throws looked at).  A player who cannot move loses."""
        w = self.winner(st)
        if w is not None:
            return WIN if w == (0 if me == "D" else 1) else -WIN
        if depth == 0:
            return self.evaluate(st[0], me)
        total = 0.0
        for v, chance in THROW_CHANCE.items():
            thrown = (st[0], st[1], v)
            moves = self._moves_for(thrown)
            if not moves:  # stuck: the thrower loses at once
                total += chance * (-WIN if st[1] == me else WIN)
                continue
            values = [self.value(self.play_fast(thrown, m), me, depth - 1) for m in moves]
            total += chance * (max(values) if st[1] == me else min(values))
        return total

    def choose(self, st, clock, history=()):
        """The move with the best expected value over the next throw (ours again after a
        1, 4 or 6; the opponent's after a 2 or 3)."""
        me = st[1]
        scored = [(self.value(self.play_fast(st, m), me, 1), m) for m in self.legal_moves(st)]
        return max(scored, key=lambda sm: sm[0])[1]


# ---------------------------------------------------------------------------------------
# Capture Chinese checkers (docs/rules/checkers.md)
# ---------------------------------------------------------------------------------------

ROW_SIZES = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
# Holes are numbered 0..120 in reading order (row by row from the top, left to right),
# which is also the order the rules use to pick a move's smallest chain.
# Each hole gets (row, x) in "doubled" coordinates: neighbours in a row differ by 2 in x,
# neighbours in the next row by 1 in x and 1 in row.
HOLE_RC = []
for _r, _n in enumerate(ROW_SIZES):
    for _p in range(_n):
        HOLE_RC.append((_r, 2 * _p - (_n - 1)))
HOLE_AT = {rc: i for i, rc in enumerate(HOLE_RC)}
HOLE_NAME = ["%s%d" % ("abcdefghijklmnopq"[r], p + 1)
             for r, n in enumerate(ROW_SIZES) for p in range(n)]
HOLE_BY_NAME = {name: i for i, name in enumerate(HOLE_NAME)}
DIRECTIONS = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def ray(hole, d):
    """The holes from `hole` (excluded) along direction d, while they stay on the board."""
    r, x = HOLE_RC[hole]
    out = []
    while True:
        r, x = r + d[0], x + d[1]
        if (r, x) not in HOLE_AT:
            return out
        out.append(HOLE_AT[(r, x)])


RAYS = [[ray(h, d) for d in DIRECTIONS] for h in range(len(HOLE_RC))]


class Checkers:
    """State: (occupied bitmask over holes, mover 1..n, n, scores tuple, long flag)."""

    name = "checkers"
    options = {"players": "2", "long": "false", "ply-limit": "100"}

    def start(self, opts):
        n = int(opts.get("players", "2"))
        if not 2 <= n <= 6:
            raise ValueError("players must be 2 to 6")
        occ = 0
        for h, (r, x) in enumerate(HOLE_RC):
            # the central hexagon (rows e to m, |x| + |row - 8| <= 8) except its centre i5
            if abs(r - 8) <= 4 and abs(x) + abs(r - 8) <= 8 and HOLE_NAME[h] != "i5":
                occ |= 1 << h
        longj = opts.get("long", "false").lower() == "true"
        return (occ, 1, n, (0,) * n, longj)

    def parse(self, fen):
        f = fen.split()
        if len(f) not in (3, 4) or (len(f) == 4 and f[3] != "long"):
            raise ValueError("checkers position is <rows> <to>/<players> <scores> [long]")
        rows = f[0].split("/")
        if len(rows) != 17 or [len(r) for r in rows] != ROW_SIZES:
            raise ValueError("rows do not match the star")
        occ, h = 0, 0
        for row in rows:
            for ch in row:
                if ch == "o":
                    occ |= 1 << h
                elif ch != ".":
                    raise ValueError("bad hole char '%s'" % ch)
                h += 1
        mover, _, n = f[1].partition("/")
        mover, n = int(mover), int(n)
        scores = tuple(int(s) for s in f[2].split(","))
        if not 2 <= n <= 6 or not 1 <= mover <= n or len(scores) != n:
            raise ValueError("bad mover, players or scores")
        if bin(occ).count("1") + sum(scores) != 60:
            raise ValueError("marbles on the board and captured do not add up to 60")
        return (occ, mover, n, scores, len(f) == 4)

    def fen(self, st):
        occ, mover, n, scores, longj = st
        rows, h = [], 0
        for size in ROW_SIZES:
            rows.append("".join("o" if occ >> (h + i) & 1 else "." for i in range(size)))
            h += size
        return "%s %d/%d %s%s" % ("/".join(rows), mover, n, ",".join(map(str, scores)),
                                  " long" if longj else "")

    # -- rules ---------------------------------------------------------------------------
    def _jumps(self, occ, hole, longj):
        """(landing hole, captured hole) for every single jump of a marble on `hole`.
        `occ` must not contain the jumping marble itself."""
        out = []
        for line in RAYS[hole]:
            # k empty holes, a marble, k empty holes, then the empty landing hole (k=0: short)
            k = 0
            while k < len(line) and not occ >> line[k] & 1:
                k += 1
            if k >= len(line) or (k > 0 and not longj):
                continue
            mid, land = line[k], 2 * k + 1
            if land < len(line) and all(not occ >> line[j] & 1 for j in range(k + 1, land + 1)):
                out.append((line[land], mid))
        return out

    def chains(self, st):
        """Every distinct move as {key: (number captured, chain of holes)}, each with its
        smallest chain.  The key is the change of the board the move makes."""
        occ0, _, _, _, longj = st
        found = {}

        def walk(start, cur, occ, captured, path):
            for land, mid in self._jumps(occ, cur, longj):
                occ2, cap2, path2 = occ & ~(1 << mid), captured | (1 << mid), path + (land,)
                emptied = (cap2 | (1 << start)) & ~(1 << land)
                added = land if not occ0 >> land & 1 else -1
                key = (emptied, added)
                count = bin(cap2).count("1")
                if key not in found or path2 < found[key][1]:
                    found[key] = (count, path2)
                walk(start, land, occ2, cap2, path2)

        for h in range(len(HOLE_RC)):
            if occ0 >> h & 1:
                walk(h, h, occ0 & ~(1 << h), 0, (h,))
        return found

    def longest_chain(self, occ, longj, clock=None):
        """The most marbles one move can capture (no de-duplication needed)."""
        best = 0

        def walk(cur, occ, depth):
            nonlocal best
            if clock:
                clock.tick()
            best = max(best, depth)
            for land, mid in self._jumps(occ, cur, longj):
                walk(land, occ & ~(1 << mid), depth + 1)

        for h in range(len(HOLE_RC)):
            if occ >> h & 1:
                walk(h, occ & ~(1 << h), 0)
        return best

    def has_jump(self, st):
        occ, longj = st[0], st[4]
        return any(occ >> h & 1 and self._jumps(occ & ~(1 << h), h, longj)
                   for h in range(len(HOLE_RC)))

    def turn(self, st):
        return st[1] - 1 if self.has_jump(st) else None

    def result(self, st):
        if self.has_jump(st):
            return None
        top = max(st[3])
        winners = [s == top for s in st[3]]
        return [1.0 / sum(winners) if w else 0.0 for w in winners]

    def legal_moves(self, st):
        moves = sorted(path for _, path in self.chains(st).values())
        return ["-".join(HOLE_NAME[h] for h in path) for path in moves]

    def play(self, st, move):
        """Apply a chain written as holes joined by '-'; any legal chain is accepted."""
        occ, mover, n, scores, longj = st
        try:
            path = [HOLE_BY_NAME[name] for name in move.lower().split("-")]
        except KeyError:
            raise ValueError("'%s': unknown hole" % move)
        if len(path) < 2 or not occ >> path[0] & 1:
            raise ValueError("'%s' does not start on a marble and jump" % move)
        occ &= ~(1 << path[0])
        for a, b in zip(path, path[1:]):
            step = [mid for land, mid in self._jumps(occ, a, longj) if land == b]
            if not step:
                raise ValueError("'%s': %s-%s is not a jump here"
                                 % (move, HOLE_NAME[a], HOLE_NAME[b]))
            occ &= ~(1 << step[0])
        occ |= 1 << path[-1]
        scores = list(scores)
        scores[mover - 1] += len(path) - 1
        return (occ, mover % n + 1, n, tuple(scores), longj)

    play_fast = play

    def repetition_key(self, st):
        return None  # no position can come back

    # -- choosing a move -----------------------------------------------------------------
    def choose(self, st, clock, history=()):
        """Most captures now, minus the longest chain the next player is then left."""
        occ, mover, n, scores, longj = st
        candidates = sorted(self.chains(st).values(), key=lambda cp: (-cp[0], cp[1]))
        best_path, best_score = candidates[0][1], None
        try:
            for count, path in candidates:
                after = self.play(st, "-".join(HOLE_NAME[h] for h in path))
                score = count - self.longest_chain(after[0], longj, clock)
                if best_score is None or score > best_score:
                    best_path, best_score = path, score
                if clock.soft_done():
                    break
        except OutOfTime:
            pass
        return "-".join(HOLE_NAME[h] for h in best_path)


GAMES = {"onitama": Onitama, "senet": Senet, "checkers": Checkers}


def guess_game(fen):
    """Which game a position line is written for, by its shape."""
    f = fen.split()
    if len(f) == 5 and f[0].count("/") == 4:
        return "onitama"
    if len(f) == 3 and len(f[0]) == 30 and "/" not in f[0]:
        return "senet"
    if len(f) in (3, 4) and f[0].count("/") == 16:
        return "checkers"
    return None


# ---------------------------------------------------------------------------------------
# Time keeping
# ---------------------------------------------------------------------------------------

class Clock:
    """Soft and hard limits for one search, as docs/protocol.md describes Tabula's own."""

    def __init__(self, soft_s, hard_s, max_depth=None):
        self.t0 = time.monotonic()
        self.soft, self.hard = soft_s, hard_s
        self.max_depth = max_depth  # from `go depth N`, for the games that search
        self.nodes = 0
        self.depth = 1              # how deep the search went, for the `info` line

    def elapsed(self):
        return time.monotonic() - self.t0

    def soft_done(self):
        return self.elapsed() >= self.soft

    def tick(self):
        self.nodes += 1
        if self.nodes % 256 == 0 and self.elapsed() >= self.hard:
            raise OutOfTime()


def budget(limits, seat):
    """(soft, hard) seconds from the `go` limits for the seat to move."""
    if "movetime" in limits:
        t = limits["movetime"] / 1000.0
        return t * 0.8, t * 0.9
    remaining = limits.get("p%dtime" % (seat + 1))
    if remaining is None:
        return 0.5, 1.0  # a bare `go` (or depth/nodes): our own modest limit
    inc = limits.get("p%dinc" % (seat + 1), 0)
    aim = remaining / 25.0 + inc * 3 / 4.0
    cap = max(1.0, remaining / 4.0 - 30)
    # keep a reserve for Python's own overhead (a few ms a move)
    soft, hard = min(aim, cap), min(3 * aim, cap)
    return max(0.001, soft / 1000.0 * 0.7), max(0.002, hard / 1000.0 * 0.7)


# ---------------------------------------------------------------------------------------
# The protocol loop (docs/protocol.md)
# ---------------------------------------------------------------------------------------

class Engine:
    def __init__(self, game_name):
        self.game = GAMES[game_name]() if game_name else None
        self.opts = dict(self.game.options) if self.game else {}
        self.states = None        # every position of the game so far, or None
        self.position_error = None
        self.pending = None       # the answer of a `go infinite`, given at `stop`
        self.states = self._start_states()

    def send(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def _start_states(self):
        if not self.game:
            return None
        try:
            return [self.game.start(self.opts)]
        except (ValueError, KeyError, IndexError):
            return None

    # -- commands ------------------------------------------------------------------------
    def cmd_ugi(self, args):
        self.send("id name outside_bot (%s)" % (self.game.name if self.game else "any game"))
        self.send("id author an outside bot author")
        if self.game:
            for key, default in self.game.options.items():
                if key == "long":
                    self.send("option name long type check default false")
                else:
                    self.send("option name %s type string default %s" % (key, default))
        self.send("ugiok")

    def cmd_setoption(self, args):
        # setoption name <name> [value <value>]
        if not args or args[0] != "name":
            self.send("info string setoption: expected 'name'")
            return
        words = args[1:]
        if "value" in words:
            i = words.index("value")
            key, value = " ".join(words[:i]).lower(), " ".join(words[i + 1:])
        else:
            key, value = " ".join(words).lower(), "true"
        if key in ("hash", "threads"):
            return  # nothing to size in this bot
        if self.game and key not in self.game.options:
            self.send("info string unknown option '%s'" % key)
            return
        if value == "<empty>" and key in self.game.options:
            value = self.game.options[key]  # UCI's way back to the default
        # check the value now: a start position must come out of it
        trial = dict(self.opts, **{key: value})
        trial["seed"] = "<empty>"
        try:
            if not trial.get("ply-limit", "0").isdigit():
                raise ValueError("ply-limit must be a whole number")
            if trial.get("long", "false").lower() not in ("true", "false"):
                raise ValueError("long must be true or false")
            if key == "seed" and value not in ("", "<empty>") and not value.isdigit():
                raise ValueError("seed must be a whole number")
            self.game.start(trial)
        except (ValueError, KeyError, IndexError) as e:
            self.send("info string setoption %s: bad value '%s' (%s); unchanged" % (key, value, e))
            return
        self.opts[key] = value

    def cmd_uginewgame(self, args):
        self.pending = None
        self.states = self._start_states()

    def cmd_position(self, args):
        self.states, self.position_error = None, None
        try:
            if "moves" in args:
                i = args.index("moves")
                head, moves = args[:i], args[i + 1:]
            else:
                head, moves = args, []
            if head[:1] == ["startpos"]:
                if not self.game:
                    raise ValueError("startpos: the game is unknown (give it on the command line)")
                states = [self.game.start(self.opts)]
            elif head[:1] == ["fen"]:
                fen = " ".join(head[1:])
                if not self.game:
                    name = guess_game(fen)
                    if not name:
                        raise ValueError("cannot tell the game from '%s'" % fen)
                    self.game = GAMES[name]()
                    self.opts = dict(self.game.options)
                states = [self.game.parse(fen)]
            else:
                raise ValueError("expected startpos or fen")
            for k, move in enumerate(moves):
                try:
                    states.append(self.game.play(states[-1], move))
                except (ValueError, KeyError, IndexError) as e:
                    raise ValueError("move '%s' at index %d cannot be played: %s" % (move, k, e))
            self.states = states
        except (ValueError, KeyError, IndexError) as e:
            self.position_error = str(e)
            self.send("info string position rejected: %s; no position is set" % e)

    def _plies(self):
        """Player moves played since the position line's start (chance outcomes excluded)."""
        if self.game.name == "senet":
            return sum(1 for a, b in zip(self.states, self.states[1:]) if a[2] is not None)
        return len(self.states) - 1

    def _draw_by_count(self):
        """Ply limit or third repetition (as far as this bot can see them)."""
        try:
            limit = int(self.opts.get("ply-limit", "0"))
        except ValueError:
            limit = 0
        if limit and self._plies() >= limit:
            return True
        key = self.game.repetition_key(self.states[-1])
        return key is not None and sum(1 for s in self.states if s == self.states[-1]) >= 3

    def _turn(self):
        """'p<k>', 'chance' or 'none'."""
        if not self.states:
            return "none"
        t = self.game.turn(self.states[-1])
        if t is None or self._draw_by_count():
            return "none"
        return "chance" if t == "chance" else "p%d" % (t + 1)

    def cmd_query(self, args):
        what = args[0] if args else ""
        turn = self._turn()
        if what == "gameover":
            self.send("response %s" % ("true" if turn == "none" and self.states else "false"))
        elif what == "p1turn":
            self.send("response %s" % ("true" if turn == "p1" else "false"))
        elif what == "turn":
            self.send("response %s" % turn)
        elif what == "result":
            if turn != "none" or not self.states:
                self.send("response none")
                return
            res = self.game.result(self.states[-1])
            if res is None:  # ended by ply limit or repetition
                self.send("response draw")
            elif len(res) == 2:
                self.send("response %s" % ("p1win" if res[0] == 1 else "p2win" if res[1] == 1 else "draw"))
            elif 1.0 in res:
                self.send("response p%dwin" % (res.index(1.0) + 1))
            else:
                self.send("response payoffs " + " ".join("%g" % x for x in res))
        else:
            self.send("info string unknown query '%s'" % what)

    def cmd_go(self, args):
        self.flush_pending()
        limits, infinite = {}, False
        i = 0
        while i < len(args):
            word = args[i]
            if word == "infinite":
                infinite = True
            elif i + 1 < len(args) and args[i + 1].isdigit():
                limits[word] = int(args[i + 1])
                i += 1
            else:
                self.send("info string go: skipped '%s'" % word)
            i += 1
        move = self.think(limits)
        if infinite:
            self.pending = move  # UCI: answer only after `stop`
        else:
            self.send("bestmove %s" % move)

    def think(self, limits):
        if not self.states:
            self.send("info string no position is set%s"
                      % (" (the last position command was rejected)" if self.position_error else ""))
            return "0000"
        turn = self._turn()
        if turn == "chance":
            self.send("info string chance moves next: send the outcome as a move, then go")
            return "0000"
        if turn == "none":
            self.send("info string the game is over: there is no move to search")
            return "0000"
        st = self.states[-1]
        seat = int(turn[1:]) - 1
        soft, hard = budget(limits, seat)
        clock = Clock(soft, hard, limits.get("depth") or None)
        try:
            move = self.game.choose(st, clock, self.states)
        except Exception as e:  # a bug in the heuristic must not cost the game
            self.send("info string search failed (%s); playing the first legal move" % e)
            move = self.game.legal_moves(st)[0]
        self.send("info depth %d nodes %d time %d pv %s"
                  % (clock.depth, clock.nodes, int(clock.elapsed() * 1000), move))
        return move

    def flush_pending(self):
        if self.pending is not None:
            self.send("bestmove %s" % self.pending)
            self.pending = None

    def run(self):
        while True:
            line = sys.stdin.readline()
            if not line:
                self.flush_pending()  # end of input: an infinite search is stopped
                return
            words = line.split()
            if not words:
                continue
            cmd, args = words[0], words[1:]
            if cmd == "quit":
                self.flush_pending()
                return
            elif cmd == "isready":
                self.send("readyok")
            elif cmd == "stop":
                self.flush_pending()
            elif cmd in ("ugi", "setoption", "uginewgame", "position", "go", "query"):
                if cmd in ("setoption", "uginewgame"):
                    self.flush_pending()
                try:
                    getattr(self, "cmd_" + cmd)(args)
                except Exception as e:  # never die on input; say what went wrong
                    self.send("info string %s failed: %s" % (cmd, e))
                    if cmd == "go":
                        self.send("bestmove 0000")
            else:
                self.send("info string unknown command '%s'" % cmd)


def main():
    name = sys.argv[1].lower() if len(sys.argv) > 1 else None
    if name is not None and name not in GAMES:
        sys.stderr.write("usage: outside_bot.py [onitama|senet|checkers]\n")
        sys.exit(2)
    Engine(name).run()


if __name__ == "__main__":
    main()
