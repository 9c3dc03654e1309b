/**
 * schemaPieces: an invalid document cut into pieces the schema can check one at a time, so that validation can
 * stop after the first errors instead of collecting every violation of a 50 MB file first.
 *
 * The first piece is the document with every long list (elements, twoPorts, two_ports, mutuals, outputs) cut to
 * its first PIECE items and the parameters to their first PIECE names; each later piece is the same head with one
 * list's (or the parameters') next PIECE items in place of its first. The schema has no constraint across items
 * (ids, nodes and references are checked after it, by the reader), so a piece has exactly the violations of its
 * items, plus the head's, which the caller drops as repeats. pointer() maps a pointer in the piece back to the
 * document ("/elements/3" in the piece starting at 512 is "/elements/515").
 */

const PIECE = 256;
const LISTS = ['elements', 'twoPorts', 'two_ports', 'mutuals', 'outputs'] as const;

export interface SchemaPiece {
  readonly document: unknown;
  pointer(inPiece: string): string;
}

const same = (p: string) => p;

function isRecord(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

export function* schemaPieces(input: unknown): Generator<SchemaPiece> {
  if (!isRecord(input)) {
    yield { document: input, pointer: same };
    return;
  }
  const long = LISTS.filter((k) => Array.isArray(input[k]) && (input[k] as unknown[]).length > PIECE);
  const params = isRecord(input.parameters) ? Object.keys(input.parameters) : [];
  const longParams = params.length > PIECE;
  if (long.length === 0 && !longParams) {
    yield { document: input, pointer: same };
    return;
  }
  const head: Record<string, unknown> = { ...input };
  for (const k of long) head[k] = (input[k] as unknown[]).slice(0, PIECE);
  const parameterSlice = (a: number) => Object.fromEntries(params.slice(a, a + PIECE).map((n) => [n, (input.parameters as Record<string, unknown>)[n]]));
  if (longParams) head.parameters = parameterSlice(0);
  yield { document: head, pointer: same };
  for (const k of long) {
    const list = input[k] as unknown[];
    const prefix = `/${k}/`;
    for (let a = PIECE; a < list.length; a += PIECE) {
      const offset = a;
      yield {
        document: { ...head, [k]: list.slice(a, a + PIECE) },
        pointer: (p) => {
          if (!p.startsWith(prefix)) return p;
          const rest = p.slice(prefix.length);
          const slash = rest.indexOf('/');
          const index = Number(slash < 0 ? rest : rest.slice(0, slash));
          return `${prefix}${index + offset}${slash < 0 ? '' : rest.slice(slash)}`;
        },
      };
    }
  }
  if (longParams) for (let a = PIECE; a < params.length; a += PIECE) yield { document: { ...head, parameters: parameterSlice(a) }, pointer: same };
}
