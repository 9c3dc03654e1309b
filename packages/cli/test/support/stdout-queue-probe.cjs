// Loaded with `node --require` before the command: records the most standard output ever held queued in memory
// (writableLength after each write, in characters) and prints it on standard error at exit.
'use strict';
let most = 0;
const write = process.stdout.write;
process.stdout.write = function probedWrite(...args) {
  const result = write.apply(this, args);
  most = Math.max(most, this.writableLength);
  return result;
};
process.on('exit', () => process.stderr.write(`stdout-queued-most ${most}\n`));
