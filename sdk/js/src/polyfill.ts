// Symbol.asyncDispose, which `await using` needs, is missing in some
// browsers (Node 20 has it). Imported first by every module that defines a
// disposer, so that the symbol exists before their classes are made.
(Symbol as { asyncDispose?: symbol }).asyncDispose ??= Symbol.for('Symbol.asyncDispose');

export {};
