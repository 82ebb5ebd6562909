/*
 * "Unsaved changes" and the leave guard follow one question: would leaving lose anything the person did? The document
 * is compared by its history `rev` with the one last saved (or loaded), so undoing back to it is clean again. A new
 * workflow counts from what it starts as (Start connected to End): opening the builder and leaving it loses nothing.
 */

export interface EditState {
  rev: number;
  savedRev: number;
  name: string;
  savedName: string;
}

export function hasUnsavedChanges({ rev, savedRev, name, savedName }: EditState): boolean {
  return rev !== savedRev || name !== savedName;
}
