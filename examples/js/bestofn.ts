// Best-of-N on Amber, in TypeScript: one session sets a problem up, its
// snapshot is forked into N branches that each try their own strategy
// concurrently (Promise.all over one pool), and the best branch is kept;
// the others are closed. The branches share every heap page they do not
// change.
//
//   go run ./cmd/amber serve &
//   AMBER_URL=ws://127.0.0.1:8765 node bestofn.js   (compiled: see README.md)

import { Pool, type Session } from '@amber-sandbox/client';

const setup = `
import random
weights = [12, 7, 11, 8, 9, 6, 14, 5, 10, 13, 4, 3]
values  = [24, 13, 23, 15, 16, 11, 28, 8, 19, 25, 6, 5]
capacity = 40

def score(chosen):
    w = sum(weights[i] for i in chosen)
    return sum(values[i] for i in chosen) if w <= capacity else -1
`;

const strategy = `
random.seed(seed)
best, chosen = -1, []
for _ in range(tries):
    pick = [i for i in range(len(weights)) if random.random() < 0.4]
    s = score(pick)
    if s > best:
        best, chosen = s, pick
best
`;

interface Branch {
  branch: number;
  score: number;
  session: Session;
}

export async function run(url: string, apiKey: string | undefined, n: number): Promise<Branch> {
  const pool = await Pool.connect(url, apiKey ? { apiKey } : {});
  try {
    await using base = await pool.checkout({ scriptName: 'knapsack.py' });
    await base.feedRun(setup);
    const snap = await base.dump();

    // Fork: each branch loads the same snapshot into a session of its own.
    const branches = await Promise.all(
      Array.from({ length: n }, async (_, i): Promise<Branch> => {
        const session = await pool.checkout();
        await session.loadSession(snap);
        const score = await session.feedRun(strategy, { inputs: { seed: i, tries: 60 } });
        if (typeof score !== 'number') throw new Error(`branch ${i}: score ${String(score)}`);
        return { branch: i, score, session };
      }),
    );
    for (const b of branches) console.log(`branch ${b.branch}: ${b.score}`);
    const best = branches.reduce((a, b) => (b.score > a.score ? b : a));
    // Keep the best branch; close the others.
    await Promise.all(branches.filter((b) => b !== best).map((b) => b.session.close()));
    const chosen = await best.session.feedRun('sorted(chosen)');
    console.log(`best: branch ${best.branch} with ${best.score}, items ${JSON.stringify(chosen)}, session ${best.session.id}`);
    return best;
  } finally {
    await pool.close();
  }
}

await run(process.env['AMBER_URL'] ?? 'ws://127.0.0.1:8765', process.env['AMBER_API_KEY'], Number(process.env['BRANCHES'] ?? 8));
