# Agent-style: bound-method calls, property getters and setters, default
# arguments and small objects in a simulation loop.


class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self._balance = balance
        self.history = []

    @property
    def balance(self):
        return self._balance

    @balance.setter
    def balance(self, v):
        self._balance = v

    def deposit(self, amount, note=None):
        self.balance = self.balance + amount
        if note is not None:
            self.history.append(note)
        return self.balance

    def withdraw(self, amount):
        if amount > self._balance:
            return False
        self.balance -= amount
        return True


class Bank:
    def __init__(self, n):
        self.accounts = [Account("o%d" % i, i) for i in range(n)]

    def total(self):
        return sum(a.balance for a in self.accounts)

    def step(self, i):
        a = self.accounts[i % len(self.accounts)]
        b = self.accounts[(i * 7) % len(self.accounts)]
        if a.withdraw(i % 50):
            b.deposit(i % 50)
        else:
            a.deposit(1, note=None)


def main():
    bank = Bank(500)
    for i in range(800000):
        bank.step(i)
    print("methods checksum:", bank.total())


main()
