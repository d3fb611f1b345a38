class P:
    def __init__(s, x, y): s.x, s.y = x, y
    def __hash__(s): return hash((s.x, s.y))
    def __eq__(s, o): return (s.x, s.y) == (o.x, o.y)
class Big:
    def __hash__(s): return 2**62 + 5
print(hash(P(1, 2)) == hash((1, 2)), hash(Big()) == hash(2**62 + 5), hash(Big()) == 2**62 + 5)
print(hash(range(3)) == hash(range(0, 3)), hash(range(0)) == hash(range(5, 5)), hash(""))
