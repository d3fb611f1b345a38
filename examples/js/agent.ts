// An agent loop on Amber, in TypeScript: a (fake) language model writes
// Python that calls a search tool, the sandbox runs it in a durable
// session, and the model reads what it printed to write the next step.
//
//   go run ./cmd/amber serve &
//   AMBER_URL=ws://127.0.0.1:8765 node agent.js   (compiled: see README.md)
//
// The tool is a TypeScript function: when the sandbox calls search(...),
// the session pauses, the client calls the function in this process and
// sends the result back. Every step is saved on the server, so the
// agent's variables carry from one step to the next.

import { Pool, PythonError } from '@amber-sandbox/client';

const corpus = [
  'Amber runs agent-written Python in a sandbox whose whole state is data.',
  'A durable session keeps Python state between calls, saved after every step.',
  'Forks of a snapshot share every page they have not changed.',
  'CPython is the reference implementation of Python.',
];

/** The tool: documents that contain every word of the query. */
function search(query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return corpus.filter((doc) => words.every((w) => doc.toLowerCase().includes(w)));
}

/** The next step's code from what the previous steps printed; '' when it has its answer. */
function fakeLLM(transcript: string[]): string {
  switch (transcript.length) {
    case 0:
      return "notes = []\nhits = search('python state')\nprint(len(hits), 'hits')";
    case 1:
      return "for h in hits:\n    notes.append(h)\nhits = search('session')\nprint(len(hits), 'more')";
    case 2:
      return (
        'notes.extend(h for h in hits if h not in notes)\n' +
        "words = question.lower().rstrip('?').split()\n" +
        'best = max(notes, key=lambda n: sum(w in n.lower() for w in words))\n' +
        "print('best:', best)"
      );
  }
  return '';
}

export async function run(url: string, apiKey: string | undefined, question: string): Promise<string> {
  await using pool = await Pool.connect(url, apiKey ? { apiKey } : {});
  await using session = await pool.checkout({ scriptName: 'agent.py' });
  await session.feedRun('question = q', { inputs: { q: question } });
  const transcript: string[] = [];
  for (let code = fakeLLM(transcript); code; code = fakeLLM(transcript)) {
    let printed = '';
    try {
      await session.feedRun(code, {
        externalFunctions: { search },
        printCallback: (_stream, text) => (printed += text),
      });
    } catch (e) {
      // The model would read the traceback and try again.
      if (e instanceof PythonError) printed = e.traceback;
      else throw e;
    }
    console.log('step', transcript.length + 1 + ':', printed.trimEnd());
    transcript.push(printed);
  }
  return String(await session.feedRun('best'));
}

const answer = await run(process.env['AMBER_URL'] ?? 'ws://127.0.0.1:8765', process.env['AMBER_API_KEY'], 'Which sandbox keeps Python state between calls?');
console.log('answer:', answer);
