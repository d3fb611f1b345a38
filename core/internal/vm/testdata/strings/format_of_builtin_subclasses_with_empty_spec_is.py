class I(int):
    def __repr__(self):
        return f"I({int(self)})"
class F(float):
    def __str__(self):
        return "F!"
class B(int):
    pass
i = I(5)
print(f"{i}", format(i), "{}".format(i), f"{i:03d}", f"{F(1.5)}", f"{F(1.5):.2f}", f"{B(3)}", f"{B(3):>3}")
