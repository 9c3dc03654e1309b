/**
 * readableMessage: an error message with every overlong token cut to a readable length. A message quotes the
 * input (a node name, an id, a number) and the input may be a 10 MB word; any run of more than MAX_TOKEN
 * non-space characters keeps its first HEAD and last TAIL characters and says how long it was:
 *   node "nnnnnnnn…(10485760 characters)…nnnn" is connected to nothing else
 */

export const MAX_TOKEN = 80;
const HEAD = 40;
const TAIL = 16;
const LONG_RUN = new RegExp(`\\S{${MAX_TOKEN + 1},}`, 'g');

export function readableMessage(message: string): string {
  if (message.length <= MAX_TOKEN) return message;
  return message.replace(LONG_RUN, (run) => `${run.slice(0, HEAD)}…(${run.length} characters)…${run.slice(-TAIL)}`);
}
