// The other player in tests/js/gamelog.test.mjs, in its own Node process with its own engine: reads
// one {op, args} per line on stdin and writes the protocol call's result as one line on stdout.
import { createInterface } from 'node:readline';
import { acceptEntry, answerRoll, completeRoll, createEngine, joinGame, requestRoll } from 'grapeshot';

const engine = await createEngine();
const calls = { join: joinGame, answer: answerRoll, accept: acceptEntry, request: requestRoll, complete: completeRoll };
for await (const line of createInterface({ input: process.stdin })) {
  const { op, args } = JSON.parse(line);
  process.stdout.write(`${JSON.stringify(calls[op](engine, ...args))}\n`);
}
