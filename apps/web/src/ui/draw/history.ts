/**
 * The undo stack of the drawing: a list of description texts and a cursor. A drawing command pushes the text
 * it produced (and drops what could be redone); typing in the editor replaces the newest entry while it came
 * from typing, so that one run of typing is one step; loading another model starts a new history.
 * Entries are whole texts (tens of kB at most for a drawn model; capped at MAX_STEPS).
 */

export interface History {
  readonly current: string;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** A drawing command's result. */
  push(text: string): void;
  /** The editor's text after typing. */
  typed(text: string): void;
  undo(): string | undefined;
  redo(): string | undefined;
  reset(text: string): void;
}

export const MAX_STEPS = 200;

export function createHistory(initial: string): History {
  let entries: { text: string; typed: boolean }[] = [{ text: initial, typed: false }];
  let at = 0;
  const add = (text: string, typed: boolean) => {
    entries = entries.slice(0, at + 1);
    entries.push({ text, typed });
    if (entries.length > MAX_STEPS) entries.shift();
    at = entries.length - 1;
  };
  return {
    get current() {
      return entries[at].text;
    },
    get canUndo() {
      return at > 0;
    },
    get canRedo() {
      return at < entries.length - 1;
    },
    push(text) {
      if (text !== entries[at].text) add(text, false);
    },
    typed(text) {
      if (text === entries[at].text) return;
      if (entries[at].typed && at === entries.length - 1 && at > 0) entries[at] = { text, typed: true };
      else add(text, true);
    },
    undo() {
      if (at === 0) return undefined;
      at--;
      return entries[at].text;
    },
    redo() {
      if (at >= entries.length - 1) return undefined;
      at++;
      return entries[at].text;
    },
    reset(text) {
      entries = [{ text, typed: false }];
      at = 0;
    },
  };
}
