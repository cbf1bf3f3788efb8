#!/usr/bin/env python3
"""A one-ply Onitama bot that speaks UGI, the engine protocol of Tabula's arena.

It knows nothing of Tabula's code: it reads positions and moves in the notation of
docs/rules/onitama.md (the rules file), generates moves itself and answers the commands of
docs/protocol.md. Copy it and make it stronger: replace `choose` with a search.

Run it in a tournament:
    tabula arena onitama --engine "ugi:name=pybot,tc=10+0.1,cmd=python3 examples/ugi-bot/bot.py" \
        --engine greedy --games 20
"""

import random
import sys

# Card offsets (dx, dy) from the holder's view: dy > 0 is forward, dx > 0 to the holder's right.
CARDS = {
    "tiger": [(0, 2), (0, -1)],
    "crab": [(-2, 0), (0, 1), (2, 0)],
    "monkey": [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    "crane": [(0, 1), (-1, -1), (1, -1)],
    "dragon": [(-2, 1), (2, 1), (-1, -1), (1, -1)],
    "elephant": [(-1, 1), (1, 1), (-1, 0), (1, 0)],
    "mantis": [(-1, 1), (1, 1), (0, -1)],
    "boar": [(-1, 0), (0, 1), (1, 0)],
    "frog": [(-2, 0), (-1, 1), (1, -1)],
    "goose": [(-1, 1), (-1, 0), (1, 0), (1, -1)],
    "horse": [(-1, 0), (0, 1), (0, -1)],
    "eel": [(-1, 1), (-1, -1), (1, 0)],
    "rabbit": [(-1, -1), (1, 1), (2, 0)],
    "rooster": [(-1, -1), (-1, 0), (1, 0), (1, 1)],
    "ox": [(0, 1), (1, 0), (0, -1)],
    "cobra": [(-1, 0), (1, 1), (1, -1)],
}
RED_STAMP = {"dragon", "elephant", "mantis", "boar", "frog", "horse", "rooster", "cobra"}
DEFAULT_CARDS = ["horse", "elephant", "ox", "boar", "crab"]  # Red's two, Blue's two, side
TEMPLE = {"r": (2, 4), "b": (2, 0)}  # the square each side's master must reach (file, rank)


class Position:
    """Board as {(file, rank): piece} with files and ranks 0..4, side 'r' or 'b', the hands."""

    def __init__(self, board, side, hands, spare):
        self.board, self.side, self.hands, self.spare = board, side, hands, spare

    @staticmethod
    def parse(fields):
        rows, side, red, blue, spare = fields[:5]
        board = {}
        for i, row in enumerate(rows.split("/")):
            rank, file = 4 - i, 0
            for ch in row:
                if ch.isdigit():
                    file += int(ch)
                else:
                    board[(file, rank)] = ch
                    file += 1
        return Position(board, side, {"r": red.split(","), "b": blue.split(",")}, spare)

    @staticmethod
    def start(cards):
        board = {}
        for f in range(5):
            board[(f, 0)] = "M" if f == 2 else "S"
            board[(f, 4)] = "m" if f == 2 else "s"
        side = "r" if cards[4] in RED_STAMP else "b"
        return Position(board, side, {"r": cards[0:2], "b": cards[2:4]}, cards[4])

    def mine(self, piece):
        return piece.isupper() == (self.side == "r")

    def moves(self):
        """Every legal move as (text, card, from, to); passes when no pawn can move."""
        out = []
        sign = 1 if self.side == "r" else -1
        for card in self.hands[self.side]:
            for (f, r), piece in self.board.items():
                if not self.mine(piece):
                    continue
                for dx, dy in CARDS[card]:
                    to = (f + sign * dx, r + sign * dy)
                    if not (0 <= to[0] < 5 and 0 <= to[1] < 5):
                        continue
                    target = self.board.get(to)
                    if target is not None and self.mine(target):
                        continue
                    text = "%s:%s%s" % (card, square((f, r)), square(to))
                    out.append((text, card, (f, r), to))
        if not out:
            out = [("%s:pass" % c, c, None, None) for c in self.hands[self.side]]
        return out

    def play(self, move):
        _, card, frm, to = move
        board = dict(self.board)
        if frm is not None:
            board[to] = board.pop(frm)
        hand = [c for c in self.hands[self.side] if c != card] + [self.spare]
        hands = dict(self.hands)
        hands[self.side] = hand
        return Position(board, "b" if self.side == "r" else "r", hands, card)

    def winner(self):
        masters = {p for p in self.board.values() if p in "Mm"}
        if "m" not in masters or self.board.get(TEMPLE["r"]) == "M":
            return "r"
        if "M" not in masters or self.board.get(TEMPLE["b"]) == "m":
            return "b"
        return None


def square(sq):
    return "abcde"[sq[0]] + str(sq[1] + 1)


def choose(pos, rng):
    """One ply: a win at once, else the most material after the move, ties broken at random."""
    me = pos.side
    best, best_score = [], None
    for move in pos.moves():
        after = pos.play(move)
        if after.winner() == me:
            return move[0]
        mine = sum(1 for p in after.board.values() if p.isupper() == (me == "r"))
        theirs = len(after.board) - mine
        score = mine - theirs
        if best_score is None or score > best_score:
            best, best_score = [move], score
        elif score == best_score:
            best.append(move)
    return rng.choice(best)[0]


def main():
    rng = random.Random(1)
    cards = list(DEFAULT_CARDS)
    pos = None

    def say(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "ugi":
            say("id name pybot")
            say("id author a Tabula user")
            say("option name cards type string default horse,elephant,ox,boar,crab")
            say("ugiok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "cards":
            cards = words[4].split(",")
        elif cmd == "position":
            rest = words[1:]
            moves = rest[rest.index("moves") + 1:] if "moves" in rest else []
            if rest and rest[0] == "fen":
                pos = Position.parse(rest[1:6])
            else:
                pos = Position.start(cards)
            for text in moves:
                legal = {m[0]: m for m in pos.moves()}
                if text not in legal:
                    say("info string illegal move %s" % text)
                    pos = None
                    break
                pos = pos.play(legal[text])
        elif cmd == "go":
            if pos is None or pos.winner() is not None:
                say("info string nothing to search")
                say("bestmove 0000")
            else:
                say("bestmove %s" % choose(pos, rng))
        elif cmd == "query" and len(words) > 1 and pos is not None:
            over = pos.winner() is not None
            if words[1] == "gameover":
                say("response %s" % ("true" if over else "false"))
            elif words[1] == "p1turn":
                say("response %s" % ("true" if pos.side == "r" and not over else "false"))
            elif words[1] == "turn":
                say("response %s" % ("none" if over else ("p1" if pos.side == "r" else "p2")))
            elif words[1] == "result":
                w = pos.winner()
                say("response %s" % {"r": "p1win", "b": "p2win", None: "none"}[w])
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
