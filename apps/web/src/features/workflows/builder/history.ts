/*
 * Undo/redo for the builder: snapshots of the whole document (immutable, so a snapshot is a reference).
 * Every change that should be undoable is a `commit`; selection and the frames of a drag are `live` changes
 * that join the entry of the gesture they belong to. `rev` names a document state, so "unsaved changes" is
 * simply `rev !== savedRev`, and undoing back to the saved state is clean again.
 */

export const HISTORY_LIMIT = 200;
/** Edits to the same field within this window are one undo step (typing a name is not one step per key). */
export const COALESCE_MS = 1000;

export interface Entry<T> {
  doc: T;
  rev: number;
}

export interface History<T> {
  doc: T;
  rev: number;
  past: Entry<T>[];
  future: Entry<T>[];
  /** The key and time of the last commit, to merge quick edits of the same field. */
  lastKey: string | null;
  lastAt: number;
  /** The document before the current gesture (a drag) began. */
  gestureStart: Entry<T> | null;
}

let revCounter = 0;
const nextRev = () => ++revCounter;

export function createHistory<T>(doc: T): History<T> {
  return { doc, rev: nextRev(), past: [], future: [], lastKey: null, lastAt: 0, gestureStart: null };
}

/** An undoable change. With a `key`, a change within COALESCE_MS of the previous one with that key merges into it. */
export function commit<T>(h: History<T>, doc: T, key: string | null = null, now = Date.now()): History<T> {
  if (doc === h.doc) return h;
  const merge = key !== null && key === h.lastKey && now - h.lastAt < COALESCE_MS;
  const past = merge ? h.past : [...h.past, { doc: h.doc, rev: h.rev }].slice(-HISTORY_LIMIT);
  return { ...h, doc, rev: nextRev(), past, future: [], lastKey: key, lastAt: now };
}

/** A change that is not an undo step of its own (selection, the frames of a drag). */
export function live<T>(h: History<T>, doc: T): History<T> {
  return doc === h.doc ? h : { ...h, doc };
}

export function beginGesture<T>(h: History<T>): History<T> {
  return { ...h, gestureStart: { doc: h.doc, rev: h.rev } };
}

/** Ends a gesture: if it changed the document, the state before it becomes one undo step. */
export function endGesture<T>(h: History<T>, changed: boolean): History<T> {
  if (!h.gestureStart) return h;
  if (!changed) return { ...h, gestureStart: null };
  return { ...h, rev: nextRev(), past: [...h.past, h.gestureStart].slice(-HISTORY_LIMIT), future: [], gestureStart: null, lastKey: null };
}

export function undo<T>(h: History<T>): History<T> {
  const previous = h.past.at(-1);
  if (!previous) return h;
  return { ...h, doc: previous.doc, rev: previous.rev, past: h.past.slice(0, -1), future: [{ doc: h.doc, rev: h.rev }, ...h.future], lastKey: null };
}

export function redo<T>(h: History<T>): History<T> {
  const next = h.future[0];
  if (!next) return h;
  return { ...h, doc: next.doc, rev: next.rev, past: [...h.past, { doc: h.doc, rev: h.rev }], future: h.future.slice(1), lastKey: null };
}

/** A fresh document (loaded, restored): history starts over. */
export function reset<T>(doc: T): History<T> {
  return createHistory(doc);
}

/** Rewrites every snapshot (after a save gave new steps their final ids); each keeps its rev. */
export function mapAll<T>(h: History<T>, change: (doc: T) => T): History<T> {
  const entry = (e: Entry<T>) => ({ doc: change(e.doc), rev: e.rev });
  return {
    ...h,
    doc: change(h.doc),
    past: h.past.map(entry),
    future: h.future.map(entry),
    gestureStart: h.gestureStart && entry(h.gestureStart),
  };
}
