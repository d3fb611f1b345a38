# Agent-style: dict-heavy code: counting, grouping, nested records,
# get/setdefault, comprehensions and items().


def main():
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta"]
    total = 0
    for rnd in range(20):
        counts = {}
        groups = {}
        for i in range(30000):
            w = words[(i * 7 + rnd) % len(words)] + str(i % 100)
            counts[w] = counts.get(w, 0) + 1
            groups.setdefault(w[0], []).append(i)
        records = [{"id": i, "name": words[i % 8], "score": i % 37, "tags": {"a": i % 2}} for i in range(10000)]
        by_name = {}
        for r in records:
            by_name[r["name"]] = by_name.get(r["name"], 0) + r["score"] + r["tags"]["a"]
        inv = {v: k for k, v in counts.items()}
        total += len(counts) + len(groups) + sum(by_name.values()) + len(inv)
        total += sum(len(v) for v in groups.values())
        merged = {**by_name, **{k: 1 for k in words}}
        total += len(merged)
    print("dictwork checksum:", total)


main()
