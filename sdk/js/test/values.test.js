// Python values in JavaScript: the encoding alone, and every kind through
// a real amber serve and back, over both transports.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  FrozenSet,
  HostRef,
  Pool,
  PyException,
  PyFloat,
  PyOpaque,
  RawJSON,
  Tuple,
  decodeValue,
  encodeValue,
  encodeRequest,
} from '../dist/index.js';
import { startServer, transports } from './helpers.js';

describe('encoding', () => {
  test('values are written in the wire encoding', () => {
    const cases = [
      [null, 'null'],
      [undefined, 'null'],
      [true, 'true'],
      [42, '42'],
      [-7, '-7'],
      [1.5, '1.5'],
      [1e-7, '1e-7'],
      [1e21, '1e+21'],
      [2 ** 60, '1152921504606847000.0'], // an integral number past 2^53 is a float (JavaScript's shortest digits)
      [new PyFloat(2), '2.0'],
      [-0, '-0.0'],
      [NaN, '{"$float":"nan"}'],
      [-Infinity, '{"$float":"-inf"}'],
      [5n, '5'],
      [2n ** 64n, '{"$int":"18446744073709551616"}'],
      ['hé"', '"hé\\""'],
      [new Uint8Array([0, 255, 104]), '{"$bytes":"AP9o"}'],
      [[1, 'a', null], '[1,"a",null]'],
      [new Tuple(), '{"$tuple":[]}'],
      [new Tuple(1, [2]), '{"$tuple":[1,[2]]}'],
      [new Set([1, 2]), '{"$set":[1,2]}'],
      [new FrozenSet([3]), '{"$frozenset":[3]}'],
      [{ a: 1, b: [true] }, '{"a":1,"b":[true]}'],
      [{ $x: 1 }, '{"$dict":[["$x",1]]}'],
      [new Map([[1, 'x'], [new Tuple(2, 3), null]]), '{"$dict":[[1,"x"],[{"$tuple":[2,3]},null]]}'],
      [new PyException('KeyError', 'k'), '{"$exception":{"type":"KeyError","message":"k"}}'],
      [new PyOpaque('<function f>', 'function'), '{"$repr":"<function f>","$type":"function"}'],
      [new HostRef(3), '{"$host":3}'],
      [new RawJSON(' [12345678901234567890, 1.50] '), '[12345678901234567890, 1.50]'],
    ];
    for (const [v, want] of cases) assert.equal(encodeValue(v), want, `encode ${String(v)}`);
  });

  test('what has no Python form throws TypeError', () => {
    const cyclic = [];
    cyclic.push(cyclic);
    const obj = { a: {} };
    obj.a.self = obj;
    const deep = [];
    let d = deep;
    for (let i = 0; i < 250; i++) d = d[0] = [];
    for (const [v, what] of [
      [cyclic, /cycle/],
      [obj, /cycle/],
      [() => 1, /function/],
      [Symbol('s'), /symbol/],
      [[1, Symbol('t')], /symbol/],
      [{ [Symbol('k')]: 1 }, /symbol keys/],
      [new Date(0), /class Date/],
      [new (class Widget {})(), /class Widget/],
      [new Uint16Array(2), /class Uint16Array/],
      [deep, /deeper than 200/],
    ]) {
      assert.throws(() => encodeValue(v), (e) => e instanceof TypeError && what.test(e.message), String(what));
    }
    assert.throws(() => new RawJSON('{not json'), TypeError);
    // A value shared twice (not a cycle) is fine.
    const shared = [1];
    assert.equal(encodeValue([shared, shared]), '[[1],[1]]');
  });

  test('decoding gives the JavaScript forms', () => {
    const v = decodeValue(
      JSON.parse(
        '[null, 1, 2.5, {"$int": "-123456789012345678901234567890"}, {"$float": "inf"}, {"$bytes": "aGk="},' +
          '{"$tuple": [1]}, {"$set": [1]}, {"$frozenset": [2]}, {"$dict": [[1, "a"]]}, {"a": {"__proto__": 1}},' +
          '{"$exception": {"type": "KeyError", "message": "k"}}, {"$repr": "range(0, 3)", "$type": "range"}, {"$host": 7}]',
      ),
    );
    assert.equal(v[3], -123456789012345678901234567890n);
    assert.equal(v[4], Infinity);
    assert.deepEqual(v[5], new Uint8Array([104, 105]));
    assert.deepEqual(v[6], new Tuple(1));
    assert.deepEqual(v[7], new Set([1]));
    assert.ok(v[8] instanceof FrozenSet && v[8].has(2));
    assert.throws(() => v[8].add(3), TypeError);
    assert.deepEqual(v[9], new Map([[1, 'a']]));
    assert.equal(Object.getPrototypeOf(v[10].a), Object.prototype, 'a "__proto__" key stays a key');
    assert.equal(v[10].a['__proto__'], 1);
    assert.deepEqual(v[11], new PyException('KeyError', 'k'));
    assert.deepEqual(v[12], new PyOpaque('range(0, 3)', 'range'));
    assert.deepEqual(v[13], new HostRef(7));
  });

  test('requests splice RawJSON verbatim', () => {
    assert.equal(
      encodeRequest({ op: 'resume', id: 'r1', return_value: new RawJSON('[12345678901234567890, 1.50, "@@raw-x-0@@"]') }),
      '{"op":"resume","id":"r1","return_value":[12345678901234567890, 1.50, "@@raw-x-0@@"]}',
    );
  });
});

