# Agent-style: a class hierarchy built through super().__init__, read
# through properties, and sorted by __lt__.


class Shape:
    def __init__(self, name, x, y):
        self.name = name
        self.x = x
        self.y = y

    @property
    def area(self):
        return 0

    def __lt__(self, other):
        return self.area < other.area


class Rect(Shape):
    def __init__(self, name, x, y, w, h):
        super().__init__(name, x, y)
        self.w = w
        self.h = h

    @property
    def area(self):
        return self.w * self.h


class Square(Rect):
    def __init__(self, name, x, y, side):
        super().__init__(name, x, y, side, side)


class Circle(Shape):
    def __init__(self, name, x, y, r):
        super().__init__(name, x, y)
        self.r = r

    @property
    def area(self):
        return 3 * self.r * self.r


def build(n):
    out = []
    for i in range(n):
        k = i % 3
        if k == 0:
            out.append(Rect("r", i, i, i % 17 + 1, i % 13 + 1))
        elif k == 1:
            out.append(Square("s", i, i, i % 19 + 1))
        else:
            out.append(Circle("c", i, i, i % 11 + 1))
    return out


def main():
    total = 0
    for rnd in range(6):
        shapes = build(20000)
        shapes.sort()
        total += shapes[0].area + shapes[-1].area + shapes[len(shapes) // 2].area
        total += sum(s.area for s in shapes[:1000])
    print("classes checksum:", total)


main()
