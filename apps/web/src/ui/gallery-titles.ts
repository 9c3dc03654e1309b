/**
 * distinctTitles: the gallery's option texts, one per example and no two alike. A title equal to another's,
 * or the start of another's (the nonlinear "Series RLC circuit with a time-varying capacitor" and the
 * time-varying "… (value in t)"), gets its group and file name appended.
 */
export interface Titled {
  readonly file: string;
  readonly title: string;
  readonly group: string;
}

const GROUP_WORDS: Readonly<Record<string, string>> = { linear: 'linear', nonlinear: 'law', 'time-varying': 'value in t' };

export function distinctTitles(examples: readonly Titled[]): string[] {
  const clash = (a: Titled) => examples.some((b) => b !== a && (b.title === a.title || b.title.startsWith(a.title) || a.title.startsWith(b.title)));
  const texts = examples.map((e) => (clash(e) ? `${e.title} [${GROUP_WORDS[e.group] ?? e.group}: ${e.file.replace(/^.*\//, '')}]` : e.title));
  // still alike (same title, group and file name in two folders): number them
  return texts.map((t, k) => (texts.indexOf(t) !== k ? `${t} (${k + 1})` : t));
}