let srv;
before(async () => {
  srv = await startServer();
});
after(async () => {
  await srv?.close();
});

// Python source, the JavaScript value it comes back as, and its repr.
const kinds = [
  ['None', null, 'None'],
  ['True', true, 'True'],
  ['2 ** 40', 2 ** 40, '1099511627776'],
  ['-(2 ** 53 - 1)', -(2 ** 53 - 1), '-9007199254740991'],
  ['2 ** 100', 2n ** 100n, '1267650600228229401496703205376'],
  ['-(2 ** 70)', -(2n ** 70n), '-1180591620717411303424'],
  ['1.5', 1.5, '1.5'],
  ['-0.0', -0, '-0.0'],
  ["float('nan')", NaN, 'nan'],
  ["float('-inf')", -Infinity, '-inf'],
  ["'hé\\n'", 'hé\n', "'hé\\n'"],
  ["b'a\\x00\\xff'", new Uint8Array([97, 0, 255]), "b'a\\x00\\xff'"],
  ["[1, 'a', None]", [1, 'a', null], "[1, 'a', None]"],
  ['()', new Tuple(), '()'],
  ["(1, ('a',))", new Tuple(1, new Tuple('a')), "(1, ('a',))"],
  ['{3}', new Set([3]), '{3}'],
  ['set()', new Set(), 'set()'],
  ['frozenset({4})', new FrozenSet([4]), 'frozenset({4})'],
  ["{'k': 1, 'j': [2]}", { k: 1, j: [2] }, "{'k': 1, 'j': [2]}"],
  ["{1: 'a', (2, 3): None}", new Map([[1, 'a'], [new Tuple(2, 3), null]]), "{1: 'a', (2, 3): None}"],
  ["{'$k': 1}", new Map([['$k', 1]]), "{'$k': 1}"],
  ["ValueError('bad')", new PyException('ValueError', 'bad'), "ValueError('bad')"],
];

for (const tr of transports) {
  describe(`values round-trip over ${tr.name}`, () => {
    let pool;
    let s;
    before(async () => {
      pool = await Pool.connect(tr.url(srv));
      s = await pool.checkout();
    });
    after(async () => {
      await pool?.close();
    });

    for (const [code, want, repr] of kinds) {
      test(code, async () => {
        const c = await s.feedStart(code);
        assert.equal(c.repr, repr);
        assert.deepEqual(c.output, want);
        // Back in as an input it is the same Python value: the same repr, of the same type.
        const same = await s.feedRun(`repr(x), type(x) is type(${code})`, { inputs: { x: c.output } });
        assert.deepEqual(same, new Tuple(repr, true));
        // And as a host function's result.
        assert.equal(await s.feedRun(`repr(f())`, { externalFunctions: { f: () => c.output } }), repr);
      });
    }

    test('a PyFloat goes in as a float; a number with no fraction as an int', async () => {
      assert.deepEqual(await s.feedRun('(type(a).__name__, type(b).__name__, a)', { inputs: { a: new PyFloat(3), b: 3 } }), new Tuple('float', 'int', 3));
    });

    test('a value with no JSON form comes back opaque', async () => {
      const v = await s.feedRun('range(3)');
      assert.ok(v instanceof PyOpaque);
      assert.equal(v.repr, 'range(0, 3)');
      assert.equal(v.type, 'range');
    });

    test('an input with no Python form throws TypeError before anything is sent', async () => {
      const before = pool.requestCount;
      const cyclic = {};
      cyclic.me = cyclic;
      await assert.rejects(s.feedRun('x', { inputs: { x: cyclic } }), (e) => e instanceof TypeError && /input "x".*cycle/.test(e.message));
      await assert.rejects(s.feedRun('x', { inputs: { x: () => 1 } }), TypeError);
      await assert.rejects(s.feedRun('x', { inputs: { x: Symbol('no') } }), TypeError);
      const call = await s.feedStart('f()', { externalFunctions: { f: null } });
      const sent = pool.requestCount;
      await assert.rejects(call.resume(cyclic), TypeError);
      assert.equal(pool.requestCount, sent, 'the resume was sent');
      assert.equal((await call.resume(1)).output, 1, 'the call is still there to answer');
      assert.equal(pool.requestCount - before, 2, 'requests sent: the feedStart and one resume');
      // A host function that returns such a value raises TypeError in the sandbox.
      await assert.rejects(s.feedRun('f()', { externalFunctions: { f: () => () => 1 } }), (e) => e.type === 'TypeError' && /no Python form/.test(e.message));
    });
  });
}
